/**
 * N stateless instances (issue 14, item 7): two `vellum start` processes on one PostgreSQL (and
 * one MySQL) database, sharing Redis (rate limits) and an S3-compatible store (s3rver), behind a
 * round-robin load balancer (a node:http proxy, test/helpers/round-robin-proxy.ts, which names
 * the instance that answered in `X-Upstream`). Through the balancer: an entry written by one
 * instance is read by the other at once, an upload made through one is served through the
 * other, an API token revoked on one is refused by the other at its next request, the login rate
 * limit counts across both, and a third instance started with an added attribute (a rolling
 * deploy's schema change) leaves the old ones reading and ready.
 *
 * Redis is required under CI=true; elsewhere the file is skipped with a warning only when no
 * Redis answers (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { randomInt } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeDialects } from '../helpers/dialects.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { REDIS_URL, redisFileRuns } from '../helpers/redis.js';
import { S3_UPLOAD_PLUGIN_FROM_ENV, s3Env, startS3Server, type TestS3 } from '../helpers/s3-server.js';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';



const { redisUp, runs } = await redisFileRuns('multi-instance.test.ts');

const TAG_SCHEMA = 'src/api/tag/content-types/tag/schema.json';

/** One site's project: S3 uploads, auth limits, a trusted proxy, and grants for the public role. */
const PLUGINS = `module.exports = ({ env }) => ({
  'users-permissions': { config: { ratelimit: { interval: 60000, max: 3 } } },
  ${S3_UPLOAD_PLUGIN_FROM_ENV}
});
`;

/**
 * Every instance runs the same bootstrap (grants are idempotent). Two routes stand in for an
 * admin panel: they create and revoke API tokens on the instance they reach.
 */
const INDEX = `module.exports = {
  async bootstrap({ strapi }) {
    await strapi.permissions.grant('public', [
      'api::tag.tag.find', 'api::tag.tag.findOne', 'api::tag.tag.create',
      'api::author.author.create', 'api::author.author.findOne',
      'plugin::upload.content-api.upload', 'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne',
    ]);
    strapi.server.post('/test-admin/tokens', async (request) => {
      const { accessKey } = await strapi.tokens.create({ name: request.body.name, type: 'read-only' });
      return { accessKey };
    });
    strapi.server.delete('/test-admin/tokens/:name', async (request) => ({ revoked: await strapi.tokens.revoke(request.params.name) }));
  },
};
`;

const randomIp = (): string => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  upstream: string | null;
  body: any;
}

async function call(url: string, init: { method?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion message
  }
  return { status: response.status, upstream: response.headers.get('x-upstream'), body };
}

const dialects = activeDialects().filter((d) => d !== 'sqlite');

