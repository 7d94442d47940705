/**
 * Settings → Administration panel (Users, Roles) and the Users & Permissions plugin's Email
 * templates and Advanced settings in real Chromium against `vellum start` (issue 21 items 2 and
 * 4): an Author invited in the page registers through the link it shows and sees only their own
 * entries; a role made in the matrix with a field restriction hides that field from its admin; a
 * user switched off in the page is refused at their next request; sign-ups switched off refuse
 * `POST /api/auth/local/register` at the next request; an email template saved and read back.
 * One server, one browser; no console error, no request off loopback; screenshots kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { ADMIN, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

const ARTICLES = 'content-manager/collection-types/api::article.article';
const CM = 'plugin::content-manager.explorer';

/** a React Aria checkbox or switch (its input is visually hidden): a click on its label, then checked */
async function setChecked(box: Locator, on: boolean): Promise<void> {
  if ((await box.isChecked()) !== on) await box.locator('xpath=ancestor::label[1]').click();
  expect(await box.isChecked()).toBe(on);
}

/** from the home page: the login page sends the next admin back where the last one logged out, which may be a page they may not see */
async function logout(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Vellum' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/auth/login');
}

async function login(page: Page, as: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.includes('/auth/'));
}

describe('Settings: admin users and roles, users-permissions email templates and advanced settings, in Chromium', () => {
  let world: EditViewWorld;
  let browser: AdminBrowser;
  let page: Page;
  let url: string;
  let adminsArticle: string;

  beforeAll(async () => {
    world = await startEditViewWorld();
    url = world.server.url;
    browser = await signedInBrowser(world, 'admin-users-roles');
    page = browser.page;
    const made = await world.admin('POST', `/${ARTICLES}`, { title: 'Written by the Super Admin', summary: 'secret summary' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    adminsArticle = made.body.data.documentId;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  it('an Author invited in the page registers through the link shown and sees only their own entries', async () => {
    await page.goto(`${url}/admin/settings/users`);
    await page.getByRole('button', { name: 'Invite new user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite new user' });
    await dialog.getByLabel('First name').fill('Aude');
    await dialog.getByLabel('Last name').fill('Author');
    await dialog.getByLabel('Email').fill('aude@example.com');
    await setChecked(dialog.getByRole('checkbox', { name: 'Author' }), true);
    await browser.screenshot('invite form');
    await dialog.getByRole('button', { name: 'Invite user' }).click();
    const link = await dialog.getByLabel('Registration link').inputValue();
    expect(link).toMatch(new RegExp(`^${url}/admin/auth/register\\?registrationToken=[0-9a-f]{40}$`));
    await browser.screenshot('registration link');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    const row = page.getByRole('row').filter({ hasText: 'aude@example.com' });
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Author');

    await logout(page);
    await page.goto(link);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('aude@example.com');
    expect(await page.getByLabel('First name').inputValue()).toBe('Aude');
    await page.getByLabel('Password', { exact: true }).fill('Author-pass1');
    await page.getByLabel('Confirm Password').fill('Author-pass1');
    await browser.screenshot('invited registration');
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.waitForURL((next) => !next.pathname.includes('/auth/'));

    // the Author writes an entry of their own (admin API, their own session)
    const signedIn = await fetch(`${url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'aude@example.com', password: 'Author-pass1' }) });
    const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
    const own = await fetch(`${url}/${ARTICLES}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Written by Aude' }) });
    expect(own.status).toBe(201);
    await page.goto(`${url}/admin/${ARTICLES}`);
    await page.getByRole('cell', { name: 'Written by Aude' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Written by the Super Admin' }).count()).toBe(0);
    await browser.screenshot('author sees only their entry');
    await logout(page);
    await login(page, ADMIN);
    await page.goto(`${url}/admin/settings/users`);
    await page.getByRole('row').filter({ hasText: 'aude@example.com' }).getByText('Active', { exact: true }).waitFor();
  });

  let reviewerToken = '';

  it('a role made in the matrix with a field restriction: its admin cannot see that field', async () => {
    await page.goto(`${url}/admin/settings/roles`);
    for (const name of ['Super Admin', 'Editor', 'Author']) await page.getByRole('cell', { name, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add new role' }).click();
    await page.getByLabel('Name').fill('Reviewer');
    await page.getByLabel('Description').fill('Reads and fixes titles');
    const article = page.getByRole('region', { name: 'Article', exact: true });
    for (const action of ['Read', 'Update']) await setChecked(article.getByRole('checkbox', { name: action, exact: true }), true);
    await browser.screenshot('role matrix');
    await article.getByRole('button', { name: 'Article', exact: true }).click();
    for (const action of ['Read', 'Update']) await setChecked(article.getByRole('checkbox', { name: `${action} summary`, exact: true }), false);
    expect(await article.getByRole('checkbox', { name: 'Read title', exact: true }).isChecked()).toBe(true);
    await browser.screenshot('role matrix with a field restriction');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/settings\/roles\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const roleId = new URL(page.url()).pathname.split('/').at(-1);

    const rows = (await world.admin('GET', `/admin/roles/${roleId}/permissions`)).body.data as { action: string; properties: { fields?: string[] } }[];
    expect(rows.map((row) => row.action).sort()).toEqual([`${CM}.read`, `${CM}.update`]);
    for (const row of rows) {
      expect(row.properties.fields).toContain('title');
      expect(row.properties.fields).not.toContain('summary');
    }

    // Duplicate starts a new role from this one's permissions; Delete removes the copy
    await page.getByRole('link', { name: 'Back to roles' }).click();
    await page.getByRole('link', { name: 'Duplicate Reviewer' }).click();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Reviewer (copy)');
    const copied = page.getByRole('region', { name: 'Article', exact: true });
    expect(await copied.getByRole('checkbox', { name: 'Read', exact: true }).isChecked()).toBe(true);
    expect(await copied.getByRole('checkbox', { name: 'Create', exact: true }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const copyId = new URL(page.url()).pathname.split('/').at(-1);
    expect(copyId).not.toBe(roleId);
    expect((await world.admin('GET', `/admin/roles/${copyId}/permissions`)).body.data).toEqual((await world.admin('GET', `/admin/roles/${roleId}/permissions`)).body.data);
    await page.getByRole('link', { name: 'Back to roles' }).click();
    await page.getByRole('button', { name: 'Delete Reviewer (copy)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Reviewer (copy)', exact: true }).waitFor({ state: 'detached' });
    expect((await world.admin('GET', `/admin/roles/${copyId}`)).status).toBe(404);

    const invited = await world.admin('POST', '/admin/users', { email: 'rita@example.com', firstname: 'Rita', lastname: 'Reviewer', roles: [Number(roleId)] });
    const registered = await fetch(`${url}/admin/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ registrationToken: invited.body.data.registrationToken, userInfo: { firstname: 'Rita', lastname: 'Reviewer', password: 'Review-pass1' } }) });
    reviewerToken = ((await registered.json()) as { data: { token: string } }).data.token;
    await logout(page);
    await login(page, { email: 'rita@example.com', password: 'Review-pass1' });
    await page.goto(`${url}/admin/${ARTICLES}/${adminsArticle}`);
    await page.getByLabel('title', { exact: true }).waitFor();
    expect(await page.getByLabel('summary', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain('secret summary');
    await browser.screenshot('reviewer edit view without summary');
    await logout(page);
    await login(page, ADMIN);
  });

  it('a user switched off in the page is refused at their next request', async () => {
    const me = () => fetch(`${url}/admin/users/me`, { headers: { authorization: `Bearer ${reviewerToken}` } });
    expect((await me()).status).toBe(200);
    await page.goto(`${url}/admin/settings/users`);
    await page.getByRole('link', { name: 'Edit Rita Reviewer' }).click();
    const active = page.getByRole('switch', { name: 'Active' });
    await active.waitFor();
    expect(await active.isChecked()).toBe(true);
    await setChecked(active, false);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await browser.screenshot('user switched off');
    expect((await me()).status).toBe(401);
    await page.getByRole('link', { name: 'Back to users' }).click();
    await page.getByRole('row').filter({ hasText: 'rita@example.com' }).getByText('Inactive', { exact: true }).waitFor();
  });

  it('advanced settings: sign-ups switched off refuse the next registration', async () => {
    const register = (name: string) => fetch(`${url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'Secret-123' }) });
    expect((await register('first')).status).toBe(200);
    await page.goto(`${url}/admin/settings/users-permissions/advanced-settings`);
    const signUps = page.getByRole('switch', { name: 'Enable sign-ups' });
    await signUps.waitFor();
    expect(await signUps.isChecked()).toBe(true);
    expect(await page.getByLabel('Default role for authenticated users').inputValue()).toBe('authenticated');
    // the keyboard works too: Space on the focused switch
    await signUps.focus();
    await page.keyboard.press('Space');
    expect(await signUps.isChecked()).toBe(false);
    await page.getByLabel('Reset password page').fill('http://localhost:3000/reset');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await browser.screenshot('advanced settings saved');
    const refused = await register('second');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Register action is currently disabled');
    await page.reload();
    await expect.poll(() => page.getByLabel('Reset password page').inputValue()).toBe('http://localhost:3000/reset');
    expect(await page.getByRole('switch', { name: 'Enable sign-ups' }).isChecked()).toBe(false);
  });

  it('an email template saved in the page is read back', async () => {
    await page.goto(`${url}/admin/settings/users-permissions/email-templates`);
    await page.getByRole('button', { name: 'Edit Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByLabel('Shipper name').fill('Vellum Team');
    await dialog.getByLabel('Shipper email').fill('noreply@example.com');
    await dialog.getByLabel('Response email').fill('help@example.com');
    await dialog.getByLabel('Subject').fill('Your new password');
    await dialog.getByLabel('Message').fill('<p>Reset it here: <%= URL %>?code=<%= TOKEN %></p>');
    await browser.screenshot('email template dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Your new password' }).waitFor();
    await browser.screenshot('email templates');
    const templates = await world.admin('GET', '/users-permissions/email-templates');
    expect(templates.body.reset_password.options).toEqual({
      from: { name: 'Vellum Team', email: 'noreply@example.com' }, response_email: 'help@example.com',
      object: 'Your new password', message: '<p>Reset it here: <%= URL %>?code=<%= TOKEN %></p>',
    });
    expect(templates.body.email_confirmation.options.object).toBe('Account confirmation');
  });

  it('stayed clean: no console error, no request off loopback', () => {
    expect(browser.consoleErrors).toEqual([]);
    expect(browser.externalRequests).toEqual([]);
  });
});
