/**
 * SSRF (issue 22 item 5) through `vellum start` with the default `server.webhooks`
 * (`allowPrivateTargets` off): a webhook pointing at a receiver on 127.0.0.1 is never connected
 * to — neither its deliveries nor the admin API's trigger — and the attempt log says why.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { WEBHOOK_PROJECT } from '../helpers/webhook-project.js';

describe('webhooks to private addresses (default config)', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let dir: string;
  let env: Record<string, string>;
  let server: VellumProcess;

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase('sqlite'), startWebhookReceiver()]);
    const { 'config/server.js': _quick, ...project } = WEBHOOK_PROJECT;
    dir = await writeProject(project);
    env = { ...databaseEnv(database.config), ...TEST_SECRETS };
    server = await startVellumProcess(dir, env);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('refuses loopback targets at delivery and on trigger, connecting to nothing', async () => {
    for (const url of [`${receiver.url}/private`, `${receiver.url.replace('127.0.0.1', 'localhost')}/private`]) {
      const created = await runVellum(['webhook', 'create', '--dir', dir, '--name', 'private', '--url', url, '--events', 'entry.create'], env);
      expect(created.code).toBe(0);
    }
    const write = await fetch(`${server.url}/api/articles?status=draft`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'private' } }) });
    expect(write.status).toBe(201);
    const db = await openDatabase(database.config);
    try {
      let errors: string[] = [];
      for (let i = 0; i < 400 && errors.length < 2; i += 1) {
        errors = (await db.knex('vellum_webhook_attempts').select('error')).map((row: { error: string }) => row.error);
        await new Promise((done) => setTimeout(done, 25));
      }
      expect(errors).toHaveLength(2);
      expect(errors).toEqual(expect.arrayContaining([
        expect.stringMatching(/^refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1, a loopback, private or link-local address/),
        expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1)/),
      ]));
    } finally {
      await db.close();
    }

    const registered = await fetch(`${server.url}/admin/register-admin`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'Lovelace1815', firstname: 'Ada', lastname: 'Lovelace' }),
    });
    const { data } = (await registered.json()) as { data: { token: string } };
    const triggered = await fetch(`${server.url}/admin/webhooks/1/trigger`, { method: 'POST', headers: { authorization: `Bearer ${data.token}` } });
    expect(await triggered.json()).toEqual({ data: { statusCode: 500, message: expect.stringMatching(/^refused: 127\.0\.0\.1/), durationMs: 0 } });
    expect(receiver.requests).toEqual([]);
  }, 60_000);
});
