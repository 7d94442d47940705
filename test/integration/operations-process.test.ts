/**
 * A production process as an orchestrator runs it (`vellum start`, real signals, real ports):
 * SIGTERM lets an in-flight request finish, refuses new connections, runs `destroy`, closes the
 * pool and exits 0; stdout is JSON lines with request ids, method, path, status and duration at
 * LOG_LEVEL, and no credential sent in a request appears in any of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** the blog project with a slow route (its handler announces itself on stdout) and a `destroy` that leaves a file */
const INDEX = `
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
module.exports = {
  bootstrap({ strapi }) {
    strapi.server.get('/slow', async () => {
      console.log('slow request started');
      await new Promise((done) => setTimeout(done, 1500));
      return { finished: true };
    });
  },
  destroy({ strapi }) {
    writeFileSync(join(strapi.dir, 'destroyed.txt'), 'yes');
  },
};
`;

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-ops-'));
  dirs.push(dir);
  await cp(BLOG_FIXTURE, dir, { recursive: true });
  await writeFile(join(dir, 'src/index.js'), INDEX);
  return dir;
}

function start(dir: string, env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(HOST|PORT|DATABASE_\w+|LOG_LEVEL|REDIS_URL)$/.test(key)));
  const child = spawn(process.execPath, vellumArgs('start', dir), {
    env: { ...clean, NODE_ENV: 'production', PORT: '0', JWT_SECRET: 'a-test-secret-of-decent-length', ADMIN_JWT_SECRET: 'an-admin-secret-of-decent-length', APP_KEYS: 'k1,k2', API_TOKEN_SALT: 'a-test-salt-of-decent-length', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const waitFor = async (pattern: RegExp): Promise<RegExpMatchArray> => {
    for (let i = 0; i < 600; i += 1) {
      const match = pattern.exec(stdout);
      if (match) return match;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${pattern} in stdout:\n${stdout}\nstderr:\n${stderr}`);
  };
  return { child, exited, waitFor, stdout: () => stdout };
}

describe('a production process', () => {
  it('on SIGTERM finishes the in-flight request, refuses new connections, runs destroy and exits 0', async () => {
    const dir = await project();
    const proc = start(dir, {});
    const [, url] = await proc.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await fetch(`${url}/_ready`)).status).toBe(200);
    const slow = fetch(`${url}/slow`);
    await proc.waitFor(/slow request started/);
    proc.child.kill('SIGTERM');
    await proc.waitFor(/SIGTERM: draining/);
    const response = await slow;
    expect([response.status, await response.json()]).toEqual([200, { finished: true }]);
    await expect(fetch(`${url}/_health`)).rejects.toThrow();
    expect(await proc.exited).toBe(0);
    expect(await readFile(join(dir, 'destroyed.txt'), 'utf8')).toBe('yes');
  });

  it('writes JSON log lines with request ids, method, path, status and duration, and no credential', async () => {
    const dir = await project();
    const proc = start(dir, { LOG_LEVEL: 'info' });
    const [, url] = await proc.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+)/);
    const password = 'Sup3r-secret-passw0rd';
    const bearer = 'tok_0123456789abcdef0123456789abcdef';
    const register = await fetch(`${url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, cookie: `session=${bearer}` },
      body: JSON.stringify({ username: 'logger', email: 'logger@example.com', password }),
    });
    const { jwt } = (await register.json()) as { jwt: string };
    expect(jwt).toMatch(/^ey/);
    await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
    await fetch(`${url}/api/auth/reset-password?code=${bearer}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: bearer, password, passwordConfirmation: password }) });
    await proc.waitFor(/"path":"\/api\/auth\/reset-password"/);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);

    const lines = proc.stdout().split('\n').filter((line) => line !== '');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.map((e) => [e.method, e.path, e.status])).toEqual([
      ['POST', '/api/auth/local/register', 200],
      ['GET', '/api/users/me', 200],
      ['POST', '/api/auth/reset-password', 400],
    ]);
    for (const entry of completed) {
      expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof entry.durationMs).toBe('number');
      expect(entry.level).toBe(30);
    }
    expect(new Set(completed.map((e) => e.reqId)).size).toBe(3);
    const all = proc.stdout();
    for (const secret of [password, bearer, jwt, 'a-test-secret-of-decent-length']) expect(all).not.toContain(secret);
  });

  it('logs no request lines at LOG_LEVEL=warn', async () => {
    const dir = await project();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const proc = start(dir, { LOG_LEVEL: 'warn', PORT: String(port) });
    // the startup line is info, so the readiness probe says when the server is up
    let ready = 0;
    for (let i = 0; i < 600 && ready !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      ready = await fetch(`http://127.0.0.1:${port}/_ready`).then((r) => r.status, () => 0);
    }
    expect(ready).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/nothing-here`)).status).toBe(404);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.stdout()).not.toContain('request completed');
    expect(proc.stdout()).not.toContain('running at');
  });
});
