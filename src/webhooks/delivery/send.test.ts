import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './targets.js';
import { keepAliveAgents, sendWebhook, type SendRequest } from './send.js';
import { retryDelay } from './worker.js';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and IPv4-mapped forms of them', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });
  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('sendWebhook', () => {
  let server: Server;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      received += 1;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        res.end();
        return;
      }
      res.writeHead(200);
      res.end('x'.repeat(5000));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const request = (url: string, allowPrivateTargets: boolean): SendRequest => ({ url, headers: {}, body: '{}', timeoutMs: 2000, allowPrivateTargets, keepBytes: 16 });

  it('refuses a private target by address and by name (the address the lookup answers), connecting to nothing', async () => {
    const before = received;
    const literal = await sendWebhook(request(`http://127.0.0.1:${port}/`, false));
    expect(literal.statusCode).toBeNull();
    expect(literal.error).toMatch(/refused: 127\.0\.0\.1 .*allowPrivateTargets/);
    const named = await sendWebhook(request(`http://localhost:${port}/`, false));
    expect(named.statusCode).toBeNull();
    expect(named.error).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1)/);
    const mapped = await sendWebhook(request(`http://[::ffff:127.0.0.1]:${port}/`, false));
    expect(mapped.error).toMatch(/refused/);
    // the worker's keep-alive connections are checked the same way when they are made
    const agents = keepAliveAgents();
    const pooled = await sendWebhook({ ...request(`http://localhost:${port}/`, false), agents });
    agents.destroy();
    expect(pooled.error).toMatch(/refused: localhost resolves to/);
    expect(received).toBe(before);
  });

  it('sends when private targets are allowed, keeping the first bytes of the answer', async () => {
    const result = await sendWebhook(request(`http://localhost:${port}/`, true));
    expect(result.statusCode).toBe(200);
    expect(result.responseHead).toBe('x'.repeat(16));
  });

  it('does not follow a redirect: the 3xx is the outcome', async () => {
    const result = await sendWebhook(request(`http://127.0.0.1:${port}/redirect`, true));
    expect(result.statusCode).toBe(302);
  });
});

describe('retryDelay', () => {
  it('doubles from the base, with jitter between half and all of it, up to the maximum', () => {
    expect(retryDelay(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(retryDelay(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(retryDelay(30, 1000, 60_000, () => 1)).toBe(60_000);
    expect(retryDelay(30, 1000, 60_000, () => 0)).toBe(30_000);
  });
});
