/**
 * Uploads stream: a 200 MB file sent over real HTTP to a server running as its own process (the
 * `vellum start` CLI) raises that process's peak resident memory by at most 50 MB, and arrives
 * whole. The peak is read from the kernel (`VmHWM` in /proc/<pid>/status, reset through
 * `clear_refs` after a warm-up upload), so no sampling or timing is involved. The database plays
 * no part in how bytes flow, so this runs on SQLite only; the upload paths that touch the
 * database are tested on every dialect in upload-safety.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const MB = 1_000_000;
const UPLOAD_BYTES = 200 * MB;
const MAX_GROWTH_BYTES = 50 * 1024 * 1024;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** kB figures of /proc/<pid>/status, in bytes */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * POSTs one file of `size` bytes as multipart, generated 1 MB at a time (the same pattern
 * repeated, so the client holds 1 MB whatever the size); resolves with the status, the body
 * and the sha256 of the bytes sent.
 */
function uploadGenerated(url: string, filename: string, size: number): Promise<{ status: number; body: any; sha256: string }> {
  const boundary = `----vellum${randomBytes(8).toString('hex')}`;
  const chunk = Buffer.alloc(MB, 0);
  for (let i = 0; i < chunk.length; i += 1) chunk[i] = (i * 7 + 13) % 251;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sha256: hash.digest('hex') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
        sent += piece.length;
        hash.update(piece);
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(path)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

describe('streamed uploads', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  let url = '';
  let output = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vellum-stream-'));
    await cp(BLOG_FIXTURE, dir, { recursive: true });
    // anonymous uploads, so the client sends nothing but the file
    await writeFile(join(dir, 'src', 'index.js'), "module.exports = { async bootstrap({ app }) { await app.permissions.grant('public', ['plugin::upload.file.create']); } };\n");
    const port = await freePort();
    child = spawn(process.execPath, vellumArgs('start', dir), {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(dir, 'data.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        const match = /running at (http:\/\/\S+)/.exec(output);
        if (match) {
          url = match[1]!.replace(/\s.*$/, '');
          resolve();
        }
      };
      child!.stdout!.on('data', check);
      child!.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a 200 MB upload whole while the server grows by at most 50 MB', async () => {
    const pid = child!.pid!;
    // warm-up: every module and buffer pool of the upload path is loaded before measuring
    const warm = await uploadGenerated(url, 'warm-up.bin', 8 * MB);
    expect(warm.status).toBe(201);
    await writeFile(`/proc/${pid}/clear_refs`, '5'); // peak := current
    const before = await memory(pid);

    const sent = await uploadGenerated(url, 'large.bin', UPLOAD_BYTES);
    const after = await memory(pid);

    expect(sent.status).toBe(201);
    const [file] = sent.body as Array<{ url: string; size: number; mime: string; ext: string }>;
    expect(file).toMatchObject({ size: UPLOAD_BYTES / 1000, mime: 'application/octet-stream', ext: '.bin' });
    const path = join(dir, 'public', file!.url);
    expect((await stat(path)).size).toBe(UPLOAD_BYTES);
    expect(await sha256Of(path)).toBe(sent.sha256);
    const growth = after.peak - before.rss;
    expect(growth, `peak RSS ${after.peak} bytes vs ${before.rss} before the upload`).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  }, 180_000);
});
