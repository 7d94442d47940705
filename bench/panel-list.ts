/**
 * `npm run panel` (in bench/; from the root `npm run bench:panel`): the admin panel's first
 * screen and list view, in real Chromium against `vellum start` (production, the bench project
 * with its 5,000 articles, SQLite), checking two speed claims of issue 20:
 *
 * 1. The JavaScript loaded before the first screen (the login page) is under 300 KB gzip:
 *    measured twice, from the built panel (index.html's entry script and its modulepreloads, the
 *    sizes of their build-time `.gz` copies; the lazy chunks listed apart) and from Chromium's
 *    network log (every script response of the first load: bytes on the wire, as the server sent
 *    them, and the gzip size of the same file).
 * 2. The list view of the 5,000 articles shows its first page after one API request: a fresh
 *    load of the list's address (signed in) counts the page's `GET /content-manager/
 *    collection-types/api::article.article` requests until the table shows its rows (target:
 *    1, not started after the other reads but beside them), with that answer's statement count
 *    (Server-Timing) and time; then "Next page" (one more request).
 * 3. The Media Library's grid of 2,000 files opens with one or two `GET /upload/files` and holds
 *    only the visible cards; scrolled to its end, it asks for each page once (panel-media.ts).
 *
 * Writes `bench/.cache/results/panel-list.json`; exit code 1 when a target is missed.
 * Needs the built panel (`npm run build` in the root; the script rebuilds only the server
 * bundle) and Chromium (`/usr/bin/chromium` or CHROMIUM_PATH). BENCH_KEEP=1 keeps the project.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium, type Page, type Response } from 'playwright-core';
import { prepareDatabase } from './databases.js';
import { CACHE_DIR, productionSecrets } from './project.js';
import { buildServer, vellumPackage } from './server-build.js';
import { startServer } from './server-process.js';
import { measureMediaGrid } from './panel-media.js';

const BUDGET_BYTES = 300 * 1000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARTICLE = 'api::article.article';
const LIST_PATH = `/content-manager/collection-types/${ARTICLE}`;
const ADMIN = { email: 'bench@example.com', password: 'Bench-1234', firstname: 'Bench', lastname: 'Admin' };
const log = (message: string): void => console.log(message);
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

interface BuiltScripts {
  /** the entry and its modulepreloads: what the first screen loads */
  readonly initial: ReadonlyArray<{ readonly file: string; readonly gzipBytes: number }>;
  readonly initialGzipBytes: number;
  /** every other chunk: loaded on demand */
  readonly lazyGzipBytes: number;
  readonly lazyChunks: number;
}

function gzipSize(assets: string, file: string): number {
  const gz = join(assets, `${file}.gz`);
  if (!existsSync(gz)) throw new Error(`bench: ${gz} is missing: rebuild the admin panel (npm run build:admin in the root)`);
  return statSync(gz).size;
}

/** The built panel: the scripts index.html loads, and the rest. */
function builtScripts(panel: string): BuiltScripts {
  const html = readFileSync(join(panel, 'index.html'), 'utf8');
  const assets = join(panel, 'assets');
  const referenced = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
  const initial = referenced.map((file) => ({ file, gzipBytes: gzipSize(assets, file) }));
  const lazy = readdirSync(assets).filter((file) => file.endsWith('.js') && !referenced.includes(file));
  return {
    initial,
    initialGzipBytes: initial.reduce((sum, script) => sum + script.gzipBytes, 0),
    lazyGzipBytes: lazy.reduce((sum, file) => sum + gzipSize(assets, file), 0),
    lazyChunks: lazy.length,
  };
}

async function call(url: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench: ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? {} : JSON.parse(text);
}

/** the page's `document`, as far as this script reads it (the bench has no DOM types) */
type PageGlobals = { document: { querySelectorAll(selector: string): { length: number } } };

// a function, not a string: the panel's CSP (script-src 'self') refuses evaluated strings
const rowsShown = (page: Page, count: number) =>
  page.waitForFunction((n) => (globalThis as unknown as PageGlobals).document.querySelectorAll('table tbody tr').length === n, count, { timeout: 60_000 });

const statementsOf = (response: Response): Promise<number | null> =>
  response.allHeaders().then((headers) => {
    const count = /db;count=(\d+)/.exec(headers['server-timing'] ?? '')?.[1];
    return count === undefined ? null : Number(count);
  });

