/**
 * Every package Vellum loads lazily, driven through the shipped program (`node bin/vellum.js`
 * over the bundle the global setup builds) by a real route, on every dialect (issue 18, items 1
 * and 2). Under `vellum start` register, login and every rate-limited route once answered 500
 * and Redis or S3 set-ups did not start, while the tests, on sources, passed: a bundled CommonJS
 * package comes back wrapped from `import()` (src/util/load-package.ts).
 *
 * One project per dialect, three processes on one database: A and B with `vellum start` sharing
 * Redis (ioredis, rate-limiter-flexible's Redis limiter), D with `vellum develop` and no Redis
 * (the in-memory limiter, pino-pretty). What each lazy part is reached by:
 * - better-sqlite3, pg, mysql2: the dialect's database, every request;
 * - bcryptjs, nodemailer, jose: register (password hash), the confirmation email over SMTP
 *   (smtp-server), login and a JWT on /api/users/me, GraphQL login, forgot-password's email;
 * - rate-limiter-flexible (+ ioredis): 429 after the login budget, counted across A and B;
 * - @aws-sdk/* and sharp: an image upload to the S3 provider (s3rver) with its formats;
 * - nexus and @graphql-tools/schema: a GraphQL extension with nexus types, SDL resolvers and
 *   resolversConfig;
 * - pino-pretty: `develop`'s log lines.
 * Redis is required; outside CI the file runs without it only if one answers (as multi-instance).
 */
import { randomInt } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { REDIS_URL, redisFileRuns } from '../helpers/redis.js';
import { S3_UPLOAD_PLUGIN_FROM_ENV, s3Env, startS3Server, type TestS3 } from '../helpers/s3-server.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const LOGIN_BUDGET = 4;

const PLUGINS = `module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      ratelimit: { interval: 60000, max: ${LOGIN_BUDGET} },
      advanced: { email_confirmation: true, email_confirmation_redirection: 'https://front.example.com/welcome', email_reset_password: 'https://front.example.com/reset' },
    },
  },
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: { host: '127.0.0.1', port: env.int('SMTP_PORT'), secure: false, ignoreTLS: true },
      settings: { defaultFrom: 'no-reply@vellum.test' },
    },
  },
  ${S3_UPLOAD_PLUGIN_FROM_ENV}
});
`;

/** a nexus type and an SDL field with its resolver (@graphql-tools), both public through resolversConfig */
const INDEX = `module.exports = {
  register({ strapi }) {
    strapi.plugin('graphql').service('extension').use(({ nexus }) => ({
      types: [nexus.extendType({ type: 'Query', definition(t) { t.string('fromNexus', { resolve: () => 'nexus' }); } })],
      typeDefs: 'extend type Query { fromTools: String }',
      resolvers: { Query: { fromTools: () => 'graphql-tools' } },
      resolversConfig: { 'Query.fromNexus': { auth: false }, 'Query.fromTools': { auth: false } },
    }));
  },
  async bootstrap({ strapi }) {
    await strapi.permissions.grant('public', ['plugin::upload.content-api.upload']);
  },
};
`;


const { redisUp, runs } = await redisFileRuns('shipped-lazy-parts.test.ts');

