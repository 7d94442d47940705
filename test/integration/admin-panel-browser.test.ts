/**
 * The admin panel in Chromium against `node bin/vellum.js start` (issue 20 item 4): first-run
 * registration, logout and login, the content manager's list view (paging, sort, search,
 * filters, columns, bulk publish and delete with their confirmation), the locale switcher, a
 * deep-link reload that keeps the session and the page, an Author who is shown no Publish (and
 * whom the API refuses), and with short-lived access tokens: one refresh on a 401 and a retry,
 * the login page once the refresh is refused; every step's values checked against the
 * admin API, and during the whole run no console error (the session test: only the refused
 * requests' own messages) and no request leaving loopback.
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

  it('has Strapi\'s settings sections, two "Roles" among them, and lists the content types by display name', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const settingsLinks = await page.locator('.settings-nav').getByRole('link').allInnerTexts();
    for (const name of ['API Tokens', 'Users', 'Internationalization', 'Webhooks']) expect(settingsLinks.filter((text) => text === name)).toHaveLength(1);
    expect(settingsLinks.filter((text) => text === 'Roles')).toHaveLength(2);
    await page.getByRole('navigation', { name: 'Users & Permissions plugin' }).getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(/\/admin\/settings\/users-permissions\/roles$/);
    await page.getByRole('link', { name: 'Content Manager', exact: true }).click();
    await page.getByRole('link', { name: 'Article', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Landing page' }).waitFor();
    await browser.screenshot('content manager home');
  });

  it('shows a collection type\'s entries as table rows, a page at a time, with their status', async () => {
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await waitForRows(10);
    await page.getByText('23 entries found').waitFor();
    // textContent: the header's CSS upper-cases what innerText reports
    const headers = await page.locator('table thead th').allTextContents();
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
    const chooser = page.getByRole('dialog', { name: 'Displayed columns' });
    expect(await chooser.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as unknown as { checked: boolean }).checked))).toEqual([false, true, false, true, false, true]);
    // React Aria's checkbox input is visually hidden: its label takes the click
    await chooser.getByText('views', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await page.locator('table thead th').allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim())).toEqual(['', 'title', 'views', 'status', 'updatedAt']);
    expect((await rowTexts())[0]).toEqual(['Article 23', '230', 'Draft', expect.any(String)]);
    await browser.screenshot('views column');
  });

  it('publishes and deletes the selected entries after a confirmation', async () => {
    await page.getByRole('checkbox', { name: 'Select Article 23' }).check();
    await page.getByRole('checkbox', { name: 'Select Article 22' }).check();
    await page.getByText('2 entries selected').waitFor();
    await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to publish 2 entries?');
    await browser.screenshot('confirm publish');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
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
    expect(page.url()).toBe(deep);
    await browser.screenshot('deep link reloaded');
  });

  it('hides from an Author what an Author may not do (publish), which the API refuses too', async () => {
    const roles = await api('/admin/roles');
    const author = roles.data.find((role: any) => role.code === 'strapi-author');
    const invited = await api('/admin/users', { method: 'POST', json: { email: 'grace@example.com', firstname: 'Grace', roles: [author.id] } });
    const registered = await fetch(`${vellum.url}/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registrationToken: invited.data.registrationToken, userInfo: { firstname: 'Grace', lastname: 'Hopper', password: 'Compiler1952' } }),
    });
    expect(registered.status).toBe(200);
    const authorToken = ((await registered.json()) as any).data.token;
    const created = await fetch(`${vellum.url}/content-manager/collection-types/${ARTICLE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'By Grace', views: 1 }),
    });
    expect(created.status).toBe(201);
    const documentId = ((await created.json()) as any).data.documentId;

    const second = await openAdminBrowser('admin-panel-browser-author');
    try {
      await second.page.goto(`${vellum.url}/admin/content-manager/collection-types/${ARTICLE}`);
      await second.page.waitForURL('**/admin/auth/login');
      await second.page.getByLabel('Email').fill('grace@example.com');
      await second.page.getByLabel('Password').fill('Compiler1952');
      await second.page.getByRole('button', { name: 'Login' }).click();
      // back where the deep link pointed, after the login
      await second.page.waitForURL(`**/admin/content-manager/collection-types/${ARTICLE}`);
      await second.page.getByRole('searchbox', { name: 'Search' }).fill('By Grace');
      await second.page.getByRole('checkbox', { name: 'Select By Grace' }).check();
      const bulk = second.page.getByRole('group', { name: 'Bulk actions' });
      await bulk.getByRole('button', { name: 'Delete' }).waitFor();
      expect(await bulk.getByRole('button').allTextContents()).toEqual(['Delete']);
      await second.page.getByRole('link', { name: 'Create new entry' }).waitFor();
      await second.screenshot('author list without publish');
      expect(second.consoleErrors).toEqual([]);
      expect(second.externalRequests).toEqual([]);
    } finally {
      await second.close();
    }
    const refused = await fetch(`${vellum.url}/content-manager/collection-types/${ARTICLE}/actions/bulkPublish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documentIds: [documentId] }),
    });
    expect(refused.status).toBe(403);
  });

  it('had no console error and no request leaving loopback', () => {
    expect(browser.consoleErrors).toEqual([]);
    expect(browser.externalRequests).toEqual([]);
  });
});

describe('admin panel session in Chromium: an expired access token', () => {
  let dir: string;
  let vellum: VellumProcess;
  let browser: AdminBrowser;

  beforeAll(async () => {
    // access tokens live 2 s: the page meets a 401 on its next request
    dir = await writeProject({ ...FILES, 'config/admin.js': 'module.exports = { auth: { sessions: { accessTokenLifespan: 2 } } };\n' });
    vellum = await startVellumProcess(dir, TEST_SECRETS);
    browser = await openAdminBrowser('admin-panel-session');
    const registered = await fetch(`${vellum.url}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(registered.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await vellum?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  const expired = () => new Promise((done) => setTimeout(done, 2_500));
  const calls = (path: string) => browser.requests.filter((url) => new URL(url).pathname === path).length;

  it('refreshes once on a 401 and retries; a refused refresh leads to the login page', async () => {
    const { page } = browser;
    await page.goto(`${vellum.url}/admin/auth/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Content Manager', exact: true }).click();
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.getByText('Page 1 of 3').waitFor();
    // counted from here: on a slow machine the token may already have expired (and been refreshed) on the way
    const refreshes = calls('/admin/access-token');
    const errorsBefore = browser.consoleErrors.length;

    await expired();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 3').waitFor();
    expect(calls('/admin/access-token')).toBe(refreshes + 1);
    await browser.screenshot('page 2 after a refresh');

    // the session is gone on the server's side (the cookie with it): the next 401 ends in the login page
    await browser.context.clearCookies();
    await expired();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL('**/admin/auth/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await browser.screenshot('login after the session ended');
    expect(calls('/admin/access-token')).toBe(refreshes + 2);
    // what Chromium reports of the refused requests, and nothing else
    expect(browser.consoleErrors.slice(errorsBefore).map((error) => /status of (\d+).*\((http[^)]+)\)/.exec(error)?.slice(1).join(' ') ?? error)).toEqual([
      `401 ${vellum.url}/content-manager/collection-types/${ARTICLE}?page=2&pageSize=10`,
      `401 ${vellum.url}/content-manager/collection-types/${ARTICLE}?page=3&pageSize=10`,
      `401 ${vellum.url}/admin/access-token`,
    ]);
    expect(browser.externalRequests).toEqual([]);
  });
});
