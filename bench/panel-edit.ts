/**
 * `npm run panel:edit` (in bench/; from the root `npm run panel:edit --workspace vellum-bench`): the edit view's two
 * speed claims of issue 20, in real Chromium against `vellum start` (production, the bench
 * project: examples/blog's model):
 *
 * 1. Typing in an edit view holding a dynamic zone of 30 components stays within one frame per
 *    keystroke. Measured with Chromium's Event Timing API (PerformanceObserver 'event'): for each
 *    keystroke, the main-thread time of its events (keydown, keypress, beforeinput, input, keyup:
 *    `processingEnd - processingStart`, which holds react-hook-form's handler, validation and any
 *    React render), and the time from the key press to the next paint (`duration`, 8 ms steps).
 *    The time to the queued task also holds any frame rendered meanwhile: an upper bound.
 *    Target: every keystroke's processing under one 60 Hz frame, 16.7 ms, in the best round.
 * 2. A keystroke in the relation picker over 10,000 targets costs one request: the picker of
 *    `tags` (10,000 tags) typed one character at a time, each after the previous answer, counts
 *    the `/content-manager/relations/…` requests the page makes per keystroke (target: 1) and
 *    reports each answer's time in the browser and its statement count (Server-Timing).
 *
 * Writes `bench/.cache/results/panel-edit.json`. Environment: PANEL_KEYSTROKES (default 40 a round),
 * PANEL_ROUNDS (default 3; the best round counts),
 * PANEL_TAGS (default 10000), BENCH_KEEP=1 keeps the project directory. Needs the built panel
 * (`npm run build` in the root) and Chromium (`/usr/bin/chromium` or CHROMIUM_PATH).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CACHE_DIR, productionSecrets, writeBenchProject } from './project.js';
import { buildServer, vellumPackage } from './server-build.js';
import { startServer } from './server-process.js';

const FRAME_MS = 1000 / 60;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEYSTROKES = Number(process.env.PANEL_KEYSTROKES ?? 40);
const ROUNDS = Number(process.env.PANEL_ROUNDS ?? 3);
const TAGS = Number(process.env.PANEL_TAGS ?? 10_000);
const ZONE_ITEMS = 30;
const ADMIN = { email: 'bench@example.com', password: 'Bench-1234', firstname: 'Bench', lastname: 'Admin' };
const log = (message: string): void => console.log(message);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of the admin API, read by key
type Json = Record<string, any>;

async function call(url: string, method: string, token: string | null, body?: unknown): Promise<Json> {
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench: ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? {} : (JSON.parse(text) as Json);
}

/** `count` tags through the admin API, `concurrency` requests at a time */
async function seedTags(url: string, token: string, count: number, concurrency = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      await call(`${url}/content-manager/collection-types/api::tag.tag`, 'POST', token, { name: `Tag ${String(n).padStart(5, '0')}` });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

function zoneItems(): Json[] {
  return Array.from({ length: ZONE_ITEMS }, (_, i) =>
    i % 2 === 0 ? { __component: 'shared.rich-text', body: `Paragraph ${i}` } : { __component: 'shared.quote', text: `Quote ${i}`, attribution: `Someone ${i}` },
  );
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin/auth/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.includes('/auth/'));
}

interface KeystrokeFigures { keystrokes: number; processingMs: number[]; durationMs: number[]; overFrame: number }

/**
 * Runs in the page (a string: the bench has no DOM types). Per keystroke, the time from its
 * keydown to a task queued from it, which runs once the keystroke's events (keydown, keypress,
 * beforeinput, input: react-hook-form's handler, validation, any React render) are handled;
 * and Chromium's Event Timing entries of 16 ms and more (its reporting threshold), whose
 * `duration` runs to the next paint.
 */
const INSTALL_TIMING = `(() => {
  const keys = (window.__keys = []);
  const events = (window.__events = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) events.push({ name: e.name, duration: e.duration, processing: e.processingEnd - e.processingStart });
  }).observe({ type: 'event', buffered: false, durationThreshold: 16 });
  document.addEventListener('keydown', () => {
    const mark = { start: performance.now(), handled: null };
    keys.push(mark);
    setTimeout(() => { mark.handled = performance.now(); }, 0);
  }, { capture: true });
})()`;

