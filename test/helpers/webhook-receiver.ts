/**
 * A real webhook receiver for tests: a node:http server on 127.0.0.1 and a free port that
 * records every request (path, headers, raw body) and answers as the test says per path —
 * a status, a sequence of statuses, or `hang` (never answers; the connection stays open).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly json: any;
}

/** a status, a status after a delay (a slow receiver), or never answering */
export type Answer = number | { status: number; afterMs: number } | 'hang';

export interface WebhookReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** answers of `path`, in order; the last one repeats (default 200) */
  answer(path: string, ...answers: Answer[]): void;
  /** requests to `path` so far */
  to(path: string): ReceivedRequest[];
  /** resolves once `count` requests to `path` arrived (polls; fails after `timeoutMs`) */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const plans = new Map<string, Answer[]>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ path, headers: req.headers, body, json });
      const plan = plans.get(path) ?? [];
      const next = plan.length > 1 ? plan.shift()! : (plan[0] ?? 200);
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      const [status, afterMs] = typeof next === 'number' ? [next, 0] : [next.status, next.afterMs];
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(`answer ${status} from ${path}`);
      }, afterMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const to = (path: string): ReceivedRequest[] => requests.filter((r) => r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(path, ...answers) {
      plans.set(path, answers);
    },
    to,
    async waitFor(path, count, timeoutMs = 30_000) {
      const started = Date.now();
      while (to(path).length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`${to(path).length} of ${count} requests to ${path} arrived; all requests: ${JSON.stringify(requests.map((r) => [r.path, r.headers['x-strapi-event']]))}`);
        await new Promise((done) => setTimeout(done, 25));
      }
      return to(path);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
