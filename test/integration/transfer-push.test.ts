/**
 * `strapi transfer --to <vellum>/admin --to-token <key>` against a running Vellum
 * (`node bin/vellum.js start`): the messages a real Strapi 5.54 sent (recorded server-side,
 * test/fixtures/strapi-transfer/README.md) replayed over a WebSocket answer as they answered
 * then, and the content then reads back through REST exactly as that Strapi answered the same
 * reads (document ids, timestamps, relation order, components, zones, locales, drafts, media),
 * with the files' bytes stored. Transfer tokens: made through the admin API and the CLI, kept
 * hashed, refused when wrong, expired, pull-only, regenerated or deleted, with Strapi's answers.
 * Bad messages are error acknowledgements on a connection that stays usable; an unsafe asset
 * name is refused; a push dropped mid-way is rolled back.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { blogSchemaFiles } from '../helpers/blog-project.js';
import { client, request } from '../helpers/http.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { connectPush, openPush, startPush, type Ack } from '../helpers/push-client.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/strapi-transfer/', import.meta.url));
const SALT = 'transfer-salt-for-tests';

interface Recorded {
  readonly direction: 'in' | 'out';
  readonly message: Record<string, any>;
}

/** the blog example's schemas and components, French as a second locale (Strapi's push sends no locales) */
async function blogProject(): Promise<string> {
  return writeProject({ ...(await blogSchemaFiles()), 'config/plugins.ts': "export default { i18n: { config: { locales: ['fr'] } } };\n" });
}

interface Server {
  readonly dir: string;
  readonly db: TestDatabase;
  readonly env: Record<string, string>;
  readonly vellum: VellumProcess;
  readonly admin: ReturnType<typeof client>;
}

