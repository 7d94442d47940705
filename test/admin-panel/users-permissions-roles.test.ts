// react-aria's checkbox input is visually hidden under its label's box: `check({ force: true })` clicks
// where the user clicks (the label) and still verifies the state changed
/**
 * Settings → Users & Permissions plugin → Roles in real Chromium against `vellum start`
 * (examples/blog's model): a grant made in the page (Public: Article `find`) opens
 * `GET /api/articles` to anonymous callers at the next request; the role page's matrix comes in
 * one request; a custom role is created, edited (by keyboard too) and deleted, each step read
 * back through the admin API. One server, one browser; no console error, no request off
 * loopback; screenshots under test-artifacts/admin/users-permissions-roles/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

interface RoleSummary { id: number; name: string; description: string; type: string; nb_users: number }
type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

describe('Users & Permissions roles in Chromium', () => {
  let world: EditViewWorld;
  let browser: AdminBrowser;
  const anonymous = (path: string) => fetch(`${world.server.url}${path}`).then((response) => response.status);
  const roles = async () => (await world.admin('GET', '/users-permissions/roles')).body.roles as RoleSummary[];
  const treeOf = async (id: number) => (await world.admin('GET', `/users-permissions/roles/${id}`)).body.role.permissions as Tree;

  beforeAll(async () => {
    world = await startEditViewWorld();
    browser = await signedInBrowser(world, 'users-permissions roles');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  it('a grant made in the page opens GET /api/articles to anonymous callers at the next request', async () => {
    const { page } = browser;
    // Strapi: a Public role without any permission is a 401 for anonymous callers
    expect(await anonymous('/api/articles')).toBe(401);
    await page.goto(`${world.server.url}/admin/settings`);
    await page.getByRole('navigation', { name: 'Users & Permissions plugin' }).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL('**/admin/settings/users-permissions/roles');
    const publicRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Public', exact: true }) });
    await expect(publicRow.getByRole('cell').nth(2).textContent()).resolves.toBe('0 users');
    await browser.screenshot('roles list');

    const before = browser.requests.length;
    await publicRow.getByRole('link', { name: 'Public' }).click();
    const article = page.getByRole('button', { name: 'Article', exact: true });
    await article.click();
    const region = page.getByRole('region', { name: 'Article' });
    // one checkbox per action, named by it; the matrix came in one request
    expect(await region.getByRole('checkbox').count()).toBe(6);
    for (const name of ['Select all', 'find', 'findOne', 'create', 'update', 'delete']) expect(await region.getByRole('checkbox', { name, exact: true }).count(), name).toBe(1);
    const roleRequests = browser.requests.slice(before).filter((url) => /\/users-permissions\/(roles\/\d+|permissions)$/.test(new URL(url).pathname));
    expect(roleRequests).toHaveLength(1);
    // every content type and both plugins have their toggle
    for (const name of ['Author', 'Category', 'Global', 'Page', 'Tag', 'Upload', 'Users-permissions']) await page.getByRole('button', { name, exact: true }).waitFor();

    await region.getByRole('checkbox', { name: 'find', exact: true }).check({ force: true });
    await browser.screenshot('public role article find ticked');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // the next anonymous request sees the grant
    expect(await anonymous('/api/articles')).toBe(200);
    const publicRole = (await roles()).find((role) => role.type === 'public')!;
    const article_ = (await treeOf(publicRole.id))['api::article']!.controllers.article!;
    expect(Object.entries(article_).filter(([, state]) => state.enabled).map(([action]) => action)).toEqual(['find']);
  });

  it('creates a custom role, edits it (by keyboard too) and deletes it', async () => {
    const { page } = browser;
    await page.goto(`${world.server.url}/admin/settings/users-permissions/roles`);
    await page.getByRole('link', { name: 'Add new role' }).click();
    await page.waitForURL('**/users-permissions/roles/new');
    // without a name: refused in the page, nothing sent (background GETs, such as a query's refetch, may happen)
    const writes: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Name is required');
    page.off('request', onRequest);
    expect(writes).toEqual([]);
    await page.getByRole('textbox', { name: 'Name' }).fill('Reviewers');
    await page.getByRole('textbox', { name: 'Description' }).fill('Read categories');
    await page.getByRole('button', { name: 'Category', exact: true }).click();
    const category = page.getByRole('region', { name: 'Category' });
    // "Select all" ticks every action of the controller
    await category.getByRole('checkbox', { name: 'Select all' }).check({ force: true });
    await category.getByRole('checkbox', { name: 'delete', exact: true }).uncheck({ force: true });
    await browser.screenshot('new role');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/users-permissions/roles');
    const reviewers = page.getByRole('link', { name: 'Reviewers' });
    await reviewers.waitFor();
    const created = (await roles()).find((role) => role.name === 'Reviewers')!;
    expect(created).toMatchObject({ description: 'Read categories', type: 'reviewers', nb_users: 0 });
    const granted = (await treeOf(created.id))['api::category']!.controllers.category!;
    expect(Object.entries(granted).filter(([, state]) => state.enabled).map(([action]) => action).sort()).toEqual(['create', 'find', 'findOne', 'update']);

    await reviewers.click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name.inputValue()).resolves.toBe('Reviewers');
    await name.fill('Senior reviewers');
    // the keyboard: the toggle opens on Enter, the checkbox ticks on Space
    await page.getByRole('button', { name: 'Tag', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Tag' }).getByRole('checkbox', { name: 'findOne', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('heading', { name: 'Senior reviewers', level: 1 }).waitFor();
    await browser.screenshot('role edited');
    const edited = (await roles()).find((role) => role.id === created.id)!;
    expect(edited.name).toBe('Senior reviewers');
    const tree = await treeOf(created.id);
    expect(tree['api::tag']!.controllers.tag!.findOne!.enabled).toBe(true);
    expect(tree['api::category']!.controllers.category!.update!.enabled).toBe(true);

    await page.getByRole('link', { name: 'Back to the roles' }).click();
    await page.getByRole('button', { name: 'Delete Senior reviewers' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain('Senior reviewers');
    await browser.screenshot('delete confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Role "Senior reviewers" deleted' }).waitFor();
    await page.getByRole('link', { name: 'Senior reviewers' }).waitFor({ state: 'detached' });
    expect((await roles()).map((role) => role.name)).not.toContain('Senior reviewers');
    // Public and Authenticated have no Delete button
    expect(await page.getByRole('button', { name: /^Delete (Public|Authenticated)$/ }).count()).toBe(0);
    expectCleanRun(browser);
  });
});
