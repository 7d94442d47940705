/**
 * The admin panel in Chromium against `node bin/vellum.js start` (issue 20 item 4): first-run
 * registration, logout and login, the content manager's list view (paging, sort, search,
 * filters, columns, bulk publish and delete with their confirmation), the locale switcher, a
 * deep-link reload that keeps the session and the page; every step's values checked against the
 * admin API, and during the whole run no console error and no request leaving loopback.
 * Screenshots of each step: test-artifacts/admin/<test>/. The panel does not depend on the
 * database (the admin API's tests cover all three): SQLite only.
 */
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminBrowser, type AdminBrowser } from '../helpers/admin-browser.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';
const ADMIN = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', password: 'Analytical1843' };

const schema = (name: string, plural: string, display: string, extra: Record<string, unknown>) =>
  JSON.stringify({ kind: 'collectionType', collectionName: plural, info: { singularName: name, pluralName: plural, displayName: display }, ...extra });

/** 23 articles (Article 01…23, views 10…230; the first five published) and a page in en and one in fr */
const FILES = {
  'src/api/article/content-types/article/schema.json': schema('article', 'articles', 'Article', {
    options: { draftAndPublish: true },
    attributes: { title: { type: 'string', required: true }, views: { type: 'integer' } },
  }),
  'src/api/page/content-types/page/schema.json': schema('page', 'pages', 'Landing page', {
    options: { draftAndPublish: false },
    pluginOptions: { i18n: { localized: true } },
    attributes: { title: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
  }),
  'config/plugins.js': `module.exports = { i18n: { config: { locales: ['en', 'fr'], defaultLocale: 'en' } } };\n`,
  'src/index.js': `module.exports = {
  async bootstrap({ strapi }) {
    const articles = strapi.documents('${ARTICLE}');
    if ((await articles.count({})) > 0) return;
    for (let i = 1; i <= 23; i += 1) {
      const title = 'Article ' + String(i).padStart(2, '0');
      await articles.create({ data: { title, views: i * 10 }, ...(i <= 5 ? { status: 'published' } : {}) });
    }
    const pages = strapi.documents('${PAGE}');
    await pages.create({ data: { title: 'Welcome' } });
    await pages.create({ data: { title: 'Bienvenue' }, locale: 'fr' });
  },
};
`,
};

describe('admin panel in Chromium', () => {
  let dir: string;
  let vellum: VellumProcess;
  let browser: AdminBrowser;
  let page: Page;

  /** the admin API, as the test's own client (its own session) */
  let token = '';
  const api = async (path: string, init: { method?: string; json?: unknown } = {}): Promise<any> => {
    const response = await fetch(`${vellum.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    expect(response.status, `${path}: ${response.status}`).toBeLessThan(300);
    return response.json();
  };
  const list = (query: string) => api(`/content-manager/collection-types/${ARTICLE}?${query}`);
  const rowTexts = () => page.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => (row as { innerText: string }).innerText.split('\t').map((cell) => cell.trim()).filter(Boolean)));
  const firstCells = async () => (await rowTexts()).map((cells) => cells[0]);
  const waitForRows = (count: number) => page.waitForFunction((n) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('table tbody tr').length === n, count);

  beforeAll(async () => {
    dir = await writeProject(FILES);
    vellum = await startVellumProcess(dir, TEST_SECRETS);
    browser = await openAdminBrowser('admin-panel-browser');
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await vellum?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('shows the first-run registration, checks the password rule as the server does, and registers the Super Admin', async () => {
    await page.goto(`${vellum.url}/admin`);
    await page.waitForURL('**/admin/auth/register-admin');
    await browser.screenshot('registration form');
    await page.getByLabel('First name').fill(ADMIN.firstname);
    await page.getByLabel('Last name').fill(ADMIN.lastname);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('analytical1843');
    await page.getByLabel('Confirm Password').fill('analytical1843');
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.getByText('Password must contain at least one uppercase character').waitFor();
    await browser.screenshot('password rule');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm Password').fill('Analytical1844');
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm Password').fill(ADMIN.password);
    await page.getByRole('button', { name: "Let's start" }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Content Manager', 'Media Library', 'Settings']);
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    await browser.screenshot('home after registration');
    expect(((await (await fetch(`${vellum.url}/admin/init`)).json()) as any).data.hasAdmin).toBe(true);
    // the access token is in memory only; the refresh token an httpOnly cookie on the admin path
    const stored = await page.evaluate(() => JSON.stringify({ ...(globalThis as unknown as { localStorage: Record<string, string> }).localStorage }));
    expect(Object.keys(JSON.parse(stored))).toEqual(['vellum-admin-session']);
    expect(stored).not.toMatch(/eyJ/);
    const cookies = await browser.context.cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.path, cookie.sameSite, cookie.secure])).toEqual([['strapi_admin_refresh', true, '/admin', 'Lax', true]]);
  });

  it('logs out and logs in again', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/auth/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await browser.screenshot('login form after logout');
    expect(await browser.context.cookies()).toEqual([]);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await browser.screenshot('home after login');

    const login = await fetch(`${vellum.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
    token = ((await login.json()) as any).data.token;
  });

  it('lists the content types by display name and an honest page for what is not built yet', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('This section of the admin panel is not built yet.').waitFor();
    await page.getByRole('link', { name: 'Content Manager', exact: true }).click();
    await page.getByRole('link', { name: 'Article', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Landing page' }).waitFor();
    await browser.screenshot('content manager home');
  });

  it('shows a collection type\'s entries as table rows, a page at a time, with their status', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await waitForRows(10);
    await page.getByText('23 entries found').waitFor();
    const headers = await page.locator('table thead th').allInnerTexts();
    expect(headers.map((text) => text.replace(/[▲▼]/g, '').trim())).toEqual(['', 'title', 'status', 'updatedAt']);
    const expected = await list('page=1&pageSize=10');
    expect(await firstCells()).toEqual(expected.results.map((entry: any) => entry.title));
    const statuses = (await rowTexts()).map((cells) => cells[1]);
    expect(statuses).toEqual(expected.results.map((entry: any) => ({ draft: 'Draft', published: 'Published', modified: 'Modified' })[entry.status as string]));
    await page.getByText('Page 1 of 3').waitFor();
    await page.getByRole('link', { name: 'Create new entry' }).waitFor();
    await browser.screenshot('list page 1');

    await page.getByRole('link', { name: 'Page 3' }).click();
    await waitForRows(3);
    expect(await firstCells()).toEqual((await list('page=3&pageSize=10')).results.map((entry: any) => entry.title));
    await page.getByRole('link', { name: 'Previous page' }).click();
    await waitForRows(10);
    await page.getByText('Page 2 of 3').waitFor();
    await page.getByLabel('Entries per page').selectOption('20');
    await waitForRows(20);
    await browser.screenshot('list 20 per page');
  });

  it('sorts by a column header, both ways', async () => {
    await page.getByRole('button', { name: 'title' }).click();
    await page.locator('th[aria-sort="ascending"]', { hasText: 'title' }).waitFor();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('table tbody tr td:nth-child(2)')?.innerText === 'Article 01');
    expect((await firstCells()).slice(0, 3)).toEqual(['Article 01', 'Article 02', 'Article 03']);
    await page.getByRole('button', { name: 'title' }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'title' }).waitFor();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('table tbody tr td:nth-child(2)')?.innerText === 'Article 23');
    expect((await firstCells()).slice(0, 3)).toEqual(['Article 23', 'Article 22', 'Article 21']);
    expect(page.url()).toContain('sort=title%3ADESC');
    await browser.screenshot('sorted by title descending');
  });

  it('searches on the server, filters, and chooses columns', async () => {
    await page.getByRole('searchbox', { name: 'Search' }).fill('Article 07');
    await waitForRows(1);
    expect(await firstCells()).toEqual(['Article 07']);
    expect(page.url()).toContain('_q=Article+07');
    await browser.screenshot('search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await waitForRows(20);

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Field').selectOption('views');
    await page.getByLabel('Operator').selectOption('$gt');
    await page.getByLabel('Value').fill('200');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await waitForRows(3);
    expect(await firstCells()).toEqual(['Article 23', 'Article 22', 'Article 21']);
    await page.getByRole('button', { name: 'Remove filter views is greater than 200' }).waitFor();
    await browser.screenshot('filtered');
    await page.getByRole('button', { name: 'Remove filter views is greater than 200' }).click();
    await waitForRows(20);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'views' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await page.locator('table thead th').allInnerTexts()).map((text) => text.replace(/[▲▼]/g, '').trim())).toEqual(['', 'title', 'views', 'status', 'updatedAt']);
    expect((await rowTexts())[0]).toEqual(['Article 23', '230', 'Draft', expect.any(String)]);
    await browser.screenshot('views column');
  });

  it('publishes and deletes the selected entries after a confirmation', async () => {
    await page.getByRole('checkbox', { name: 'Select Article 23' }).check();
    await page.getByRole('checkbox', { name: 'Select Article 22' }).check();
    await page.getByText('2 entries selected').waitFor();
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to publish 2 entries?');
    await browser.screenshot('confirm publish');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published 2 entries' }).waitFor();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('table tbody tr td:nth-child(4)')?.innerText === 'Published');
    const published = await list('filters[title][$in][0]=Article 23&filters[title][$in][1]=Article 22');
    expect(published.results.map((entry: any) => entry.status)).toEqual(['published', 'published']);
    await browser.screenshot('published');

    await page.getByRole('checkbox', { name: 'Select Article 21' }).check();
    await page.getByRole('checkbox', { name: 'Select Article 20' }).check();
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('alertdialog').innerText()).toContain('Are you sure you want to delete 2 entries?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await list('page=1')).pagination.total).toBe(23);
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('21 entries found').waitFor();
    expect(await firstCells()).not.toContain('Article 21');
    const remaining = await list('pageSize=100');
    expect(remaining.pagination.total).toBe(21);
    expect(remaining.results.map((entry: any) => entry.title)).not.toEqual(expect.arrayContaining(['Article 21', 'Article 20']));
    await browser.screenshot('deleted');
  });

  it('switches the locale of a localized type', async () => {
    await page.getByRole('link', { name: 'Content Manager', exact: true }).click();
    await page.getByRole('link', { name: 'Landing page' }).click();
    await waitForRows(1);
    expect(await firstCells()).toEqual(['Welcome']);
    await page.getByLabel('Locale').selectOption('fr');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('table tbody tr td:nth-child(2)')?.innerText === 'Bienvenue');
    expect(page.url()).toContain('locale=fr');
    await browser.screenshot('locale fr');
  });

  it('reloads a deep link into the same page, signed in', async () => {
    const deep = `${vellum.url}/admin/content-manager/collection-types/${ARTICLE}?page=2&pageSize=5&sort=views:ASC`;
    await page.goto(deep);
    await waitForRows(5);
    const before = await firstCells();
    await page.reload();
    await waitForRows(5);
    expect(await firstCells()).toEqual(before);
    expect(before).toEqual((await list('page=2&pageSize=5&sort=views:ASC')).results.map((entry: any) => entry.title));
    expect(page.url()).toBe(deep.replace('views:ASC', 'views%3AASC'));
    await browser.screenshot('deep link reloaded');
  });

  it('had no console error and no request leaving loopback', () => {
    expect(browser.consoleErrors).toEqual([]);
    expect(browser.externalRequests).toEqual([]);
  });
});
