/**
 * Settings → API Tokens in real Chromium against `vellum start` (examples/blog's model): a token
 * made in the page is shown once (gone after a reload), copied with "Copy", and works against
 * REST; a Read-only token is refused on POST; a Custom token holds the actions ticked in the
 * matrix and its page edits them; "Regenerate" makes the old key fail at the next request;
 * delete. One server, one browser; no console error, no request off loopback; screenshots under
 * test-artifacts/admin/api-tokens/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

describe('API tokens in Chromium', () => {
  let world: EditViewWorld;
  let browser: AdminBrowser;
  const rest = async (method: string, path: string, key: string) => {
    const response = await fetch(`${world.server.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify({ data: { title: 'by token' } }) }),
    });
    return response.status;
  };
  /** picks `option` in the React Aria select labelled `label` */
  const choose = async (label: string, option: string) => {
    await browser.page.getByRole('button', { name: new RegExp(label) }).click();
    await browser.page.getByRole('option', { name: option, exact: true }).click();
  };
  const shownKey = async () => {
    const key = (await browser.page.getByLabel('Access key').textContent()) ?? '';
    expect(key).toMatch(/^[0-9a-f]{256}$/);
    return key;
  };

  beforeAll(async () => {
    world = await startEditViewWorld();
    browser = await signedInBrowser(world, 'api tokens');
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  it('a Read-only token made in the page is shown once, copies, reads and is refused on POST', async () => {
    const { page } = browser;
    await page.goto(`${world.server.url}/admin/settings`);
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await page.getByRole('link', { name: 'Create new API Token' }).click();
    await page.waitForURL('**/settings/api-tokens/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('site reader');
    await page.getByRole('textbox', { name: 'Description' }).fill('the public site');
    await choose('Token duration', 'Unlimited');
    await choose('Token type', 'Read-only');
    await browser.screenshot('create read-only');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/settings\/api-tokens\/\d+$/);
    const key = await shownKey();
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    // the page's clipboard (the test's tsconfig has no DOM types)
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(key);
    await browser.screenshot('key shown once');

    expect(await rest('GET', '/articles', key)).toBe(200);
    expect(await rest('POST', '/articles', key)).toBe(403);
    // shown once: a reload shows the token, not its key
    await page.reload();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await page.getByLabel('Access key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    await page.getByRole('link', { name: 'Back to the tokens' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'site reader' }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['site reader', 'the public site', 'Read-only']);
    expect(cells[4]).not.toBe('Never');
    expect(cells[5]).toBe('Unlimited');
    const listed = (await world.admin('GET', '/admin/api-tokens')).body.data.find((token: { name: string }) => token.name === 'site reader');
    expect(listed).toMatchObject({ type: 'read-only', expiresAt: null, description: 'the public site' });
    await browser.screenshot('tokens list');
  });

  it('a Custom token holds the actions ticked in the matrix; its page edits them, regenerates and deletes it', async () => {
    const { page } = browser;
    await page.goto(`${world.server.url}/admin/settings/api-tokens/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill('articles only');
    await choose('Token duration', '7 days');
    await choose('Token type', 'Custom');
    await page.getByRole('button', { name: 'Article', exact: true }).click();
    await page.getByRole('region', { name: 'Article' }).getByRole('checkbox', { name: 'find', exact: true }).check({ force: true });
    await browser.screenshot('create custom');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/settings\/api-tokens\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const first = await shownKey();
    expect(await rest('GET', '/articles', first)).toBe(200);
    expect(await rest('GET', '/categories', first)).toBe(403);
    const made = (await world.admin('GET', `/admin/api-tokens/${id}`)).body.data;
    expect(made).toMatchObject({ type: 'custom', permissions: ['api::article.article.find'] });
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // the page shows the stored grants and edits them
    await page.getByRole('button', { name: 'Category', exact: true }).click();
    await page.getByRole('button', { name: 'Article', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Article' }).getByRole('checkbox', { name: 'find', exact: true }).isChecked()).resolves.toBe(true);
    await page.getByRole('region', { name: 'Category' }).getByRole('checkbox', { name: 'find', exact: true }).check({ force: true });
    await page.getByRole('textbox', { name: 'Description' }).fill('articles and categories');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await rest('GET', '/categories', first)).toBe(200);
    expect((await world.admin('GET', `/admin/api-tokens/${id}`)).body.data).toMatchObject({ description: 'articles and categories', permissions: ['api::article.article.find', 'api::category.category.find'] });

    // Regenerate: a new key, once; the old one fails at the next request
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
    await page.getByLabel('Access key').filter({ hasNotText: first }).waitFor();
    const second = await shownKey();
    expect(second).not.toBe(first);
    await browser.screenshot('regenerated');
    expect(await rest('GET', '/articles', first)).toBe(401);
    expect(await rest('GET', '/articles', second)).toBe(200);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/settings\/api-tokens$/);
    await page.getByRole('link', { name: 'site reader' }).waitFor();
    expect(await page.getByRole('link', { name: 'articles only' }).count()).toBe(0);
    expect(await rest('GET', '/articles', second)).toBe(401);
    expect((await world.admin('GET', `/admin/api-tokens/${id}`)).status).toBe(404);
    expectCleanRun(browser);
  });
});
