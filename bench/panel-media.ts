/**
 * The Media Library's grid of 2,000 files (issue 21 item 9), in real Chromium against a running
 * `vellum start`: part of `npm run bench:panel` (panel-list.ts calls measureMediaGrid), or alone
 * with `node --import tsx panel-media.ts` in bench/ (the small bench dataset: the articles do
 * not matter here).
 *
 * `MEDIA_FILES` (2,000) files are uploaded through the admin API (`POST /upload`, 50 per
 * request), then the page `/admin/plugins/upload` is loaded fresh, signed in. Targets: the page
 * shows its first cards after at most two `GET /upload/files` requests (one page of 50 is the
 * design), with no more than a few rows of cards in the DOM (virtualised: under 100 cards);
 * then the grid is scrolled to its end: the pages come one by one as it scrolls, and the DOM
 * still holds only the visible rows.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { prepareDatabase } from './databases.js';
import { CACHE_DIR, productionSecrets } from './project.js';
import { buildServer, vellumPackage } from './server-build.js';
import { startServer } from './server-process.js';

const FILES = Number(process.env.MEDIA_FILES ?? 2000);
const PER_REQUEST = 50; // the server takes at most 50 files per request
const MAX_OPEN_REQUESTS = 2;
const MAX_CARDS_IN_DOM = 100;
const log = (message: string): void => console.log(message);

/** a 1×1 PNG (the grid shows it as its own thumbnail: too small for formats) */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** the page's `document`, as far as this script reads it (the bench has no DOM types) */
type PageGlobals = { document: { querySelectorAll(selector: string): { length: number }; querySelector(selector: string): { scrollTop: number; scrollHeight: number; clientHeight: number } | null } };

export interface MediaGridResult {
  readonly files: number;
  readonly uploadMs: number;
  /** `GET /upload/files` requests until the first cards showed */
  readonly openRequests: number;
  readonly firstCardsMs: number;
  readonly cardsInDomOnOpen: number;
  readonly imagesLazy: boolean;
  /** requests made while scrolling to the end, and the cards in the DOM there */
  readonly scrollRequests: number;
  readonly cardsInDomAtEnd: number;
  /** the scroller's end reached with every page loaded */
  readonly reachedEnd: boolean;
  readonly missed: readonly string[];
}

async function uploadFiles(url: string, token: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += PER_REQUEST) {
    const form = new FormData();
    for (let i = start; i < Math.min(count, start + PER_REQUEST); i += 1) form.append('files', new Blob([PIXEL], { type: 'image/png' }), `asset-${String(i).padStart(5, '0')}.png`);
    const response = await fetch(`${url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (response.status !== 201) throw new Error(`bench: POST /upload answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}

const cardCount = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-asset-card]').length);

