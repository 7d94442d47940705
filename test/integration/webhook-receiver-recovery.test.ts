/**
 * Issue 22's receiver test: a real receiver that refuses connections (nothing listens on its port
 * yet), then answers 500, then times out (never answers within `timeout`), then recovers. Every
 * event arrives, each delivery id counts once after de-duplication, and one document's events
 * arrive in commit order. Through `vellum start` (SQLite: the retry path is the same code on every
 * database; webhooks.test.ts runs the claims on all three).
 */
import { rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';
import { WEBHOOK_PROJECT } from '../helpers/webhook-project.js';

interface Arrival {
  readonly deliveryId: string;
  readonly event: string;
  readonly documentId: string;
  readonly answered: number | 'hang';
}

/** A port nothing listens on (yet): one the system gave and took back. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

describe('a receiver that refuses, fails, times out, then recovers', () => {
  let dir: string;
  let server: VellumProcess;
  let receiver: Server | undefined;
  const hanging: ServerResponse[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await writeProject({
      ...WEBHOOK_PROJECT,
      // quick retries, a 1 s timeout, and attempts enough for refused + 500 + timeout + success
      'config/server.js': 'module.exports = { webhooks: { allowPrivateTargets: true, timeout: 1000, maxAttempts: 10, backoff: 50, maxBackoff: 200, pollInterval: 100 } };\n',
    });
    env = { ...TEST_SECRETS, DATABASE_FILENAME: join(dir, '.tmp/data.db') };
    server = await startVellumProcess(dir, env);
  }, 120_000);

  afterAll(async () => {
    for (const res of hanging) res.destroy();
    receiver?.closeAllConnections();
    await new Promise<void>((done) => (receiver ? receiver.close(() => done()) : done()));
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('delivers every event once, in commit order per document', async () => {
    const port = await freePort();
    const created = await runVellum(['webhook', 'create', '--dir', dir, '--name', 'recovering', '--url', `http://127.0.0.1:${port}/hook`, '--events', 'entry.create,entry.update'], env);
    expect(created.code).toBe(0);

    // while nothing listens: two documents, each created then updated (four events)
    const documents: string[] = [];
    for (const title of ['first', 'second']) {
      const answer = await fetch(`${server.url}/api/articles?status=draft`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title } }) });
      expect(answer.status).toBe(201);
      const documentId = String(((await answer.json()) as { data: { documentId: string } }).data.documentId);
      documents.push(documentId);
      const updated = await fetch(`${server.url}/api/articles/${documentId}?status=draft`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: `${title}, edited` } }) });
      expect(updated.status).toBe(200);
    }
    // refused for a while (several attempts each)
    await new Promise((done) => setTimeout(done, 600));

    // then it listens: a 500, then a request it never answers (the attempt times out), then 200s
    const arrivals: Arrival[] = [];
    const plan: Array<number | 'hang'> = [500, 'hang'];
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; entry: { documentId: string } };
        const answered = plan.shift() ?? 200;
        arrivals.push({ deliveryId: String(req.headers['x-vellum-delivery']), event: body.event, documentId: body.entry.documentId, answered });
        if (answered === 'hang') hanging.push(res);
        else res.writeHead(answered).end('ok');
      });
    });
    await new Promise<void>((done) => receiver!.listen(port, '127.0.0.1', done));

    const delivered = (): Arrival[] => arrivals.filter((a) => a.answered === 200);
    for (let i = 0; i < 600 && new Set(delivered().map((a) => a.deliveryId)).size < 4; i += 1) await new Promise((done) => setTimeout(done, 25));

    // the receiver saw a 500 and a timeout, and every event arrived: four ids, each delivered once
    expect(arrivals.slice(0, 2).map((a) => a.answered)).toEqual([500, 'hang']);
    const ids = delivered().map((a) => a.deliveryId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    // a failed or timed-out delivery came again with its id
    expect(ids).toEqual(expect.arrayContaining([arrivals[0]!.deliveryId, arrivals[1]!.deliveryId]));
    // the delivery log: attempts refused before anything listened (the creates; the updates wait for them), the 500, the timeout
    const db = await openDatabase({ client: 'sqlite', connection: { filename: join(dir, '.tmp/data.db') } });
    try {
      for (let i = 0; i < 200 && Number((await db.knex('vellum_webhook_attempts').where('status_code', 200).count({ n: '*' }))[0]?.n) < 4; i += 1) await new Promise((done) => setTimeout(done, 25));
      const attempts = await db.knex('vellum_webhook_attempts').select('status_code', 'error');
      expect(attempts.filter((a: { error: string | null }) => /ECONNREFUSED/.test(a.error ?? '')).length).toBeGreaterThanOrEqual(2);
      expect(attempts.filter((a: { status_code: unknown }) => Number(a.status_code) === 500)).toHaveLength(1);
      expect(attempts.filter((a: { error: string | null }) => /timed out after 1000 ms/.test(a.error ?? ''))).toHaveLength(1);
      expect(attempts.filter((a: { status_code: unknown }) => Number(a.status_code) === 200)).toHaveLength(4);
    } finally {
      await db.close();
    }
    // per document, commit order: its create before its update
    for (const documentId of documents) {
      expect(delivered().filter((a) => a.documentId === documentId).map((a) => a.event)).toEqual(['entry.create', 'entry.update']);
    }
  }, 60_000);
});