/** a running Vellum on a fresh database of `dialect`, with a registered Super Admin */
function useServer(dialect: DialectName, extraEnv: Record<string, string> = { TRANSFER_TOKEN_SALT: SALT }): () => Server {
  let server: Server | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase(dialect);
    const dir = await blogProject();
    const env = { ...TEST_SECRETS, ...extraEnv, ...databaseEnv(db.config) };
    const vellum = await startVellumProcess(dir, env);
    const registered = await request(`${vellum.url}/admin/register-admin`, {
      method: 'POST', json: { email: 'admin@example.com', password: 'Admin-password1', firstname: 'Ada', lastname: 'Admin' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const headers = { authorization: `Bearer ${registered.body.data.token}` };
    server = { dir, db, env, vellum, admin: client(() => `${vellum.url}/admin`, () => headers) };
  }, 120_000);
  afterAll(async () => {
    await server?.vellum.stop();
    await server?.db.drop();
    if (server) await rm(server.dir, { recursive: true, force: true });
  }, 60_000);
  return () => {
    if (!server) throw new Error('the server starts in beforeAll');
    return server;
  };
}

async function createToken(server: Server, name: string, permissions: string[]): Promise<{ id: number; accessKey: string }> {
  const created = await server.admin.post('/transfer/tokens', { name, description: '', permissions, lifespan: null });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

/** what an acknowledgement's data must be to count as the recorded one */
function expectSameAnswer(message: Record<string, any>, got: Ack, recorded: Record<string, any>): void {
  const what = `${message.type} ${message.command ?? message.action} ${message.step ?? ''}`;
  expect(got.error, what).toBeNull();
  expect(recorded.error, what).toBeNull();
  if (message.command === 'init') {
    expect(got.data).toEqual({ transferID: expect.any(String), checksums: true, assetEncoding: 'base64' });
  } else if (message.action === 'getMetadata') {
    expect(Date.parse(got.data.createdAt)).not.toBeNaN();
  } else if (message.action === 'getSchemas') {
    // the project's schemas in Strapi's shape, as they were sent to Strapi
    expect(got.data['api::article.article']).toEqual(recorded.data['api::article.article']);
    expect(Object.keys(got.data).sort()).toEqual(Object.keys(recorded.data).sort());
  } else {
    expect(got.data, what).toEqual(recorded.data);
  }
}

describeEachDialect('strapi transfer --to vellum: the messages Strapi 5.54 sent, replayed', (dialect) => {
  const server = useServer(dialect);

  it('answers every message as it answered Strapi, and REST then answers what Strapi answered', async () => {
    const transcript = (await readFile(join(FIXTURES, 'push-transcript.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Recorded);
    const answers = new Map(transcript.filter((r) => r.direction === 'out').map((r) => [r.message.uuid as string, r.message]));
    const { accessKey } = await createToken(server(), 'strapi-push', ['push']);
    const push = await connectPush(server().vellum.url, accessKey);
    let transferID = '';
    const assetBytes = new Map<string, Buffer[]>();
    const names = new Map<string, string>();
    for (const { direction, message } of transcript) {
      if (direction !== 'in') continue;
      const sent = message.command === 'end' ? { ...message, params: { transferID } } : message;
      const ack = await push.send(sent);
      expect(ack.uuid).toBe(message.uuid);
      expectSameAnswer(message, ack, answers.get(message.uuid)!);
      if (message.command === 'init') transferID = ack.data.transferID;
      if (message.step === 'assets' && Array.isArray(message.data)) {
        for (const item of message.data) {
          if (item.action === 'start') names.set(item.assetID, item.data.filename);
          if (item.action === 'stream') assetBytes.set(item.assetID, [...(assetBytes.get(item.assetID) ?? []), Buffer.from(item.data, 'base64')]);
        }
      }
    }
    await push.close();

    // the same reads Strapi answered after the seed (compare-rest.mjs recorded them)
    const vellumKey = await server().admin.post('/api-tokens', { name: 'reader', type: 'full-access', lifespan: null });
    expect(vellumKey.status, JSON.stringify(vellumKey.body)).toBe(201);
    const strapi = JSON.parse(await readFile(join(FIXTURES, 'strapi-rest.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(strapi)).toHaveLength(9);
    for (const [path, expected] of Object.entries(strapi)) {
      const got = await request(`${server().vellum.url}${path}`, { headers: { authorization: `Bearer ${vellumKey.body.data.accessKey}` } });
      expect(got.status, path).toBe(200);
      expect(got.body, path).toEqual(expected);
    }

    // every file and format stored with the bytes sent
    expect(names.size).toBe(6);
    for (const [id, filename] of names) {
      const sent = Buffer.concat(assetBytes.get(id) ?? []);
      const stored = await fetch(`${server().vellum.url}/uploads/${filename}`);
      expect(stored.status, filename).toBe(200);
      const bytes = Buffer.from(await stored.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex'), filename).toBe(createHash('sha256').update(sent).digest('hex'));
    }
  }, 120_000);
});

describe('transfer tokens and the push connection', () => {
  const server = useServer('sqlite');
  const url = (): string => server().vellum.url;

  it('creates tokens through the admin API: the key answered once, stored as its HMAC only', async () => {
    const { id, accessKey } = await createToken(server(), 'hashed', ['push', 'pull']);
    expect(accessKey).toMatch(/^[0-9a-f]{256}$/);
    const list = await server().admin.get('/transfer/tokens');
    const listed = list.body.data.find((token: { id: number }) => token.id === id);
    expect(listed).toMatchObject({ name: 'hashed', description: '', permissions: ['push', 'pull'], lifespan: null, expiresAt: null });
    expect(listed).not.toHaveProperty('accessKey');
    expect((await server().admin.get(`/transfer/tokens/${id}`)).body.data).toEqual(listed);
    const db = knex({ client: 'better-sqlite3', connection: { filename: server().env.DATABASE_FILENAME! }, useNullAsDefault: true });
    try {
      const [row] = await db('vellum_transfer_tokens').where({ id }).select('access_key');
      expect(row.access_key).toBe(createHmac('sha512', SALT).update(accessKey).digest('hex'));
    } finally {
      await db.destroy();
    }
  });

  it('refuses bad token bodies with a 400 naming the field, and a taken name', async () => {
    const refused = async (body: Record<string, unknown>, field: string | null, message: RegExp): Promise<void> => {
      const answer = await server().admin.post('/transfer/tokens', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
      if (field !== null) expect(answer.body.error.details.errors[0].path).toEqual([field]);
    };
    await refused({ name: 'no-permissions' }, 'permissions', /permissions is a required field/);
    await refused({ name: 'bad', permissions: ['delete'] }, 'permissions', /Unknown permissions provided: delete/);
    await refused({ name: 'short', permissions: ['push'], lifespan: 5 }, 'lifespan', /7, 30 or 90 days/);
    await refused({ name: 'extra', permissions: ['push'], owner: 'me' }, 'owner', /owner/);
    await createToken(server(), 'taken', ['push']);
    await refused({ name: 'taken', permissions: ['push'] }, null, /Name already taken/);
  });

  it('refuses the upgrade without a valid push token, as Strapi does: 401, Token expired, 403', async () => {
    const expectRefused = async (key: string | undefined, status: number, name: string, message: string): Promise<void> => {
      const opened = await openPush(url(), key);
      expect(opened.ok).toBe(false);
      if (opened.ok) return;
      expect(opened.status).toBe(status);
      expect(opened.body.error).toMatchObject({ status, name, message });
    };
    await expectRefused(undefined, 401, 'UnauthorizedError', 'Unauthorized');
    await expectRefused('0'.repeat(256), 401, 'UnauthorizedError', 'Unauthorized');
    const pull = await createToken(server(), 'pull-only', ['pull']);
    await expectRefused(pull.accessKey, 403, 'ForbiddenError', 'Forbidden access');
    const expiring = await server().admin.post('/transfer/tokens', { name: 'expiring', permissions: ['push'], lifespan: 7 * 86_400_000 });
    const lifespan = Date.parse(expiring.body.data.expiresAt) - Date.parse(expiring.body.data.createdAt);
    expect(Math.abs(lifespan - 7 * 86_400_000)).toBeLessThan(5_000);
    const db = knex({ client: 'better-sqlite3', connection: { filename: server().env.DATABASE_FILENAME! }, useNullAsDefault: true });
    try {
      await db('vellum_transfer_tokens').where({ id: expiring.body.data.id }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    } finally {
      await db.destroy();
    }
    await expectRefused(expiring.body.data.accessKey, 401, 'UnauthorizedError', 'Token expired');
    // Strapi's pull side is not served: a push destination only
    const pullRoute = await request(`${url()}/admin/transfer/runner/pull`);
    expect(pullRoute.status).toBe(501);
  });

  it('a token made with the CLI pushes; regenerate and delete end the old key', async () => {
    const made = await runVellum(['transfer-token', 'create', '--name', 'from-cli', '--duration', '30', '--dir', server().dir], server().env);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Created transfer token: from-cli {2}\[push\] {2}expires 20\d\d-/);
    const key = made.stdout.trim().split('\n').at(-1)!;
    const push = await connectPush(url(), key);
    const status = await push.send({ uuid: randomUUID(), type: 'command', command: 'status' });
    expect(status).toMatchObject({ data: { active: false, kind: null }, error: null });
    await push.close();

    const listed = await runVellum(['transfer-token', 'list', '--dir', server().dir], server().env);
    expect(listed.stdout).toContain('from-cli  [push]');
    expect(listed.stdout).not.toContain(key);
    const id = (await server().admin.get('/transfer/tokens')).body.data.find((t: { name: string }) => t.name === 'from-cli').id as number;
    const regenerated = await server().admin.post(`/transfer/tokens/${id}/regenerate`, {});
    expect(regenerated.status).toBe(201);
    expect(regenerated.body.data).toEqual({ id, accessKey: expect.stringMatching(/^[0-9a-f]{256}$/) });
    expect((await openPush(url(), key)).ok).toBe(false);
    await (await connectPush(url(), regenerated.body.data.accessKey)).close();

    const deleted = await runVellum(['transfer-token', 'delete', 'from-cli', '--dir', server().dir], server().env);
    expect(deleted.code, deleted.stderr).toBe(0);
    const afterDelete = await openPush(url(), regenerated.body.data.accessKey);
    expect(afterDelete.ok ? 0 : afterDelete.status).toBe(401);
    expect((await server().admin.get(`/transfer/tokens/${id}`)).status).toBe(404);
  });

  it('answers bad messages with error acknowledgements and keeps the connection usable', async () => {
    const { accessKey } = await createToken(server(), 'bad-messages', ['push']);
    const push = await connectPush(url(), accessKey);
    expect(await push.send('not json')).toMatchObject({ uuid: null, data: null, error: { message: 'Bad Request: the message is not JSON' } });
    expect((await push.send({ uuid: randomUUID(), type: 'nope' })).error).toMatchObject({ message: 'Bad Request' });
    expect((await push.transfer({ kind: 'action', action: 'getSchemas' })).error).toMatchObject({ message: 'Invalid Transfer Process' });
    const merge = await push.send({ uuid: randomUUID(), type: 'command', command: 'init', params: { options: { strategy: 'merge' } } });
    expect(merge.error).toMatchObject({ message: 'Invalid strategy merge', details: { step: 'validation' } });
    await startPush(push);
    // one push at a time: another connection's init waits, then is refused
    const other = await connectPush(url(), accessKey);
    const refused = await other.send({ uuid: randomUUID(), type: 'command', command: 'init', params: { options: { strategy: 'restore' } } });
    expect(refused.error?.message).toMatch(/^Transfer already in progress/);
    await other.close();
    expect((await push.transfer({ kind: 'action', action: 'dropTables' })).error?.message).toBe('Invalid action provided: "dropTables"');
    expect((await push.transfer({ kind: 'step', action: 'stream', step: 'entities', data: [] })).error?.message).toMatch(/initialize the transfer stage \(entities\)/);
    expect((await push.transfer({ kind: 'step', action: 'start', step: 'entities' })).data).toEqual({ ok: true });
    const badEntity = await push.transfer({ kind: 'step', action: 'stream', step: 'entities', data: [{ type: 'api::tag.tag', id: -4, data: {} }] });
    expect(badEntity.error?.message).toMatch(/entity id -4 is not a positive integer/);
    const status = await push.send({ uuid: randomUUID(), type: 'command', command: 'status' });
    expect(status.data).toMatchObject({ active: true, kind: 'push' });
    await push.close();
  });

  it('refuses asset names that would leave the upload folder', async () => {
    const { accessKey } = await createToken(server(), 'assets', ['push']);
    // an absolute name outside the project: the system's temporary folder, wherever the clone is
    const outside = join(tmpdir(), `vellum-evil-${process.pid}.png`);
    for (const filename of ['../evil.png', outside, 'evil\0.png', '..']) {
      const push = await connectPush(url(), accessKey);
      await startPush(push);
      expect((await push.transfer({ kind: 'step', action: 'start', step: 'assets' })).data).toEqual({ ok: true });
      const hash = filename.replace(/\.png$/, '');
      const start = await push.transfer({
        kind: 'step', action: 'stream', step: 'assets',
        data: [{ action: 'start', assetID: 'a1', data: { filename, filepath: filename, stats: { size: 4 }, metadata: { id: 1, hash, ext: filename.endsWith('.png') ? '.png' : '', mime: 'image/png' } } }],
      });
      expect(start.error?.message, filename).toMatch(/could leave the upload folder/);
      await push.close();
    }
    expect(existsSync(join(server().dir, 'public/evil.png'))).toBe(false);
    expect(existsSync(outside)).toBe(false);
  });

  it('rolls back a push whose connection drops before close', async () => {
    const { accessKey } = await createToken(server(), 'dropped', ['push']);
    const push = await connectPush(url(), accessKey);
    await startPush(push);
    await push.transfer({ kind: 'step', action: 'start', step: 'entities' });
    const tag = { type: 'api::tag.tag', id: 7, data: { documentId: 'droppedtagdocumentid0001', name: 'dropped', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z' } };
    expect((await push.transfer({ kind: 'step', action: 'stream', step: 'entities', data: [tag] })).error).toBeNull();
    expect((await push.transfer({ kind: 'step', action: 'end', step: 'entities' })).data).toEqual({ ok: true, stats: { started: 1, finished: 1 } });
    await push.close();
    const reader = await server().admin.post('/api-tokens', { name: 'rollback-reader', type: 'full-access', lifespan: null });
    const headers = { authorization: `Bearer ${reader.body.data.accessKey}` };
    await expect.poll(async () => (await request(`${url()}/api/tags`, { headers })).body.data, { timeout: 10_000 }).toEqual([]);
  });
});

describe('a push restricted by its restore options', () => {
  const server = useServer('sqlite');

  it('replaces only the types `restore.entities` names (strapi transfer --only / --exclude)', async () => {
    const reader = await server().admin.post('/api-tokens', { name: 'scope-writer', type: 'full-access', lifespan: null });
    const headers = { authorization: `Bearer ${reader.body.data.accessKey}` };
    const url = server().vellum.url;
    const author = await request(`${url}/api/authors`, { method: 'POST', headers, json: { data: { name: 'Kept', email: 'kept@example.com' } } });
    expect(author.status, JSON.stringify(author.body)).toBe(201);
    const tag = await request(`${url}/api/tags`, { method: 'POST', headers, json: { data: { name: 'replaced' } } });
    expect(tag.status).toBe(201);
    const { accessKey } = await createToken(server(), 'scoped', ['push']);
    const push = await connectPush(url, accessKey);
    const init = await push.send({ uuid: randomUUID(), type: 'command', command: 'init', params: { options: { strategy: 'restore', restore: { entities: { include: ['api::tag.tag'] }, assets: false } } } });
    expect(init.error).toBeNull();
    for (const action of ['bootstrap', 'beforeTransfer', 'close']) expect((await push.transfer({ kind: 'action', action })).error).toBeNull();
    await push.close();
    expect((await request(`${url}/api/tags`, { headers })).body.data).toEqual([]);
    expect((await request(`${url}/api/authors`, { headers })).body.data.map((a: { name: string }) => a.name)).toEqual(['Kept']);
  });
});

describe('without a transfer token salt (production, TRANSFER_TOKEN_SALT unset)', () => {
  const server = useServer('sqlite', {});

  it('answers Strapi\'s 501 INVALID_TOKEN_SALT on the transfer routes', async () => {
    const opened = await openPush(server().vellum.url, 'a'.repeat(256));
    expect(opened.ok ? 0 : opened.status).toBe(501);
    const tokens = await server().admin.get('/transfer/tokens');
    expect(tokens.status).toBe(501);
    expect(tokens.body.error).toMatchObject({ name: 'NotImplementedError', details: { code: 'INVALID_TOKEN_SALT' } });
  });
});