for (const dialect of runs ? dialects : []) {
  describe(`two instances behind a load balancer [${dialect}]`, () => {
    let database: TestDatabase;
    let s3: TestS3;
    let proxy: RoundRobinProxy;
    let dir: string;
    let env: Record<string, string>;
    const instances = new Map<string, VellumProcess>();
    const dirs: string[] = [];
    const other = (name: string | null): string => (name === 'A' ? 'B' : 'A');

    beforeAll(async () => {
      if (!redisUp) throw new Error(`CI=true: no Redis at ${REDIS_URL}; the multi-instance test needs it`);
      [database, s3] = await Promise.all([createTestDatabase(dialect), startS3Server()]);
      dir = await mkdtemp(join(tmpdir(), 'vellum-multi-'));
      dirs.push(dir);
      await cp(BLOG_FIXTURE, dir, { recursive: true });
      await mkdir(join(dir, 'config'), { recursive: true });
      await writeFile(join(dir, 'config/plugins.js'), PLUGINS);
      await writeFile(join(dir, 'config/server.json'), JSON.stringify({ proxy: true }));
      await writeFile(join(dir, 'src/index.js'), INDEX);
      env = {
        ...databaseEnv(database.config),
        REDIS_URL,
        APP_KEYS: 'multi-instance-key-1,multi-instance-key-2',
        API_TOKEN_SALT: 'multi-instance-token-salt',
        JWT_SECRET: 'multi-instance-jwt-secret',
        ADMIN_JWT_SECRET: 'multi-instance-admin-jwt-secret',
        ...s3Env(s3),
      };
      // started together, as an orchestrator scales out: schema sync takes turns under its lock
      const [a, b] = await Promise.all([startVellumProcess(dir, env), startVellumProcess(dir, env)]);
      instances.set('A', a).set('B', b);
      proxy = await startRoundRobinProxy([{ name: 'A', url: a.url }, { name: 'B', url: b.url }]);
    }, 180_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all([...instances.values()].map((instance) => instance.stop()));
      await s3?.close();
      await database?.drop();
      for (const path of dirs) await rm(path, { recursive: true, force: true });
    }, 60_000);

    it('both instances are ready, and the balancer alternates between them', async () => {
      const probes = [await call(`${proxy.url}/_ready`), await call(`${proxy.url}/_ready`)];
      expect(probes.map((p) => p.status)).toEqual([200, 200]);
      expect(probes.map((p) => p.upstream).sort()).toEqual(['A', 'B']);
    });

    it('an entry written through one instance is read through the other at once', async () => {
      const created = await call(`${proxy.url}/api/tags`, { json: { data: { name: 'written-on-one' } } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await call(`${proxy.url}/api/tags/${created.body.data.documentId}`);
      expect(read.upstream).toBe(other(created.upstream));
      expect([read.status, read.body.data?.name]).toEqual([200, 'written-on-one']);
      const list = await call(`${proxy.url}/api/tags?filters[name][$eq]=written-on-one`);
      expect(list.body.data.map((tag: { documentId: string }) => tag.documentId)).toEqual([created.body.data.documentId]);
    });

    it('a file uploaded through one instance is stored in the bucket and served through the other', async () => {
      // an image, so its thumbnail is stored through the provider too
      const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
      const form = new FormData();
      form.append('files', new Blob([bytes], { type: 'image/png' }), 'shared.png');
      const uploaded = await call(`${proxy.url}/api/upload`, { body: form });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const [file] = uploaded.body;
      expect(file.url).toBe(`${s3.endpoint}/${s3.bucket}/media/${file.hash}.png`);
      expect(await s3.keys()).toEqual(expect.arrayContaining([`media/${file.hash}.png`, `media/${file.formats.thumbnail.hash}.png`]));

      // the other instance links it to an entry; the first serves it populated; the bytes come from the store
      const author = await call(`${proxy.url}/api/authors`, { json: { data: { name: 'Shared Avatar', avatar: file.id } } });
      expect(author.upstream).toBe(other(uploaded.upstream));
      expect(author.status, JSON.stringify(author.body)).toBe(201);
      const populated = await call(`${proxy.url}/api/authors/${author.body.data.documentId}?populate=avatar`);
      expect(populated.upstream).toBe(uploaded.upstream);
      expect(populated.body.data.avatar).toMatchObject({ id: file.id, url: file.url, hash: file.hash, formats: { thumbnail: { url: file.formats.thumbnail.url } } });
      for (const { url, width } of [file, file.formats.thumbnail]) {
        const served = await fetch(url);
        expect(served.status).toBe(200);
        expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width });
      }
      const meta = await call(`${proxy.url}/api/upload/files/${file.id}`);
      expect([meta.upstream, meta.status, meta.body.url]).toEqual([other(uploaded.upstream), 200, file.url]);
    });

    it('an API token revoked on one instance is refused by the other at its next request', async () => {
      const a = instances.get('A')!.url;
      const b = instances.get('B')!.url;
      const { body } = await call(`${a}/test-admin/tokens`, { json: { name: `shared-${dialect}` } });
      const bearer = { authorization: `Bearer ${body.accessKey}` };
      // authors are not public: only the token reads them; both instances have it in their caches
      expect((await call(`${b}/api/authors`, { headers: bearer })).status).toBe(200);
      expect((await call(`${a}/api/authors`, { headers: bearer })).status).toBe(200);
      expect((await call(`${a}/test-admin/tokens/shared-${dialect}`, { method: 'DELETE' })).body).toEqual({ revoked: true });
      expect((await call(`${b}/api/authors`, { headers: bearer })).status).toBe(401);
      const throughProxy = [await call(`${proxy.url}/api/authors`, { headers: bearer }), await call(`${proxy.url}/api/authors`, { headers: bearer })];
      expect(throughProxy.map((r) => r.status)).toEqual([401, 401]);
      expect(new Set(throughProxy.map((r) => r.upstream))).toEqual(new Set(['A', 'B']));
    });

    it('the login rate limit counts across both instances (Redis), per client address the balancer forwards', async () => {
      const client = randomIp();
      const attempts: Array<[number, string | null]> = [];
      for (let i = 0; i < 5; i += 1) {
        const login = await call(`${proxy.url}/api/auth/local`, { json: { identifier: 'nobody', password: 'wrong-password' }, headers: { 'x-forwarded-for': client } });
        attempts.push([login.status, login.upstream]);
      }
      // max 3 a minute: the 4th and 5th are refused whichever instance they reach
      expect(attempts.map(([status]) => status)).toEqual([400, 400, 400, 429, 429]);
      expect(new Set(attempts.map(([, upstream]) => upstream))).toEqual(new Set(['A', 'B']));
      const someoneElse = await call(`${proxy.url}/api/auth/local`, { json: { identifier: 'nobody', password: 'wrong-password' }, headers: { 'x-forwarded-for': randomIp() } });
      expect(someoneElse.status).toBe(400);
    });

    it('a new instance with an added attribute starts while the old ones serve; the old ones keep reading and stay ready', async () => {
      const before = await call(`${instances.get('A')!.url}/api/tags`);
      expect(before.status).toBe(200);
      // the next release: the tag gains a colour
      const next = await mkdtemp(join(tmpdir(), 'vellum-multi-next-'));
      dirs.push(next);
      await cp(dir, next, { recursive: true });
      const schema = JSON.parse(await readFile(join(next, TAG_SCHEMA), 'utf8')) as { attributes: Record<string, unknown> };
      schema.attributes.colour = { type: 'string' };
      await writeFile(join(next, TAG_SCHEMA), JSON.stringify(schema));
      // the old instances keep answering reads through the balancer while the new one syncs the schema
      let starting = true;
      const duringStart: number[] = [];
      const reader = (async () => {
        while (starting) duringStart.push((await call(`${proxy.url}/api/tags`)).status);
      })();
      const c = await startVellumProcess(next, env).finally(() => { starting = false; });
      await reader;
      instances.set('C', c);
      expect(duringStart.length).toBeGreaterThan(0);
      expect(duringStart.filter((status) => status !== 200)).toEqual([]);
      proxy.upstreams.push({ name: 'C', url: c.url });

      const written = await call(`${c.url}/api/tags`, { json: { data: { name: 'from-the-new-release', colour: 'teal' } } });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      expect(written.body.data.colour).toBe('teal');
      for (const name of ['A', 'B']) {
        const url = instances.get(name)!.url;
        expect((await call(`${url}/_ready`)).status).toBe(200);
        const old = await call(`${url}/api/tags?sort=id&pagination[pageSize]=100`);
        expect(old.status, JSON.stringify(old.body)).toBe(200);
        expect(old.body.data.map((tag: { name: string }) => tag.name)).toEqual([...before.body.data.map((tag: { name: string }) => tag.name), 'from-the-new-release']);
        // the old release does not know the attribute: it neither shows nor breaks on it
        expect(old.body.data.at(-1)).not.toHaveProperty('colour');
      }
      // through the balancer, every instance answers every read
      const rounds = await Promise.all([1, 2, 3, 4, 5, 6].map(() => call(`${proxy.url}/api/tags/${written.body.data.documentId}`)));
      expect(rounds.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(rounds.map((r) => r.upstream))).toEqual(new Set(['A', 'B', 'C']));

      // the old instances drain and exit cleanly, the new one keeps serving
      proxy.upstreams.splice(0, 2);
      expect(await instances.get('A')!.stop()).toBe(0);
      expect(await instances.get('B')!.stop()).toBe(0);
      const after = await call(`${proxy.url}/api/tags/${written.body.data.documentId}`);
      expect([after.upstream, after.status, after.body.data.colour]).toEqual(['C', 200, 'teal']);
    }, 120_000);
  });
}
