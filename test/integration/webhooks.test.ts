/**
 * Webhooks that arrive (issue 22), through `vellum start` and `vellum webhook …` processes and a
 * real receiver (node:http on 127.0.0.1, so `allowPrivateTargets` is on): Strapi's events,
 * payloads and headers for writes over REST, GraphQL, the document service and the media
 * library, one event per document action; a rolled-back write sends nothing; retries with the
 * same delivery id until delivered, or dead; a signature that verifies; a webhook created by the
 * CLI while the server runs applies at the next event; one document's deliveries in commit order;
 * the admin API's webhook routes (CRUD, trigger, delivery log, redeliver); a process killed with
 * SIGKILL mid-delivery delivers after its restart. On every dialect.
 */
import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { activeDialects } from '../helpers/dialects.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { uploadFile } from '../helpers/upload.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { WEBHOOK_PROJECT } from '../helpers/webhook-project.js';

const SECRET = 'webhook-signing-secret';

async function json(url: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const events = (requests: readonly ReceivedRequest[]): string[] => requests.map((r) => String(r.headers['x-strapi-event']));
const forDocument = (requests: readonly ReceivedRequest[], documentId: string): ReceivedRequest[] =>
  requests.filter((r) => r.json?.entry?.documentId === documentId);

for (const dialect of activeDialects()) {
  describe(`webhooks [${dialect}]`, () => {
    let database: TestDatabase;
    let receiver: WebhookReceiver;
    let dir: string;
    let env: Record<string, string>;
    let server: VellumProcess;
    const ids: Record<string, string> = {};

    async function webhook(name: string, path: string, eventsList: string, extra: string[] = []): Promise<string> {
      const created = await runVellum(['webhook', 'create', '--dir', dir, '--name', name, '--url', `${receiver.url}${path}`, '--events', eventsList, ...extra], env);
      expect(created.stderr).not.toMatch(/error/i);
      expect(created.code).toBe(0);
      const id = created.stdout.trim();
      expect(id).toMatch(/^\d+$/);
      return id;
    }

    beforeAll(async () => {
      [database, receiver] = await Promise.all([createTestDatabase(dialect), startWebhookReceiver()]);
      dir = await writeProject(WEBHOOK_PROJECT);
      env = { ...databaseEnv(database.config), ...TEST_SECRETS };
      server = await startVellumProcess(dir, env);
      // created by another process while the server runs: it applies at the next event
      ids.all = await webhook('everything', '/all', 'entry.create,entry.update,entry.delete,entry.publish,entry.unpublish,entry.draft-discard,media.create,media.update,media.delete', [
        '--header', 'Authorization: Bearer receiver-token', '--secret', SECRET,
      ]);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await receiver?.close();
      await database?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('lists the webhooks the CLI created and deletes one', async () => {
      const temporary = await webhook('temporary', '/temporary', 'entry.delete');
      const listed = await runVellum(['webhook', 'list', '--dir', dir], env);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`${ids.all}\teverything\tenabled\t${receiver.url}/all\t`);
      expect(listed.stdout).toMatch(new RegExp(`${ids.all}\\t.*\\tsigned`));
      expect(listed.stdout).toContain(`${temporary}\ttemporary\tenabled`);
      // the secret itself is never shown
      expect(listed.stdout).not.toContain(SECRET);
      const deleted = await runVellum(['webhook', 'delete', temporary, '--dir', dir], env);
      expect(deleted.code).toBe(0);
      expect((await runVellum(['webhook', 'list', '--dir', dir], env)).stdout).not.toContain('temporary');
      const missing = await runVellum(['webhook', 'delete', temporary, '--dir', dir], env);
      expect(missing.code).toBe(1);
      const bad = await runVellum(['webhook', 'create', '--dir', dir, '--name', 'x', '--url', `${receiver.url}/x`, '--events', 'entry.explode'], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Webhook event entry.explode is not supported');
    }, 60_000);

    it('sends Strapi\'s events, body and headers for REST writes, one per document action, signed', async () => {
      const category = await json(`${server.url}/api/categories`, { body: { data: { name: 'News', secretCode: 'hidden' } } });
      expect(category.status).toBe(201);
      const [categoryCreated] = await receiver.waitFor('/all', 1);
      expect(categoryCreated!.json).toMatchObject({ event: 'entry.create', model: 'category', uid: 'api::category.category', entry: { name: 'News' } });
      expect(categoryCreated!.json.entry).not.toHaveProperty('secretCode');

      const created = await json(`${server.url}/api/articles?status=draft`, {
        body: { data: { title: 'Hello', secretNote: 'private', passcode: 'sesame-123', category: category.body.data.documentId, seo: { metaTitle: 'Meta' }, blocks: [{ __component: 'shared.quote', text: 'Quoted' }] } },
      });
      expect(created.status).toBe(201);
      const documentId: string = created.body.data.documentId;
      await receiver.waitFor('/all', 2);
      const [create] = forDocument(receiver.to('/all'), documentId);
      const body = create!.json;
      expect(Object.keys(body)).toEqual(['event', 'createdAt', 'model', 'uid', 'entry']);
      expect(body.event).toBe('entry.create');
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      expect(body.model).toBe('article');
      expect(body.uid).toBe('api::article.article');
      expect(body.entry).toMatchObject({
        documentId, title: 'Hello', publishedAt: null,
        category: { documentId: category.body.data.documentId, name: 'News' },
        seo: { metaTitle: 'Meta', image: null },
        blocks: [{ __component: 'shared.quote', text: 'Quoted' }],
        cover: null,
      });
      expect(typeof body.entry.id).toBe('number');
      // sanitised as Strapi's defaultSanitizeOutput: no private or password attribute, at any level
      expect(body.entry).not.toHaveProperty('secretNote');
      expect(body.entry).not.toHaveProperty('passcode');
      expect(body.entry.category).not.toHaveProperty('secretCode');

      const headers = create!.headers;
      expect(headers['x-strapi-event']).toBe('entry.create');
      expect(headers['content-type']).toBe('application/json');
      expect(headers['authorization']).toBe('Bearer receiver-token');
      expect(headers['x-from-config']).toBe('default-header');
      expect(headers['x-vellum-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      const expected = `sha256=${createHmac('sha256', SECRET).update(create!.body).digest('hex')}`;
      expect(headers['x-strapi-signature-256']).toBe(expected);

      // an update that publishes: entry.update (the draft), then entry.publish (the published version)
      expect((await json(`${server.url}/api/articles/${documentId}?status=published`, { method: 'PUT', body: { data: { title: 'Hello again' } } })).status).toBe(200);
      await receiver.waitFor('/all', 4);
      const afterUpdate = forDocument(receiver.to('/all'), documentId);
      expect(events(afterUpdate)).toEqual(['entry.create', 'entry.update', 'entry.publish']);
      expect(afterUpdate[1]!.json.entry).toMatchObject({ title: 'Hello again', publishedAt: null });
      expect(afterUpdate[2]!.json.entry).toMatchObject({ title: 'Hello again', category: { name: 'News' } });
      expect(afterUpdate[2]!.json.entry.publishedAt).toEqual(expect.any(String));

      // a document with a draft and a published row: one entry.delete (Strapi sends one per row)
      expect((await json(`${server.url}/api/articles/${documentId}`, { method: 'DELETE' })).status).toBe(204);
      await receiver.waitFor('/all', 5);
      const all = forDocument(receiver.to('/all'), documentId);
      expect(events(all)).toEqual(['entry.create', 'entry.update', 'entry.publish', 'entry.delete']);
      expect(all[3]!.json.entry).toMatchObject({ documentId, title: 'Hello again' });
      expect(all[3]!.json.entry).not.toHaveProperty('category');
      // every delivery has its own id
      expect(new Set(all.map((r) => r.headers['x-vellum-delivery'])).size).toBe(4);
    }, 60_000);

    it('sends the events of GraphQL mutations and of the document service in project code', async () => {
      const before = receiver.to('/all').length;
      const mutation = await json(`${server.url}/graphql`, { body: { query: 'mutation { createArticle(data: { title: "From GraphQL", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id } } }' } });
      expect(mutation.body.errors).toBeUndefined();
      const gqlId: string = mutation.body.data.createArticle.data.id;
      await receiver.waitFor('/all', before + 2);
      expect(events(forDocument(receiver.to('/all'), gqlId))).toEqual(['entry.create', 'entry.publish']);

      // the document service: create published, then unpublish, publish, discard the draft, delete
      const created = await json(`${server.url}/test/create`, { body: { title: 'From code' } });
      const documentId: string = created.body.documentId;
      expect(documentId).toEqual(expect.any(String));
      // each event delivered before the next write: a payload is read after the commit (as
      // Strapi's), so a document deleted before its earlier events went out would send `entry: null`
      await receiver.waitFor('/all', before + 2 + 2);
      for (const [i, action] of ['unpublish', 'publish', 'discardDraft', 'delete'].entries()) {
        expect((await json(`${server.url}/test/${action}/${documentId}`, { body: {} })).status).toBe(200);
        await receiver.waitFor('/all', before + 2 + 3 + i);
      }
      const fromCode = forDocument(receiver.to('/all'), documentId);
      expect(events(fromCode)).toEqual(['entry.create', 'entry.publish', 'entry.unpublish', 'entry.publish', 'entry.draft-discard', 'entry.delete']);
      // unpublish carries the published version that went; draft-discard the new draft
      expect(fromCode[2]!.json.entry.publishedAt).toEqual(expect.any(String));
      expect(fromCode[4]!.json.entry).toMatchObject({ title: 'From code', publishedAt: null });
    }, 60_000);

    it('sends media events for the media library', async () => {
      const before = receiver.to('/all').length;
      const uploaded = await uploadFile(server.url, 'note.txt', Buffer.from('hello webhooks'));
      expect(uploaded.status).toBe(201);
      const [request] = (await receiver.waitFor('/all', before + 1)).slice(before);
      expect(request!.headers['x-strapi-event']).toBe('media.create');
      expect(Object.keys(request!.json)).toEqual(['event', 'createdAt', 'media']);
      expect(request!.json.media).toMatchObject({ name: 'note.txt', ext: '.txt', id: expect.any(Number), url: expect.stringContaining('/uploads/') });
      const removed = await fetch(`${server.url}/api/upload/files/${request!.json.media.id}`, { method: 'DELETE' });
      expect(removed.status).toBe(200);
      const [deleted] = (await receiver.waitFor('/all', before + 2)).slice(before + 1);
      expect(deleted!.json).toMatchObject({ event: 'media.delete', media: { id: request!.json.media.id, name: 'note.txt' } });
    }, 60_000);

    it('sends nothing for a write that rolled back', async () => {
      const refused = await json(`${server.url}/api/articles?status=draft`, { body: { data: { title: 'rollback' } } });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      // a write after it: its event arrives, the refused one's never does (deliveries go in id order)
      const after = await json(`${server.url}/api/articles?status=draft`, { body: { data: { title: 'after the rollback' } } });
      expect(after.status).toBe(201);
      const [later] = await receiver.waitFor('/all', receiver.to('/all').length + 1).then(() => forDocument(receiver.to('/all'), after.body.data.documentId));
      expect(later!.json.entry.title).toBe('after the rollback');
      expect(receiver.requests.filter((r) => r.json?.entry?.title === 'rollback')).toEqual([]);
    }, 60_000);

    it('retries with the same delivery id until the receiver recovers, and gives up after maxAttempts', async () => {
      // made now: no earlier write's delivery takes the answers planned below
      ids.flaky = await webhook('flaky', '/flaky', 'entry.create');
      ids.dead = await webhook('dead', '/dead', 'entry.create');
      receiver.answer('/flaky', 500, 503, 200);
      receiver.answer('/dead', 500);
      const [flakyBefore, deadBefore] = [receiver.to('/flaky').length, receiver.to('/dead').length];
      const created = await json(`${server.url}/api/articles?status=draft`, { body: { data: { title: 'retried' } } });
      expect(created.status).toBe(201);
      const flaky = (await receiver.waitFor('/flaky', flakyBefore + 3)).slice(flakyBefore);
      const dead = (await receiver.waitFor('/dead', deadBefore + 3)).slice(deadBefore);
      const ofThis = (requests: ReceivedRequest[]) => requests.filter((r) => r.json.entry.documentId === created.body.data.documentId);
      expect(ofThis(flaky)).toHaveLength(3);
      expect(new Set(ofThis(flaky).map((r) => r.headers['x-vellum-delivery'])).size).toBe(1);
      expect(new Set(ofThis(dead).map((r) => r.headers['x-vellum-delivery'])).size).toBe(1);
      // the outbox says so: delivered after 3 attempts, dead after 3 (maxAttempts)
      const db = await openDatabase(database.config);
      const { knex } = db;
      try {
        const wait = async (): Promise<Array<{ webhook_id: unknown; status: string; attempts: unknown }>> => {
          for (let i = 0; i < 400; i += 1) {
            const rows = await knex('vellum_webhook_deliveries').whereIn('delivery_id', [ofThis(flaky)[0]!.headers['x-vellum-delivery'], ofThis(dead)[0]!.headers['x-vellum-delivery']] as string[]).select('webhook_id', 'status', 'attempts');
            if (rows.every((row: { status: string }) => row.status !== 'pending')) return rows;
            await new Promise((done) => setTimeout(done, 25));
          }
          throw new Error('deliveries still pending');
        };
        const rows = await wait();
        const byWebhook = Object.fromEntries(rows.map((row) => [String(row.webhook_id), [row.status, Number(row.attempts)]]));
        expect(byWebhook[ids.flaky!]).toEqual(['delivered', 3]);
        expect(byWebhook[ids.dead!]).toEqual(['dead', 3]);
        const attempts = await knex('vellum_webhook_attempts').where('delivery_id', ofThis(dead)[0]!.headers['x-vellum-delivery'] as string).orderBy('attempt').select('attempt', 'status_code', 'response_head');
        expect(attempts.map((a: { attempt: unknown; status_code: unknown }) => [Number(a.attempt), Number(a.status_code)])).toEqual([[1, 500], [2, 500], [3, 500]]);
        expect(attempts[0].response_head).toBe('answer 500 from /dead');
      } finally {
        await db.close();
      }
      // logged right after the outbox row changed
      for (let i = 0; i < 200 && !/is dead after 3 attempt/.test(server.output()); i += 1) await new Promise((done) => setTimeout(done, 25));
      expect(server.output()).toMatch(/delivery [0-9a-f-]{36} \(entry.create\) is dead after 3 attempt/);
      // neither the secret nor a signature ever reaches the log
      expect(server.output()).not.toContain(SECRET);
      expect(server.output()).not.toContain('sha256=');
    }, 60_000);

    it('sends the deliveries of one document in commit order, a failed one before the next', async () => {
      const ordered = await webhook('ordered', '/ordered', 'entry.update');
      receiver.answer('/ordered', 500, 200);
      const created = await json(`${server.url}/api/articles?status=draft`, { body: { data: { title: 'v0' } } });
      const documentId: string = created.body.data.documentId;
      for (const title of ['v1', 'v2']) {
        expect((await json(`${server.url}/api/articles/${documentId}?status=draft`, { method: 'PUT', body: { data: { title } } })).status).toBe(200);
        // v1's first attempt (its body built after the commit, before v2 was written) has failed
        if (title === 'v1') await receiver.waitFor('/ordered', 1);
      }
      // v1 fails once and is retried, with the same body and id, before v2 goes: v1, v1, v2 (not v1, v2, v1)
      const received = await receiver.waitFor('/ordered', 3);
      expect(received.map((r) => r.json.entry.title)).toEqual(['v1', 'v1', 'v2']);
      expect(received[1]!.body).toBe(received[0]!.body);
      expect(received[1]!.headers['x-vellum-delivery']).toBe(received[0]!.headers['x-vellum-delivery']);
      expect(received[2]!.headers['x-vellum-delivery']).not.toBe(received[0]!.headers['x-vellum-delivery']);
      expect((await runVellum(['webhook', 'delete', ordered, '--dir', dir], env)).code).toBe(0);
    }, 60_000);

    it('manages webhooks through the admin API, Strapi-shaped, with the delivery log, redeliver and trigger', async () => {
      const call = async (method: string, path: string, body?: unknown, token?: string) => {
        const response = await fetch(`${server.url}/admin${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: text === '' ? null : JSON.parse(text) };
      };
      expect((await call('GET', '/webhooks')).status).toBe(401);
      const registered = await call('POST', '/register-admin', { email: 'ada@example.com', password: 'Lovelace1815', firstname: 'Ada', lastname: 'Lovelace' });
      expect(registered.status).toBe(200);
      const token: string = registered.body.data.token;

      const created = await call('POST', '/webhooks', { name: 'from admin', url: `${receiver.url}/admin-hook`, headers: { 'X-Team': 'web' }, events: ['entry.publish'], secret: 'admin-secret-123' }, token);
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'from admin', url: `${receiver.url}/admin-hook`, headers: { 'X-Team': 'web' }, events: ['entry.publish'], isEnabled: true, hasSecret: true });
      expect(JSON.stringify(created.body)).not.toContain('admin-secret-123');
      const id: string = created.body.data.id;

      const badEvent = await call('POST', '/webhooks', { name: 'x', url: `${receiver.url}/x`, events: ['entry.explode'] }, token);
      expect(badEvent.status).toBe(400);
      expect(badEvent.body.error).toMatchObject({ name: 'ValidationError', message: 'Webhook event entry.explode is not supported', details: { errors: [{ path: ['events'] }] } });
      const badUrl = await call('POST', '/webhooks', { name: 'x', url: 'not a url', events: [] }, token);
      expect(badUrl.body.error.details.errors[0].path).toEqual(['url']);
      expect((await call('GET', '/webhooks/999999', undefined, token)).status).toBe(404);
      expect((await call('GET', '/webhooks/abc', undefined, token)).status).toBe(404);

      const listed = await call('GET', '/webhooks', undefined, token);
      expect(listed.body.data.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([ids.all, ids.flaky, ids.dead, id]));
      const updated = await call('PUT', `/webhooks/${id}`, { ...created.body.data, isEnabled: false, events: ['entry.publish', 'entry.unpublish'] }, token);
      expect(updated.body.data).toMatchObject({ id, isEnabled: false, events: ['entry.publish', 'entry.unpublish'], hasSecret: true });
      expect((await call('GET', `/webhooks/${id}`, undefined, token)).body.data.isEnabled).toBe(false);

      // trigger: one request now, Strapi's test event, answered with its outcome
      const triggered = await call('POST', `/webhooks/${id}/trigger`, {}, token);
      expect(triggered.body.data).toEqual({ statusCode: 200, durationMs: expect.any(Number) });
      const [test] = await receiver.waitFor('/admin-hook', 1);
      expect(test!.json).toEqual({ event: 'trigger-test', createdAt: expect.any(String) });
      expect(test!.headers['x-team']).toBe('web');
      expect(test!.headers['x-strapi-signature-256']).toBe(`sha256=${createHmac('sha256', 'admin-secret-123').update(test!.body).digest('hex')}`);

      // the delivery log of the dead webhook: its attempts, then a redelivery with the same id
      const log = await call('GET', `/webhooks/${ids.dead}/deliveries?limit=100`, undefined, token);
      expect(log.status).toBe(200);
      const dead = log.body.data.deliveries.find((d: { status: string }) => d.status === 'dead');
      expect(dead).toMatchObject({ id: expect.any(String), event: 'entry.create', attempts: 3, finishedAt: expect.any(String), nextAttemptAt: null });
      const attempts = log.body.data.attempts.filter((a: { deliveryId: string }) => a.deliveryId === dead.id);
      expect(attempts.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode])).toEqual([[3, 500], [2, 500], [1, 500]]);
      expect(attempts[0]).toMatchObject({ event: 'entry.create', responseHead: 'answer 500 from /dead', error: null, durationMs: expect.any(Number), startedAt: expect.any(String) });
      expect((await call('GET', `/webhooks/${ids.dead}/deliveries?limit=0`, undefined, token)).body.error.details.errors[0].path).toEqual(['limit']);

      receiver.answer('/dead', 200);
      const before = receiver.to('/dead').length;
      const again = await call('POST', `/webhooks/${ids.dead}/deliveries/${dead.id}/redeliver`, {}, token);
      expect(again.body.data).toMatchObject({ id: dead.id, status: 'pending', attempts: 0 });
      const [redelivered] = (await receiver.waitFor('/dead', before + 1)).slice(before);
      expect(redelivered!.headers['x-vellum-delivery']).toBe(dead.id);
      expect((await call('POST', `/webhooks/${ids.flaky}/deliveries/${dead.id}/redeliver`, {}, token)).status).toBe(404);

      const deleted = await call('DELETE', `/webhooks/${id}`, undefined, token);
      expect(deleted.body.data).toMatchObject({ id, name: 'from admin' });
      expect((await call('GET', `/webhooks/${id}`, undefined, token)).status).toBe(404);
      const batch = await call('POST', '/webhooks/batch-delete', { ids: [id, ids.flaky] }, token);
      expect(batch.body.data).toEqual([id, ids.flaky]);
      expect((await call('GET', `/webhooks/${ids.flaky}`, undefined, token)).status).toBe(404);
      expect((await call('POST', '/webhooks/batch-delete', { ids: [] }, token)).status).toBe(400);
    }, 60_000);

    it('delivers a committed event after the process was killed mid-delivery (SIGKILL), with the same delivery id', async () => {
      const hangId = await webhook('hang', '/hang', 'entry.create');
      receiver.answer('/hang', 'hang', 200);
      const created = await json(`${server.url}/api/articles?status=draft`, { body: { data: { title: 'survives a crash' } } });
      expect(created.status).toBe(201);
      const [first] = await receiver.waitFor('/hang', 1);
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
      server = await startVellumProcess(dir, env);
      const [, again] = await receiver.waitFor('/hang', 2);
      expect(again!.headers['x-vellum-delivery']).toBe(first!.headers['x-vellum-delivery']);
      expect(again!.json.entry.documentId).toBe(created.body.data.documentId);
      expect((await runVellum(['webhook', 'delete', hangId, '--dir', dir], env)).code).toBe(0);
    }, 90_000);
  });
}
