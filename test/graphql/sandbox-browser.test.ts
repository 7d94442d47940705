/**
 * The sandbox in a real browser (Debian's Chromium driven by playwright-core): the page loads
 * with no failed request, no request leaving the server and no console error; a query typed in
 * the editor autocompletes and runs; the docs pane and the explorer list the blog types; the
 * headers editor's headers reach the server; the footer shows the response timing. Runs on
 * SQLite only: the page does not depend on the database. A screenshot is kept in test-results/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';
import { ensureSandboxBuilt, seedBlog } from './graphql-helpers.js';

/** The page's `document`, as far as the callbacks evaluated in the browser use it (the project has no DOM types). */
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureSandboxBuilt();

describe('GraphQL sandbox in Chromium', () => {
  const app = useTestApp({ dialect: 'sqlite' });
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const graphqlRequests: Array<{ headers: Record<string, string>; body: string }> = [];

  beforeAll(async () => {
    await seedBlog(app.url, app.authHeaders);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const origin = new URL(app.url).origin;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:')) problems.push(`external request: ${url}`);
      if (url === `${origin}/graphql` && request.method() === 'POST') graphqlRequests.push({ headers: request.headers(), body: request.postData() ?? '' });
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    const introspected = page.waitForResponse((r) => r.url() === `${origin}/graphql` && (r.request().postData() ?? '').includes('IntrospectionQuery'));
    await page.goto(`${app.url}/graphql`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.graphiql-container');
    expect((await introspected).status()).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const editorValue = (selector: string): Promise<string> =>
    page.evaluate((sel) => (document.querySelector(sel) as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue(), selector);

  it('loads with no failed request, no third-party request and no console error', () => {
    expect(problems).toEqual([]);
  });

  it('autocompletes field names in the query editor', async () => {
    await page.evaluate(() => {
      const editor = (document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as { CodeMirror: { setValue(v: string): void; setCursor(l: number, c: number): void; focus(): void } }).CodeMirror;
      editor.setValue('{ artic');
      editor.setCursor(0, 7);
      editor.focus();
    });
    await page.keyboard.press('Control+Space');
    const hints = await page.waitForSelector('.CodeMirror-hints', { timeout: 10_000 });
    expect(await hints.innerText()).toContain('articles');
    await page.keyboard.press('Escape');
  });

  it('runs a query from the editor with the headers editor\'s headers and shows data and timing', async () => {
    await page.evaluate(() => {
      const cm = (sel: string) => (document.querySelector(sel) as unknown as { CodeMirror: { setValue(v: string): void } }).CodeMirror;
      cm('.graphiql-query-editor .CodeMirror').setValue('query Titles { articles(sort: ["title"]) { data { attributes { title } } } }');
    });
    await page.getByRole('button', { name: 'Headers' }).click();
    await page.locator('.graphiql-editor-tool .CodeMirror:visible').evaluate((element) => {
      (element as unknown as { CodeMirror: { setValue(v: string): void } }).CodeMirror.setValue('{ "x-sandbox-test": "yes" }');
    });
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(() => document.querySelector('.graphiql-response')?.textContent?.includes('Delta'), undefined, { timeout: 10_000 });
    const response = JSON.parse(await editorValue('.graphiql-response .CodeMirror')) as { data: { articles: { data: Array<{ attributes: { title: string } }> } } };
    expect(response.data.articles.data.map((a) => a.attributes.title)).toEqual(['Alpha', 'Beta', 'Delta']);
    const sent = graphqlRequests.find((r) => r.body.includes('Titles'));
    expect(sent?.headers['x-sandbox-test']).toBe('yes');
    const timing = await page.innerText('[data-testid="vellum-timing"]');
    expect(timing).toMatch(/HTTP 200/);
    expect(timing).toMatch(/\d+\.\d ms/);
    expect(timing).toMatch(/\d+ SQL statements?/);
  });

  it('lists the blog types in the docs pane', async () => {
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().click();
    const docs = await page.innerText('.graphiql-doc-explorer');
    for (const field of ['articles', 'authors', 'categories', 'tags', 'global', 'uploadFiles']) expect(docs).toContain(field);
    await page.locator('.graphiql-doc-explorer').getByText('ArticleEntityResponseCollection', { exact: true }).first().click();
    expect(await page.innerText('.graphiql-doc-explorer')).toContain('ResponseCollectionMeta');
  });

  it('builds queries by clicking in the explorer', async () => {
    await page.getByRole('button', { name: 'Show GraphiQL Explorer' }).click();
    const explorer = page.locator('.graphiql-explorer-root, .docExplorerWrap').first();
    await explorer.getByText('categories', { exact: true }).first().click();
    await page.waitForFunction(() => {
      const value = (document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue();
      return value.includes('categories');
    }, undefined, { timeout: 10_000 });
    expect(await editorValue('.graphiql-query-editor .CodeMirror')).toContain('categories');
  });

  it('keeps a screenshot', async () => {
    mkdirSync(`${ROOT}test-results`, { recursive: true });
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.screenshot({ path: `${ROOT}test-results/graphql-sandbox.png`, fullPage: true });
    expect(existsSync(`${ROOT}test-results/graphql-sandbox.png`)).toBe(true);
    expect(problems).toEqual([]);
  });
});