/** `page` is signed in to the panel at `url`; `token` an admin access token for the uploads */
export async function measureMediaGrid(page: Page, url: string, token: string): Promise<MediaGridResult> {
  const uploadStarted = performance.now();
  await uploadFiles(url, token, FILES);
  const uploadMs = Math.round(performance.now() - uploadStarted);
  log(`media grid: ${FILES} files uploaded in ${uploadMs} ms`);

  const listRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === '/upload/files') listRequests.push(`${pathname}${search}`);
  });
  const started = performance.now();
  await page.goto(`${url}/admin/plugins/upload`);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-asset-card]').length > 0, undefined, { timeout: 60_000 });
  const firstCardsMs = Math.round(performance.now() - started);
  // the library may hold the dataset's own files beside the uploaded ones
  const countText = await page.getByText(/^\d+ assets$/).innerText();
  const total = Number(countText.split(' ')[0]);
  // a moment for anything eager to show itself (a page asked for too early would be counted)
  await page.waitForTimeout(500);
  const openRequests = listRequests.length;
  const cardsInDomOnOpen = await cardCount(page);
  const lazy = (await page.locator('[data-asset-card] img').count()) > 0 && (await page.locator('[data-asset-card] img:not([loading="lazy"])').count()) === 0;
  log(`media grid open (${total} files in the library's root): first cards after ${firstCardsMs} ms, ${openRequests} GET /upload/files (${listRequests.join(', ')}), ${cardsInDomOnOpen} cards in the DOM, thumbnails lazy: ${lazy}`);

  // scrolled to the end, a screen at a time, each next page as the grid asks for it; the end: every
  // page asked for, the scroller at its bottom, no "Loading more assets…" row left (or 10 s without
  // a new request: the grid stopped asking)
  const beforeScroll = listRequests.length;
  const pages = Math.ceil(total / 50);
  const loader = page.locator('.ml-loading');
  let reachedEnd = false;
  let lastRequests = listRequests.length;
  let quietSince = performance.now();
  while (!reachedEnd && performance.now() - quietSince < 10_000) {
    const atBottom = await page.evaluate(() => {
      const scroller = (globalThis as unknown as PageGlobals).document.querySelector('.ml-scroller');
      if (!scroller) return true;
      scroller.scrollTop += scroller.clientHeight;
      return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
    });
    await page.waitForTimeout(30);
    if (listRequests.length !== lastRequests) [lastRequests, quietSince] = [listRequests.length, performance.now()];
    reachedEnd = atBottom && listRequests.length >= pages && (await loader.count()) === 0;
  }
  const scrollRequests = listRequests.length - beforeScroll;
  const cardsInDomAtEnd = await cardCount(page);
  const allPages = openRequests + scrollRequests === pages;
  log(`media grid scrolled to the end: ${scrollRequests} more GET /upload/files (${pages} pages in all, each asked once: ${allPages}), ${cardsInDomAtEnd} cards in the DOM`);
  const missed = [
    openRequests > MAX_OPEN_REQUESTS ? `the media grid opened with ${openRequests} file list requests (> ${MAX_OPEN_REQUESTS})` : '',
    cardsInDomOnOpen > MAX_CARDS_IN_DOM || cardsInDomAtEnd > MAX_CARDS_IN_DOM ? `the media grid held ${Math.max(cardsInDomOnOpen, cardsInDomAtEnd)} cards in the DOM (> ${MAX_CARDS_IN_DOM})` : '',
    lazy ? '' : 'a media grid thumbnail is not loading="lazy"',
    reachedEnd && allPages ? '' : 'the media grid did not reach its last page',
  ].filter(Boolean);
  return { files: FILES, uploadMs, openRequests, firstCardsMs, cardsInDomOnOpen, imagesLazy: lazy, scrollRequests, cardsInDomAtEnd, reachedEnd: reachedEnd && allPages, missed };
}

/** alone: a server of the small dataset, an admin, a signed-in page */
async function main(): Promise<void> {
  const vellum = vellumPackage();
  if (!existsSync(join(vellum.dir, 'dist', 'admin-panel', 'index.html'))) throw new Error('bench: dist/admin-panel is missing: run `npm run build` in the repository root');
  const server = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-media-'));
  const prepared = await prepareDatabase('sqlite', dir, 'small', log);
  const vellumServer = await startServer({ entry: server.vellum, args: ['start', dir], projectDir: dir, logName: 'panel-media', env: { ...productionSecrets(), ...prepared.env } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const admin = { email: 'bench@example.com', password: 'Bench-1234', firstname: 'Bench', lastname: 'Admin' };
    const registered = await fetch(`${vellumServer.url}/admin/register-admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const token = ((await registered.json()) as { data: { token: string } }).data.token;
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${vellumServer.url}/admin`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const result = await measureMediaGrid(page, vellumServer.url, token);
    mkdirSync(join(CACHE_DIR, 'results'), { recursive: true });
    writeFileSync(join(CACHE_DIR, 'results', 'panel-media.json'), `${JSON.stringify(result, null, 2)}\n`);
    log(result.missed.length === 0 ? 'targets met' : `targets missed: ${result.missed.join('; ')}`);
    process.exitCode = result.missed.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await vellumServer.stop();
    await prepared.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