/** types `count` characters into the focused `field`, one every 50 ms (a fast typist) */
async function typingLatency(page: Page, field: Locator, count: number): Promise<KeystrokeFigures> {
  await field.click();
  await page.evaluate(INSTALL_TIMING);
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(500);
  const { keys, events } = (await page.evaluate('({ keys: window.__keys, events: window.__events })')) as {
    keys: { start: number; handled: number | null }[];
    events: { name: string; duration: number; processing: number }[];
  };
  const perKey = keys.map((k) => (k.handled ?? Number.POSITIVE_INFINITY) - k.start);
  const keyEvents = events.filter((e) => ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'].includes(e.name));
  const processingMs = [...perKey, ...keyEvents.map((e) => e.processing)];
  const durationMs = keyEvents.filter((e) => e.name === 'keydown').map((e) => e.duration);
  return { keystrokes: keys.length, processingMs, durationMs, overFrame: perKey.filter((ms) => ms > FRAME_MS).length };
}

interface PickerFigures { keystrokes: number; requestsPerKeystroke: number[]; answerMs: number[]; statements: (number | null)[] }

async function pickerRequests(page: Page, query: string): Promise<PickerFigures> {
  const seen: { url: string; ms: number; statements: number | null }[] = [];
  const started = new Map<string, number>();
  page.on('request', (request) => {
    if (request.url().includes('/content-manager/relations/')) started.set(request.url(), performance.now());
  });
  page.on('response', (response) => {
    if (!response.url().includes('/content-manager/relations/')) return;
    const timing = /db;count=(\d+)/.exec(response.headers()['server-timing'] ?? '');
    seen.push({ url: response.url(), ms: performance.now() - (started.get(response.url()) ?? performance.now()), statements: timing ? Number(timing[1]) : null });
  });
  const box = page.getByRole('combobox', { name: 'tags', exact: true });
  await box.click();
  // ArrowDown opens the first page of options
  await box.press('ArrowDown');
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.waitForTimeout(400);
  const perKey: number[] = [];
  for (const character of query) {
    const before = seen.length;
    await box.press(character === ' ' ? 'Space' : character);
    // past the picker's debounce and the answer: a second request for this keystroke would show here
    await page.waitForTimeout(700);
    perKey.push(seen.length - before);
  }
  const typed = seen.slice(-query.length);
  return { keystrokes: query.length, requestsPerKeystroke: perKey, answerMs: typed.map((s) => Math.round(s.ms)), statements: typed.map((s) => s.statements) };
}

const max = (values: number[]): number => values.reduce((a, b) => Math.max(a, b), 0);
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const round1 = (value: number): number => Math.round(value * 10) / 10;

async function main(): Promise<void> {
  if (!existsSync(join(vellumPackage().dir, 'dist', 'admin-panel', 'index.html'))) throw new Error('bench: no built admin panel (dist/admin-panel): run `npm run build` in the repository root');
  const built = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-panel-bench-'));
  writeBenchProject(dir);
  const secrets = productionSecrets();
  const server = await startServer({ entry: built.vellum, args: ['start', dir], projectDir: dir, serverTiming: true, logName: 'vellum', env: secrets });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const { data } = await call(`${server.url}/admin/register-admin`, 'POST', null, ADMIN);
    const token = String(data.token);
    log(`seeding ${TAGS} tags through the admin API…`);
    const seeded = performance.now();
    await seedTags(server.url, token, TAGS);
    log(`  ${Math.round((performance.now() - seeded) / 1000)} s`);
    const article = await call(`${server.url}/content-manager/collection-types/api::article.article`, 'POST', token, { title: 'A long article', blocks: zoneItems() });
    const documentId = String(article.data.documentId);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url);

    await page.goto(`${server.url}/admin/content-manager/collection-types/api::article.article/${documentId}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    // the 16th zone item's text input, mid-form
    const field = page.getByLabel('attribution', { exact: true }).nth(7);
    await field.waitFor();
    // rounds, the best one counting (as the HTTP bench keeps its best run): on a shared machine
    // another process's burst lands on some keystrokes of a round, not on every round
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const typing = await typingLatency(page, field, KEYSTROKES);
      rounds.push({
        keystrokes: typing.keystrokes,
        worstProcessingMs: round1(max(typing.processingMs)),
        p95ProcessingMs: round1(percentile(typing.processingMs, 0.95)),
        keystrokesOverOneFrame: typing.overFrame,
        worstDurationToPaintMs: round1(max(typing.durationMs)),
      });
    }
    const best = rounds.reduce((a, b) => (b.keystrokesOverOneFrame < a.keystrokesOverOneFrame || (b.keystrokesOverOneFrame === a.keystrokesOverOneFrame && b.p95ProcessingMs < a.p95ProcessingMs) ? b : a));
    const typingFigures = { ...best, rounds, pass: best.keystrokesOverOneFrame === 0 };
    log(`typing in a zone of ${ZONE_ITEMS} components: ${JSON.stringify(typingFigures)}`);

    await page.goto(`${server.url}/admin/content-manager/collection-types/api::article.article/create`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    const picker = await pickerRequests(page, 'Tag 0042');
    const pickerFigures = {
      targets: TAGS,
      keystrokes: picker.keystrokes,
      requestsPerKeystroke: picker.requestsPerKeystroke,
      answerMs: picker.answerMs,
      statementsPerRequest: picker.statements,
      pass: picker.requestsPerKeystroke.every((n) => n === 1),
    };
    log(`relation picker over ${TAGS} tags: ${JSON.stringify(pickerFigures)}`);

    const results = { date: new Date().toISOString(), typing: typingFigures, picker: pickerFigures };
    mkdirSync(join(CACHE_DIR, 'results'), { recursive: true });
    writeFileSync(join(CACHE_DIR, 'results', 'panel-edit.json'), `${JSON.stringify(results, null, 2)}\n`);
    if (!typingFigures.pass || !pickerFigures.pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  }
}

await main();
