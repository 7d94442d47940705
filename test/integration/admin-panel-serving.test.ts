/**
 * Serving the built admin panel (`vellum start`, the shipped bundle over dist/): index.html at
 * the admin path with `no-cache` and its `<base href>` set to that path; hashed assets with a
 * year's immutable caching, brotli or gzip from their build-time copies by Accept-Encoding; the
 * SPA fallback (a GET under the path asking for HTML gets index.html, anything else the JSON
 * 404); a custom `admin.url`; `admin.serveAdminPanel: false` serves nothing. No database
 * dependence: SQLite only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const ASSETS = fileURLToPath(new URL('../../dist/admin-panel/assets/', import.meta.url));
const NOTE = JSON.stringify({ kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { title: { type: 'string' } } });

async function serve(adminConfig?: string): Promise<{ server: VellumProcess; dir: string }> {
  const files: Record<string, string> = { 'src/api/note/content-types/note/schema.json': NOTE };
  if (adminConfig !== undefined) files['config/admin.js'] = adminConfig;
  const dir = await writeProject(files);
  return { server: await startVellumProcess(dir, TEST_SECRETS), dir };
}

const raw = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });

/** the bytes as sent (fetch would decode a compressed body) */
function rawBody(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

function entryScript(html: string): string {
  const src = /<script type="module" crossorigin src="\.\/assets\/([^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${html}`);
  return src;
}

describe('the admin panel at /admin', () => {
  let server: VellumProcess;
  let dir: string;
  beforeAll(async () => ({ server, dir } = await serve()));
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html with no-cache, the admin path as <base href> and no inline script', async () => {
    for (const path of ['/admin', '/admin/']) {
      const response = await raw(`${server.url}${path}`, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<base href="/admin/">');
      expect(readdirSync(ASSETS)).toContain(entryScript(html));
      // every script is a file: the CSP's script-src 'self' holds
      expect(html.match(/<script\b[^>]*>/g)).toEqual([expect.stringContaining('src="./assets/')]);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
    }
  });

  it('serves the hashed assets immutable, brotli or gzip from their precompressed copies, plain otherwise', async () => {
    const html = await (await raw(`${server.url}/admin`)).text();
    const script = entryScript(html);
    const plain = readFileSync(`${ASSETS}${script}`);
    const url = `${server.url}/admin/assets/${script}`;

    const br = await rawBody(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    // Buffer.equals: a failing toEqual on half a megabyte would spend minutes on its diff
    expect(br.body.equals(readFileSync(`${ASSETS}${script}.br`))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);

    const gzip = await rawBody(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(readFileSync(`${ASSETS}${script}.gz`))).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);

    const identity = await raw(url);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await identity.arrayBuffer()).equals(plain)).toBe(true);

    const css = /href="\.\/assets\/([^"]+\.css)"/.exec(html)?.[1];
    const style = await raw(`${server.url}/admin/assets/${css}`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers a deep link asking for HTML with index.html, and anything else under the path with the JSON 404', async () => {
    const deep = await raw(`${server.url}/admin/content-manager/collection-types/api::note.note?page=2`, { accept: 'text/html,application/xhtml+xml' });
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(await deep.text()).toContain('<base href="/admin/">');

    const api = await raw(`${server.url}/admin/no-such-route`, { accept: 'application/json' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });

    const missing = await raw(`${server.url}/admin/assets/missing-0000.js`, { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');

    const post = await fetch(`${server.url}/admin/content-manager`, { method: 'POST', headers: { accept: 'text/html' } });
    expect(post.status).toBe(404);
  });
});

describe('admin.url and admin.serveAdminPanel', () => {
  const started: Array<{ server: VellumProcess; dir: string }> = [];
  afterAll(async () => {
    for (const { server, dir } of started) {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves the panel at a custom admin.url, with the admin API, and not at /admin', async () => {
    const run = await serve(`module.exports = { url: '/dashboard/' };`);
    started.push(run);
    const index = await raw(`${run.server.url}/dashboard/content-manager`, { accept: 'text/html' });
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(html).toContain('<base href="/dashboard/">');
    const asset = await raw(`${run.server.url}/dashboard/assets/${entryScript(html)}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await raw(`${run.server.url}/admin`, { accept: 'text/html' })).status).toBe(404);
    expect((await raw(`${run.server.url}/admin/assets/${entryScript(html)}`)).status).toBe(404);
    // the API the page calls lives under the same path
    expect(await (await raw(`${run.server.url}/dashboard/init`)).json()).toEqual({ data: { hasAdmin: false } });
  });

  it('serves nothing with serveAdminPanel: false', async () => {
    const run = await serve(`module.exports = { serveAdminPanel: false };`);
    started.push(run);
    const index = await raw(`${run.server.url}/admin`, { accept: 'text/html' });
    expect(index.status).toBe(404);
    expect(((await index.json()) as any).error.status).toBe(404);
    expect((await raw(`${run.server.url}/admin/content-manager/collection-types/api::note.note`, { accept: 'text/html' })).status).toBe(404);
    const script = readdirSync(ASSETS).find((name) => name.endsWith('.js'));
    expect((await raw(`${run.server.url}/admin/assets/${script}`)).status).toBe(404);
  });
});
