/**
 * A load balancer for tests: a node:http reverse proxy on a free loopback port that sends each
 * request to the next upstream in turn (round robin, per request, not per connection), appends
 * the client's address to `X-Forwarded-For` as nginx's `$proxy_add_x_forwarded_for` does, and
 * names the upstream that answered in `X-Upstream`, so a test can tell which instance served a
 * request. Upstreams can be added and removed while it runs (a rolling deploy).
 */
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  readonly name: string;
  /** `http://host:port` */
  readonly url: string;
}

export interface RoundRobinProxy {
  readonly url: string;
  /** the upstreams in rotation, in order */
  readonly upstreams: Upstream[];
  /** the name of the upstream the next request goes to */
  next(): string;
  close(): Promise<void>;
}

function forwardedFor(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  return earlier === undefined ? peer : `${String(earlier)}, ${peer}`;
}

export async function startRoundRobinProxy(upstreams: Upstream[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const pick = (): Upstream => {
    if (upstreams.length === 0) throw new Error('round-robin proxy: no upstream');
    const upstream = upstreams[turn % upstreams.length]!;
    turn += 1;
    return upstream;
  };
  const server: Server = createServer((req, res) => {
    const upstream = pick();
    const target = new URL(req.url ?? '/', upstream.url);
    const outgoing = forward(target, {
      method: req.method,
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor(req) },
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream.name });
      answer.pipe(res);
    });
    outgoing.on('error', (error) => {
      // as a balancer does: an upstream that is down is a 502, never a hung request
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': upstream.name });
      res.end(`upstream ${upstream.name}: ${error.message}`);
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    next: () => upstreams[turn % upstreams.length]?.name ?? '',
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