async function main(): Promise<void> {
  const vellum = vellumPackage();
  const panel = join(vellum.dir, 'dist', 'admin-panel');
  if (!existsSync(join(panel, 'index.html'))) throw new Error('bench: dist/admin-panel is missing: run `npm run build` in the repository root');
  const built = builtScripts(panel);
  log(`built panel: first screen ${built.initial.map((s) => `${s.file} ${kb(s.gzipBytes)}`).join(', ')} = ${kb(built.initialGzipBytes)} gzip; ${built.lazyChunks} lazy chunks, ${kb(built.lazyGzipBytes)} gzip`);

  const server = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-panel-'));
  const prepared = await prepareDatabase('sqlite', dir, 'full', log);
  const vellumServer = await startServer({ entry: server.vellum, args: ['start', dir], projectDir: dir, serverTiming: true, logName: 'panel-list', env: { ...productionSecrets(), ...prepared.env } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const url = vellumServer.url;
    const registered = (await call(`${url}/admin/register-admin`, 'POST', ADMIN)) as { data: { token: string } };
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });

    // 1. the first screen: the login page, loaded cold
    const scripts: Array<{ file: string; wireBytes: number; gzipBytes: number }> = [];
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.request().sizes().then(({ responseBodySize }) => {
          const file = basename(new URL(response.url()).pathname);
          scripts.push({ file, wireBytes: responseBodySize, gzipBytes: gzipSize(join(panel, 'assets'), file) });
        }),
      );
    });
    await page.goto(`${url}/admin`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await Promise.all(pending);
    const firstScreenGzip = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const firstScreenWire = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
    log(`first screen in Chromium: ${scripts.length} scripts, ${kb(firstScreenWire)} on the wire (brotli), ${kb(firstScreenGzip)} gzip (budget ${kb(BUDGET_BYTES)})`);

    // 2. the list view of 5,000 articles, its address loaded fresh while signed in
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const apiRequests: string[] = [];
    const listAnswers: Response[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (request.resourceType() === 'fetch') apiRequests.push(`${request.method()} ${pathname}${search}`);
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === LIST_PATH) listAnswers.push(response);
    });
    await page.goto(`${url}/admin/content-manager/collection-types/${ARTICLE}`);
    await rowsShown(page, 10);
    const firstRowsMs = await page.evaluate(() => performance.now());
    const total = (await page.getByText(/entries found$/).innerText()).trim();
    const firstPageRequests = listAnswers.length;
    const firstAnswer = listAnswers[0];
    const statements = firstAnswer ? await statementsOf(firstAnswer) : null;
    const answerMs = firstAnswer ? firstAnswer.request().timing().responseEnd : Number.NaN;
    log(`list view: ${total}; first page shown ${firstRowsMs.toFixed(0)} ms after navigation, after ${firstPageRequests} list request(s) (${statements ?? '?'} SQL statements, answered in ${answerMs.toFixed(0)} ms)`);
    log(`  the load's API requests: ${apiRequests.join(', ')}`);

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText(/^Page 2 of/).waitFor();
    await rowsShown(page, 10);
    const nextPageRequests = listAnswers.length - firstPageRequests;
    log(`next page: ${nextPageRequests} list request(s)`);

    // 3. the Media Library's grid of 2,000 files (panel-media.ts)
    const mediaGrid = await measureMediaGrid(page, url, registered.data.token);

    const results = {
      budgetBytes: BUDGET_BYTES,
      built,
      firstScreen: { scripts, wireBytes: firstScreenWire, gzipBytes: firstScreenGzip },
      listView: { articles: prepared.counts.articles, total, firstRowsMs: Math.round(firstRowsMs), listRequests: firstPageRequests, statements, apiRequests, nextPageRequests },
      mediaGrid,
    };
    mkdirSync(join(CACHE_DIR, 'results'), { recursive: true });
    writeFileSync(join(CACHE_DIR, 'results', 'panel-list.json'), `${JSON.stringify(results, null, 2)}\n`);
    const missed = [
      built.initialGzipBytes >= BUDGET_BYTES ? `built first-screen JavaScript ${kb(built.initialGzipBytes)} gzip ≥ ${kb(BUDGET_BYTES)}` : '',
      firstScreenGzip >= BUDGET_BYTES ? `first-screen JavaScript in Chromium ${kb(firstScreenGzip)} gzip ≥ ${kb(BUDGET_BYTES)}` : '',
      firstPageRequests !== 1 ? `the list's first page took ${firstPageRequests} list requests` : '',
      nextPageRequests !== 1 ? `the next page took ${nextPageRequests} list requests` : '',
      ...mediaGrid.missed,
    ].filter(Boolean);
    log(missed.length === 0 ? 'targets met' : `targets missed: ${missed.join('; ')}`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await vellumServer.stop();
    await prepared.drop();
    if (process.env.BENCH_KEEP === '1') log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
