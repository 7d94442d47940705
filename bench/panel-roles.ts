/**
 * `npm run panel:roles` (in bench/; from the root `npm run bench:panel-roles`): the
 * users-permissions role page of a project with 50 content types, in real Chromium against
 * `vellum start` (production, SQLite), checking issue 21's speed claim "the role matrix of 50
 * content types opens in one request":
 *
 * - the bench project's blog model (its 6 types) plus 44 generated collection types (one
 *   string attribute each), 50 `api::` content types in all;
 * - signed in, the Public role's page loaded fresh at its address: the page's
 *   `/users-permissions/roles/:id` and `/users-permissions/permissions` requests are counted
 *   until the 50 content types' toggles show (target: 1), with that answer's size, statement
 *   count (Server-Timing) and time; then all 50 regions opened one after the other (target: no
 *   request more, 250 checkboxes shown);
 * - "Add new role" (`/settings/users-permissions/roles/new`): the same count (target: 1).
 *
 * Writes `bench/.cache/results/panel-roles.json`; exit code 1 when a target is missed. Needs the
 * built panel (`npm run build` in the root; the script rebuilds only the server bundle) and
 * Chromium (`/usr/bin/chromium` or CHROMIUM_PATH). BENCH_KEEP=1 keeps the project.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Response } from 'playwright-core';
import { CACHE_DIR, productionSecrets, writeBenchProject } from './project.js';
import { buildServer, vellumPackage } from './server-build.js';
import { startServer } from './server-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN = { email: 'bench@example.com', password: 'Bench-1234', firstname: 'Bench', lastname: 'Admin' };
const TYPES = 50;
const BLOG_TYPES = 6;
const log = (message: string): void => console.log(message);
const MATRIX_PATH = /^\/users-permissions\/(roles\/\d+|permissions)$/;

/** `bench-type-07` → its schema: a collection type with one string attribute */
function generatedType(name: string): string {
  return JSON.stringify({
    kind: 'collectionType',
    collectionName: name.replace(/-/g, '_'),
    info: { singularName: name, pluralName: `${name}s`, displayName: name },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' } },
  });
}

async function call(url: string, method: string, body?: unknown): Promise<{ data?: { token?: string } }> {
  const response = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench: ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? {} : JSON.parse(text);
}

const statementsOf = (response: Response): Promise<number | null> =>
  response.allHeaders().then((headers) => {
    const count = /db;count=(\d+)/.exec(headers['server-timing'] ?? '')?.[1];
    return count === undefined ? null : Number(count);
  });

interface MatrixLoad {
  readonly requests: number;
  readonly shownMs: number;
  readonly answerBytes: number;
  readonly answerMs: number;
  readonly statements: number | null;
}

/** loads `address` fresh and counts the matrix requests until the 50 content types' toggles show */
async function matrixLoad(page: Page, address: string, answers: Response[]): Promise<MatrixLoad> {
  const before = answers.length;
  const started = Date.now();
  await page.goto(address);
  await page.getByRole('button', { name: `Bench Type ${String(TYPES - BLOG_TYPES).padStart(2, '0')}`, exact: true }).waitFor({ timeout: 60_000 });
  const shownMs = Date.now() - started;
  const mine = answers.slice(before);
  const first = mine[0];
  return {
    requests: mine.length,
    shownMs,
    answerBytes: first ? (await first.body()).length : 0,
    answerMs: first ? Math.round(first.request().timing().responseEnd) : Number.NaN,
    statements: first ? await statementsOf(first) : null,
  };
}

async function main(): Promise<void> {
  const vellum = vellumPackage();
  if (!existsSync(join(vellum.dir, 'dist', 'admin-panel', 'index.html'))) throw new Error('bench: dist/admin-panel is missing: run `npm run build` in the repository root');
  const server = await buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'vellum-bench-roles-'));
  writeBenchProject(dir);
  for (let n = 1; n <= TYPES - BLOG_TYPES; n += 1) {
    const name = `bench-type-${String(n).padStart(2, '0')}`;
    const folder = join(dir, 'src', 'api', name, 'content-types', name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'schema.json'), generatedType(name));
  }
  const vellumServer = await startServer({ entry: server.vellum, args: ['start', dir], projectDir: dir, serverTiming: true, logName: 'panel-roles', env: productionSecrets() });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const url = vellumServer.url;
    const registered = await call(`${url}/admin/register-admin`, 'POST', ADMIN);
    const roles = (await (await fetch(`${url}/users-permissions/roles`, { headers: { authorization: `Bearer ${registered.data?.token}` } })).json()) as { roles: Array<{ id: number; type: string }> };
    const publicRole = roles.roles.find((role) => role.type === 'public');
    if (!publicRole) throw new Error('bench: no Public role');

    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${url}/admin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (MATRIX_PATH.test(new URL(response.url()).pathname)) answers.push(response);
    });

    const role = await matrixLoad(page, `${url}/admin/settings/users-permissions/roles/${publicRole.id}`, answers);
    const contentTypes = await page.getByRole('button', { name: /^(Article|Author|Category|Global|Page|Tag|Bench Type \d\d)$/ }).count();
    log(`role page: ${contentTypes} content types shown ${role.shownMs} ms after navigation, after ${role.requests} matrix request(s) (${(role.answerBytes / 1000).toFixed(1)} KB, ${role.statements ?? '?'} SQL statements, answered in ${role.answerMs} ms)`);

    const beforeOpening = answers.length;
    const opening = Date.now();
    const toggles = page.locator('button[aria-expanded="false"]');
    for (let open = await toggles.count(); open > 0; open = await toggles.count()) await toggles.first().click();
    const checkboxes = await page.getByRole('checkbox').count();
    const openMs = Date.now() - opening;
    const openingRequests = answers.length - beforeOpening;
    log(`every region opened in ${openMs} ms: ${checkboxes} checkboxes, ${openingRequests} matrix request(s) more`);

    const fresh = await matrixLoad(page, `${url}/admin/settings/users-permissions/roles/new`, answers);
    log(`new role page: shown ${fresh.shownMs} ms after navigation, after ${fresh.requests} matrix request(s) (${(fresh.answerBytes / 1000).toFixed(1)} KB, ${fresh.statements ?? '?'} SQL statements)`);

    const results = { contentTypes, role, opening: { openMs, checkboxes, requests: openingRequests }, newRole: fresh };
    mkdirSync(join(CACHE_DIR, 'results'), { recursive: true });
    writeFileSync(join(CACHE_DIR, 'results', 'panel-roles.json'), `${JSON.stringify(results, null, 2)}\n`);
    const missed = TARGETS.filter(([met]) => !met(results)).map(([, says]) => says(results));
    log(missed.length === 0 ? 'targets met' : `targets missed: ${missed.join('; ')}`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await vellumServer.stop();
    if (process.env.BENCH_KEEP === '1') log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

interface Results {
  readonly contentTypes: number;
  readonly role: MatrixLoad;
  readonly opening: { readonly requests: number };
  readonly newRole: MatrixLoad;
}

/** each target: met?, and what a miss says */
const TARGETS: ReadonlyArray<readonly [(r: Results) => boolean, (r: Results) => string]> = [
  [(r) => r.contentTypes === TYPES, (r) => `${r.contentTypes} content types shown, not ${TYPES}`],
  [(r) => r.role.requests === 1, (r) => `the role page took ${r.role.requests} matrix requests`],
  [(r) => r.opening.requests === 0, (r) => `opening the regions took ${r.opening.requests} requests`],
  [(r) => r.newRole.requests === 1, (r) => `the new role page took ${r.newRole.requests} matrix requests`],
];

await main();