/** a client address of its own (the project trusts the proxy header): each flow gets a fresh rate-limit budget */
const randomIp = (): string => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(url: string, init: { json?: unknown; body?: FormData; ip?: string; bearer?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? randomIp() };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.bearer !== undefined) headers.authorization = `Bearer ${init.bearer}`;
  const response = await fetch(url, {
    method: init.json === undefined && init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

const graphql = (url: string, query: string, ip?: string) => call(`${url}/graphql`, { json: { query }, ip });

if (runs) {
  describeEachDialect('lazily loaded parts through bin/vellum.js', (dialect) => {
    let database: TestDatabase;
    let smtp: TestSmtp;
    let s3: TestS3;
    let dir: string;
    let a: VellumProcess;
    let b: VellumProcess;
    let d: VellumProcess;

    /** the mails to `address` once `count` arrived (nodemailer sends after the answer) */
    async function mailsTo(address: string, count: number): Promise<string[]> {
      const until = Date.now() + 10_000;
      while (smtp.to(address).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return smtp.to(address).map((mail) => mail.body);
    }

    beforeAll(async () => {
      if (!redisUp) throw new Error(`CI=true: no Redis at ${REDIS_URL}; this test needs it`);
      [database, smtp, s3] = await Promise.all([createTestDatabase(dialect), startSmtp(), startS3Server()]);
      dir = await mkdtemp(join(tmpdir(), 'vellum-shipped-'));
      await cp(BLOG_FIXTURE, dir, { recursive: true });
      await mkdir(join(dir, 'config'), { recursive: true });
      await writeFile(join(dir, 'config/plugins.js'), PLUGINS);
      await writeFile(join(dir, 'config/server.json'), JSON.stringify({ proxy: true }));
      await writeFile(join(dir, 'src/index.js'), INDEX);
      const env = {
        ...databaseEnv(database.config),
        APP_KEYS: 'shipped-key-1,shipped-key-2',
        API_TOKEN_SALT: 'shipped-token-salt',
        JWT_SECRET: 'shipped-jwt-secret',
        ADMIN_JWT_SECRET: 'shipped-admin-jwt-secret',
        SMTP_PORT: String(smtp.port),
        ...s3Env(s3),
      };
      // A first (it creates the tables), then B and D beside it on the same database
      a = await startVellumProcess(dir, { ...env, REDIS_URL });
      [b, d] = await Promise.all([startVellumProcess(dir, { ...env, REDIS_URL }), startVellumProcess(dir, env, 'develop')]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a, b, d].map((instance) => instance?.stop()));
      await Promise.all([smtp?.close(), s3?.close()]);
      await database?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('each process serves on the dialect through its driver', () => {
      const client = dialect === 'postgres' ? 'postgres' : dialect;
      for (const instance of [a, b, d]) expect(instance.output()).toMatch(new RegExp(`running at http://127\\.0\\.0\\.1:\\d+ \\(${client}, `));
    });

    for (const [name, which] of [['start + Redis', () => a], ['develop', () => d]] as const) {
      it(`${name}: register mails a confirmation (nodemailer); the link confirms; login, the JWT, GraphQL login and forgot-password work`, async () => {
        const url = which().url;
        const username = `ada-${name.replace(/\W+/g, '').toLowerCase()}`;
        const email = `${username}@example.com`;
        const registered = await call(`${url}/api/auth/local/register`, { json: { username, email, password: 'analytical-1843' } });
        expect(registered.status, JSON.stringify(registered.body)).toBe(200);
        expect(registered.body.user).toMatchObject({ username, email, confirmed: false });
        expect(registered.body.jwt).toBeUndefined();

        const [mail] = await mailsTo(email, 1);
        const confirmation = /confirmation=([0-9a-z]+\.[0-9a-f]{64})/.exec(mail ?? '')?.[1];
        expect(confirmation, mail).toBeDefined();
        const confirmed = await fetch(`${url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' });
        expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, 'https://front.example.com/welcome']);

        const login = await call(`${url}/api/auth/local`, { json: { identifier: email, password: 'analytical-1843' } });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        expect(login.body.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        const me = await call(`${url}/api/users/me`, { bearer: login.body.jwt });
        expect([me.status, me.body.username, me.body.confirmed]).toEqual([200, username, true]);

        const viaGraphql = await graphql(url, `mutation { login(input: { identifier: "${email}", password: "analytical-1843" }) { jwt user { username } } }`);
        expect(viaGraphql.body.errors).toBeUndefined();
        expect(viaGraphql.body.data.login.user.username).toBe(username);
        const meAgain = await call(`${url}/api/users/me`, { bearer: viaGraphql.body.data.login.jwt });
        expect([meAgain.status, meAgain.body.email]).toEqual([200, email]);

        const forgot = await call(`${url}/api/auth/forgot-password`, { json: { email } });
        expect([forgot.status, forgot.body]).toEqual([200, { ok: true }]);
        const mails = await mailsTo(email, 2);
        expect(mails[1]).toMatch(/https:\/\/front\.example\.com\/reset\?code=[0-9a-z]+\.[0-9a-f]{64}/);
      });
    }

    it('start + Redis: the login budget is shared by both instances; the next attempt answers 429 on either', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_BUDGET + 2; i += 1) {
        const instance = i % 2 === 0 ? a : b;
        statuses.push((await call(`${instance.url}/api/auth/local`, { json: { identifier: 'nobody', password: 'wrong-password' }, ip })).status);
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_BUDGET).fill(400), 429, 429]);
      const refused = await call(`${a.url}/api/auth/local`, { json: { identifier: 'nobody', password: 'wrong-password' }, ip });
      expect(refused.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    });

    it('develop (no Redis): the in-memory limiter answers 429 after the budget', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_BUDGET + 1; i += 1) {
        statuses.push((await call(`${d.url}/api/auth/local`, { json: { identifier: 'nobody', password: 'wrong-password' }, ip })).status);
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_BUDGET).fill(400), 429]);
    });

    it('start: an image upload goes to the S3 provider with formats made by sharp', async () => {
      const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
      const form = new FormData();
      form.append('files', new Blob([bytes], { type: 'image/png' }), 'shipped.png');
      const uploaded = await call(`${a.url}/api/upload`, { body: form });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const [file] = uploaded.body;
      expect(file.url).toBe(`${s3.endpoint}/${s3.bucket}/media/${file.hash}.png`);
      expect(Object.keys(file.formats).sort()).toEqual(['medium', 'small', 'thumbnail']);
      expect(await s3.keys()).toEqual(expect.arrayContaining([`media/${file.hash}.png`, ...Object.values(file.formats).map((f: any) => `media/${f.hash}.png`)]));
      const small = await fetch(file.formats.small.url);
      expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 500, height: 375 });
    });

    it('a GraphQL extension with nexus types, SDL resolvers (@graphql-tools) and resolversConfig answers on start and develop', async () => {
      for (const instance of [a, d]) {
        const answer = await graphql(instance.url, '{ fromNexus fromTools }');
        expect(answer.body).toEqual({ data: { fromNexus: 'nexus', fromTools: 'graphql-tools' } });
      }
    });

    it('develop logs through pino-pretty; start logs JSON lines', () => {
      expect(d.output()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Vellum is running at/m);
      expect(a.output()).toMatch(/^\{"level":30,.*"msg":"Vellum is running at/m);
    });
  });
}
