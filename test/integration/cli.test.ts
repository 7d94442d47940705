/** The `vellum` CLI as a user runs it: real processes, real ports, real files. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-cli-'));
  dirs.push(dir);
  await cp(BLOG_FIXTURE, dir, { recursive: true });
  return dir;
}

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, vellumArgs(...args), {
    env: { ...withoutServerVars(process.env), NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const match = pattern.exec(output);
      if (match) return match;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${pattern} in output:\n${output}`);
  };
  return { child, exited, waitFor, output: () => output };
}

/** The test process's own HOST/PORT/DATABASE_* must not leak into the project under test. */
function withoutServerVars(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^(HOST|PORT|DATABASE_\w+)$/.test(key)));
}

const freePort = (): number => 20_000 + Math.floor(Math.random() * 20_000);

describe('vellum CLI', () => {
  it('start serves a project on PORT from the environment and stores SQLite in .tmp/data.db', async () => {
    const dir = await project();
    const port = freePort();
    const cli = run(['start', dir], { PORT: String(port) });
    const [, url] = await cli.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${url}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${url}/api/articles`)).status).not.toBe(404);
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(dir, '.tmp', 'data.db'))).toBe(true);
  });

  it('reads PORT from the project .env file', async () => {
    const dir = await project();
    const port = freePort();
    await writeFile(join(dir, '.env'), `PORT=${port}\n`);
    const cli = run(['start', dir]);
    const [, url] = await cli.waitFor(/running at (http:\/\/[\d.]+:\d+)/);
    expect(url).toBe(`http://127.0.0.1:${port}`);
  });

  it('refuses to start on a schema mistake with one message naming the file and the attribute', async () => {
    const dir = await project();
    const schema = join(dir, 'src/api/tag/content-types/tag/schema.json');
    await writeFile(schema, JSON.stringify({
      kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
      attributes: { name: { type: 'strang' } },
    }));
    const cli = run(['start', dir], { PORT: String(freePort()) });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('src/api/tag/content-types/tag/schema.json');
    expect(cli.output()).toMatch(/"name".*strang/);
    expect(cli.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  for (const command of ['start', 'develop']) {
    it(`${command} exits non-zero with a clear message when its port is taken`, async () => {
      const dir = await project();
      const taken = createServer();
      await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
      try {
        const { port } = taken.address() as AddressInfo;
        const cli = run([command, dir], { PORT: String(port) });
        expect(await cli.exited).toBe(1);
        expect(cli.output()).toContain(`Cannot listen on 127.0.0.1:${port}: the port is already in use (EADDRINUSE)`);
        expect(cli.output()).not.toMatch(/\n\s+at /); // no stack trace
        expect(cli.output()).not.toContain('running at');
      } finally {
        await new Promise((done) => taken.close(done));
      }
    });
  }

  it('develop restarts on a schema change and serves the new content type', async () => {
    const dir = await project();
    const port = freePort();
    const cli = run(['develop', dir], { PORT: String(port) });
    await cli.waitFor(/running at/);
    expect((await fetch(`http://127.0.0.1:${port}/api/notes`)).status).toBe(404);
    await mkdir(join(dir, 'src/api/note/content-types/note'), { recursive: true });
    await writeFile(join(dir, 'src/api/note/content-types/note/schema.json'), JSON.stringify({
      kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      attributes: { text: { type: 'text' } },
    }));
    await cli.waitFor(/Change detected[\s\S]*running at/);
    expect((await fetch(`http://127.0.0.1:${port}/api/notes`)).status).not.toBe(404);
  });

  it('prints usage and fails on an unknown command', async () => {
    const cli = run(['frobnicate']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('Usage: vellum');
  });
});
