/**
 * The package works where users put it (issue 18 item 4): `npm pack` of this repository, a new
 * Strapi-layout project in an empty directory outside it (os.tmpdir()), `npm install <tarball>`
 * (npm fetches the dependencies from the registry: ~3 minutes, done once for every check), then
 * `npx vellum token create`, `npx vellum develop` and `npx vellum start` with project code that
 * imports `vellum`, `@strapi/strapi` and `@strapi/utils` as values, and register, login, an
 * upload with image formats (sharp), GraphQL login and a custom route.
 * Runs under CI=true (never skipped there) and locally with VELLUM_PACK_TEST=1 (slow, and npm
 * needs the registry).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ENABLED = process.env.CI === 'true' || process.env.VELLUM_PACK_TEST === '1';
const OWN_SETTINGS = /^(HOST|PORT|NODE_ENV|DATABASE_\w+|LOG_LEVEL|REDIS_URL|APP_KEYS|API_TOKEN_SALT|JWT_SECRET|ADMIN_JWT_SECRET|npm_\w+|INIT_CWD)$/;

let root = '';
let project = '';
const env: Record<string, string> = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key))) as Record<string, string>;

function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(command, args, { cwd, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return new Promise((done) => child.once('close', (code) => done({ code, out })));
}

/** `npx vellum <command>` as a server: resolves once it answers, with a stop(). */
async function serve(command: 'start' | 'develop', port: number, extra: Record<string, string> = {}) {
  const child = spawn('npx', ['vellum', command], { cwd: project, env: { ...env, PORT: String(port), ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const until = Date.now() + 60_000;
  while (!/running at http/.test(out)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`npx vellum ${command} did not come up:\n${out}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    // npx runs vellum as a child: signal the group
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** a response body for assertions */
const json = (response: Response): Promise<any> => response.json();

const PROJECT_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'my-project', private: true, version: '0.0.0' }),
  'config/server.js': `module.exports = ({ env }) => ({ host: env('HOST', '127.0.0.1'), port: env.int('PORT', 1337) });\n`,
  'src/api/note/content-types/note/schema.json': JSON.stringify({
    kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: false }, attributes: { title: { type: 'string' }, image: { type: 'media', multiple: false, allowedTypes: ['images'] } },
  }),
  // project code importing the packages as values, as Strapi projects write it
  'src/api/note/controllers/note.js': `const { factories } = require('@strapi/strapi');
const { errors } = require('@strapi/utils');
const vellum = require('vellum');
module.exports = factories.createCoreController('api::note.note', () => ({
  async hello() { return { hello: 'world', same: vellum.errors.ForbiddenError === errors.ForbiddenError }; },
  async refuse() { throw new errors.ForbiddenError('not for you'); },
}));
`,
  'src/api/note/routes/01-custom.js': `module.exports = { routes: [
  { method: 'GET', path: '/notes/hello', handler: 'note.hello', config: { auth: false } },
  { method: 'GET', path: '/notes/refuse', handler: 'note.refuse', config: { auth: false } },
] };
`,
  'src/api/note/routes/note.js': `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreRouter('api::note.note');\n`,
};

describe.runIf(ENABLED)('the packed package in a new project', () => {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vellum-pack-'));
    // the dist/ this run built (global setup, or npm ci's prepare): --ignore-scripts keeps npm
    // pack's `prepare` from rebuilding it under the feet of the tests running bin/vellum.js
    expect(existsSync(join(REPO, 'dist', 'bundle', 'main.js')), 'dist/ is not built: npm run build').toBe(true);
    const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', root], REPO);
    expect(packed.code, packed.out).toBe(0);
    const tarball = (await readdir(root)).find((f) => f.endsWith('.tgz'))!;
    project = join(root, 'my-project');
    for (const [path, text] of Object.entries(PROJECT_FILES)) {
      await mkdir(join(project, path, '..'), { recursive: true });
      await writeFile(join(project, path), text);
    }
    const installed = await run('npm', ['install', '--no-audit', '--no-fund', join(root, tarball)], project);
    expect(installed.code, installed.out).toBe(0);
  }, 600_000);

  afterAll(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  const exercise = async (url: string) => {
    const hello = await fetch(`${url}/api/notes/hello`);
    expect(hello.status).toBe(200);
    expect(await json(hello)).toEqual({ hello: 'world', same: true });
    const refused = await fetch(`${url}/api/notes/refuse`);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({ status: 403, name: 'ForbiddenError', message: 'not for you' });

    const user = { username: `u${Date.now()}`, email: `u${Date.now()}@example.com`, password: 'secret-pw' };
    const registered = await fetch(`${url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
    expect(registered.status, await registered.clone().text()).toBe(200);
    expect((await json(registered)).user.username).toBe(user.username);
    const login = await fetch(`${url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: user.email, password: user.password }) });
    expect(login.status).toBe(200);
    const jwt = (await json(login)).jwt as string;
    expect((await json((await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } })))).email).toBe(user.email);

    const gql = await fetch(`${url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { login(input: { identifier: "${user.email}", password: "${user.password}" }) { jwt user { username } } }` }),
    });
    const gqlBody = await json(gql);
    expect(gqlBody.errors, JSON.stringify(gqlBody)).toBeUndefined();
    expect(gqlBody.data.login.user.username).toBe(user.username);
  };

  it('npx vellum token create, develop and start serve the project: custom route, auth, GraphQL, upload with formats', async () => {
    const dev = await serve('develop', 20_000 + Math.floor(Math.random() * 10_000));
    try {
      await exercise(dev.url);
    } finally {
      await dev.stop();
    }
    // develop wrote the secrets to .env; start reads them
    const token = await run('npx', ['vellum', 'token', 'create', '--name', 'pack', '--type', 'full-access'], project);
    expect(token.code, token.out).toBe(0);
    const accessKey = token.out.trim().split('\n').at(-1)!;
    const prod = await serve('start', 30_000 + Math.floor(Math.random() * 10_000), { NODE_ENV: 'production' });
    try {
      await exercise(prod.url);
      const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
      const form = new FormData();
      form.append('files', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
      const upload = await fetch(`${prod.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${accessKey}` }, body: form });
      const files = (await json(upload)) as Array<{ width: number; formats: Record<string, { url: string }> }>;
      expect(upload.status, JSON.stringify(files)).toBe(201);
      expect(files[0].width).toBe(800);
      expect(Object.keys(files[0].formats).sort()).toEqual(['medium', 'small', 'thumbnail']);
      expect((await fetch(`${prod.url}${files[0].formats.thumbnail.url}`)).status).toBe(200);
    } finally {
      await prod.stop();
    }
  }, 180_000);
});
