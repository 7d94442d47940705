/**
 * The single-file server bundle `bin/vellum.js` runs (`npm run build:bundle`, built from the
 * current sources by the tests' global setup): it starts a project and answers REST and GraphQL,
 * with the lazily loaded parts (nexus for an extension) still reachable. The launcher runs that
 * bundle and nothing else: without it, it stops and tells to run `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FIXTURE } from '../helpers/test-app.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
let projectDir = '';
const children: ChildProcess[] = [];

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

beforeAll(async () => {
  await mkdir(join(REPO, '.tmp'), { recursive: true });
  projectDir = await mkdtemp(join(REPO, '.tmp', 'server-bundle-project-'));
  await cp(BLOG_FIXTURE, projectDir, { recursive: true });
  // a GraphQL extension written as a function: it receives nexus, which the bundle loads on demand
  await mkdir(join(projectDir, 'src'), { recursive: true });
  // Project code importing `vellum` gets the running server's own classes: an error it throws is
  // recognised (403 FORBIDDEN), not masked as a 500 from a second copy of the package.
  await writeFile(join(projectDir, 'src', 'index.ts'), `import { errors } from 'vellum';
export default {
  register({ strapi }: { strapi: any }) {
    strapi.plugin('graphql').service('extension').use(({ nexus }) => ({
      types: [nexus.extendType({ type: 'Query', definition(t: any) {
        t.string('bundled', { resolve: () => 'yes' });
        t.string('refused', { resolve: () => { throw new errors.ForbiddenError('not for you'); } });
      } })],
      resolversConfig: { 'Query.bundled': { auth: false }, 'Query.refused': { auth: false } },
    }));
  },
};
`);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? exitOf(child) : null)));
  await rm(projectDir, { recursive: true, force: true });
});

describe('server bundle', () => {
  it('starts a project and answers REST and GraphQL, with a nexus extension and errors from `vellum`', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(HOST|PORT|DATABASE_\w+)$/.test(key)));
    const child = spawn(process.execPath, vellumArgs('start', projectDir), {
      env: { ...env, NODE_ENV: 'development', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    const until = Date.now() + 30_000;
    while (!/running at/.test(output) && Date.now() < until && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    expect(output).toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);

    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${url}/api/articles`)).status).not.toBe(404);
    const graphql = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ bundled }' }),
    });
    expect(await graphql.json()).toEqual({ data: { bundled: 'yes' } });
    const refused = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ refused }' }),
    });
    const body = (await refused.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors.map((e) => [e.message, e.extensions.code])).toEqual([['not for you', 'FORBIDDEN']]);
  }, 60_000);

  it('bin/vellum.js without the bundle stops with a clear message, not another program', async () => {
    // a copy of the package without dist/bundle/ (the tsc output alone): the launcher must not
    // fall back to dist/cli/
    const copy = await mkdtemp(join(REPO, '.tmp', 'launcher-'));
    try {
      await mkdir(join(copy, 'bin'));
      await cp(join(REPO, 'bin', 'vellum.js'), join(copy, 'bin', 'vellum.js'));
      await cp(join(REPO, 'package.json'), join(copy, 'package.json'));
      await cp(join(REPO, 'dist', 'cli'), join(copy, 'dist', 'cli'), { recursive: true });
      const child = spawn(process.execPath, [join(copy, 'bin', 'vellum.js'), 'token', 'list', '--dir', projectDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
      expect(await exitOf(child)).toBe(1);
      expect(stderr).toContain(`the server bundle ${join(copy, 'dist', 'bundle', 'main.js')} is missing`);
      expect(stderr).toContain('Run `npm run build`');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
