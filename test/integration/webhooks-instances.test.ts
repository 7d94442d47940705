/**
 * Two `vellum start` instances on one PostgreSQL (and one MySQL) database, both delivering from
 * the same outbox: every event of writes made through both, concurrently, reaches the receiver
 * exactly once (each delivery id once, each document's event once), whichever instance sent it
 * (issue 22: `FOR UPDATE SKIP LOCKED` claims).
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeDialects } from '../helpers/dialects.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { WEBHOOK_PROJECT } from '../helpers/webhook-project.js';

const WRITES = 40;

for (const dialect of activeDialects().filter((d) => d !== 'sqlite')) {
  describe(`two instances deliver each event once [${dialect}]`, () => {
    let database: TestDatabase;
    let receiver: WebhookReceiver;
    let dir: string;
    let env: Record<string, string>;
    let instances: VellumProcess[] = [];

    beforeAll(async () => {
      [database, receiver] = await Promise.all([createTestDatabase(dialect), startWebhookReceiver()]);
      dir = await writeProject(WEBHOOK_PROJECT);
      env = { ...databaseEnv(database.config), ...TEST_SECRETS };
      instances = await Promise.all([startVellumProcess(dir, env), startVellumProcess(dir, env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await receiver?.close();
      await database?.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('sends every event once between them', async () => {
      const created = await runVellum(['webhook', 'create', '--dir', dir, '--name', 'once', '--url', `${receiver.url}/once`, '--events', 'entry.create'], env);
      expect(created.code).toBe(0);
      // a slow receiver keeps deliveries in flight while both instances look for more
      receiver.answer('/once', { status: 200, afterMs: 30 });
      const responses = await Promise.all(Array.from({ length: WRITES }, async (_, i) => {
        const response = await fetch(`${instances[i % 2]!.url}/api/articles?status=draft`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { title: `article ${i}` } }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { data: { documentId: string } }).data.documentId;
      }));
      const requests = await receiver.waitFor('/once', WRITES);
      // both had their chance to send one twice: a second round of polls passes
      await Promise.all(instances.map((instance) => fetch(`${instance.url}/api/articles?status=draft`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'last' } }) })));
      await receiver.waitFor('/once', WRITES + 2);
      const all = receiver.to('/once');
      expect(all).toHaveLength(WRITES + 2);
      expect(new Set(all.map((r) => r.headers['x-vellum-delivery'])).size).toBe(WRITES + 2);
      expect(new Set(requests.map((r) => r.json.entry.documentId))).toEqual(new Set(responses));
    }, 120_000);
  });
}
