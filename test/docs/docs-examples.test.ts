/**
 * The README and docs are tests (issue 18 item 5): every shell command of the README's "Try the
 * demo" and every curl example of docs/*.md runs, with real curl, against the demo started as
 * `npm start` starts it (package.json's script, through bin/vellum.js), and answers what the text
 * says: the status and the facts of the block's `<!-- expect … -->` annotation (docs/README.md).
 * The demo is a copy in a temporary directory laid out as a checkout (`examples/blog`), so the
 * repository's examples/blog/.tmp is not touched and `cd examples/blog` works as written; its
 * port (PORT) replaces 1337 in the URLs. Examples run in the order of the files below, each file
 * as one terminal session (its `cd`, its variables), sharing one server.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { checkExpectation, readCurlOutput } from './doc-expect.js';
import { extractUnits, isCurl, section, type DocCommand, type DocUnit } from './doc-examples.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** reads first, then the files that write (users, locales, files), so writes do not move the facts of reads */
const ORDER = ['README.md', 'docs/rest-api.md', 'docs/i18n.md', 'docs/auth.md', 'docs/upload.md', 'docs/graphql.md', 'docs/admin.md', 'docs/webhooks.md', 'docs/admin-api.md',
  // last: its create restarts the demo (vellum develop) on the new schema
  'docs/content-type-builder.md'];
/** variables of this process that would pick another port, database or mode for the demo */
const OWN_SETTINGS = /^(HOST|PORT|NODE_ENV|DATABASE_\w+|LOG_LEVEL|REDIS_URL|APP_KEYS|API_TOKEN_SALT|JWT_SECRET|ADMIN_JWT_SECRET|SMTP_\w+)$/;
/** `npx vellum` is the package's bin (bin/vellum.js) as a project that installed it runs it */
const PRELUDE = `npx() { if [ "$1" = vellum ]; then shift; node "$VELLUM_BIN" "$@"; else command npx "$@"; fi; }
curl() { command curl -sS -w '%{stderr}\\n@@status=%{http_code}@@' "$@"; }
`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function unitsToRun(): Promise<DocUnit[]> {
  const readme = await readFile(join(REPO, 'README.md'), 'utf8');
  const demo = section(readme, 'Try the demo');
  const units = extractUnits('README.md', demo.text, { lineOffset: demo.firstLine });
  for (const file of ORDER.slice(1)) units.push(...extractUnits(file, await readFile(join(REPO, file), 'utf8')));
  return units;
}

let root = '';
let port = 0;
let smtp: TestSmtp;
let output = '';
let server: ReturnType<typeof spawn> | undefined;
const env: Record<string, string> = {};
/** shell variables and `<placeholders>` set so far (TOKEN, JWT, documentId, …) */
const vars: Record<string, string> = {};

/** Runs `script` in bash (asynchronously: the SMTP server in this process must keep answering). */
function run(script: string, cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const ownVars = Object.fromEntries(Object.entries(vars).filter(([key]) => /^[A-Za-z_]\w*$/.test(key)));
  const child = spawn('bash', ['-c', PRELUDE + script], { cwd, env: { ...env, ...ownVars }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((done) => child.once('close', (status) => done({ status, stdout, stderr })));
}

/** The command as the reader's terminal gets it: this demo's port, the placeholders filled in. */
function prepared(command: DocCommand): string {
  return command.text
    .replace(/http:\/\/(127\.0\.0\.1|localhost):1337/g, `http://127.0.0.1:${port}`)
    .replace(/<([A-Za-z][\w ]*)>/g, (whole, name: string) => {
      if (name === 'code from the mail') {
        const mail = smtp.messages.at(-1);
        const code = mail === undefined ? undefined : /[?&]code=([\w.-]+)/.exec(mail.body)?.[1];
        if (code === undefined) throw new Error(`no reset code in the mail: ${mail?.body}`);
        return code;
      }
      const value = vars[name];
      if (value === undefined) throw new Error(`${whole}: no earlier command saved it (save:${name}=…)`);
      return value;
    });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vellum-docs-'));
  await cp(join(REPO, 'examples', 'blog'), join(root, 'examples', 'blog'), {
    recursive: true,
    filter: (source) => !/[\\/](\.tmp|\.env|public)$/.test(source),
  });
  // the files the upload examples send, made in the directory the examples run in (large
  // enough for the thumbnail format)
  for (const [name, r] of [['cover.png', 10], ['one.jpg', 60], ['two.jpg', 120]] as const) {
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 90, b: 160 } } }).toFile(join(root, name));
  }
  smtp = await startSmtp();
  port = await freePort();
  Object.assign(env, Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key))) as Record<string, string>);
  env.VELLUM_BIN = join(REPO, 'bin', 'vellum.js');
  // Exactly `npm start`: package.json's command, from a checkout-like directory; PORT picks the
  // port as the README says; SMTP_HOST gives the demo the email provider auth.md's reset needs.
  const script = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')).scripts.start as string;
  const [node, bin, ...args] = script.split(' ');
  expect(node).toBe('node');
  server = spawn(process.execPath, [join(REPO, bin), ...args], {
    cwd: root,
    env: { ...env, PORT: String(port), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  server.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const until = Date.now() + 90_000;
  while (!/running at http/.test(output)) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  // the API token the docs send as $TOKEN, made the way auth.md makes one
  const made = await run('npx vellum token create --name docs-examples --type full-access --dir examples/blog | tail -n 1', root);
  expect(made.status, made.stderr).toBe(0);
  vars.TOKEN = made.stdout.trim();
}, 120_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  if (root !== '') await rm(root, { recursive: true, force: true });
});

const units = await unitsToRun();

describe('docs examples', () => {
  it('covers every doc with a curl example, and the README start command is npm start', async () => {
    const docs = (await readdir(join(REPO, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    for (const file of docs) {
      const hasCurl = extractUnits(file, await readFile(join(REPO, file), 'utf8')).length > 0;
      expect(ORDER.includes(file) || !hasCurl, `${file} has curl examples: add it to ORDER`).toBe(true);
    }
    // the section's first command is how the server above was started; its other blocks are
    // curl examples (run below) and `npm test` (this suite)
    const demo = section(await readFile(join(REPO, 'README.md'), 'utf8'), 'Try the demo');
    const blocks = extractUnits('README.md', demo.text, { all: true }).map((u) => u.commands.map((c) => c.text).join('\n'));
    expect(blocks[0]).toBe('npm install && npm start');
    expect(blocks.filter((b) => !b.includes('curl '))).toEqual(['npm install && npm start', 'npm test']);
  });

  let cwdOf: { file: string; cwd: string } = { file: '', cwd: '' };
  for (const unit of units) {
    it(`${unit.file}:${unit.line}`, async () => {
      if (cwdOf.file !== unit.file) cwdOf = { file: unit.file, cwd: root };
      const curls = unit.commands.filter(isCurl);
      expect(unit.expect, `${unit.file}:${unit.line} needs an <!-- expect … --> annotation, one line per curl command`).not.toBeNull();
      expect(unit.expect!.length, `${unit.file}:${unit.line}: ${curls.length} curl commands, ${unit.expect!.length} expect lines`).toBe(curls.length);
      let next = 0;
      for (const command of unit.commands) {
        const where = `${unit.file}:${command.line} \`${command.text}\``;
        const cd = /^cd\s+(\S+)$/.exec(command.text);
        if (cd !== null) {
          cwdOf.cwd = resolve(cwdOf.cwd, cd[1]);
          continue;
        }
        const assignment = /^([A-Za-z_]\w*)=(.*)$/.exec(command.text);
        if (assignment !== null) {
          // `JWT=eyJ…`: the value the reader has from an earlier answer
          if (assignment[2].includes('…')) {
            expect(vars[assignment[1]], `${where}: nothing saved ${assignment[1]} before`).toBeDefined();
            continue;
          }
          const set = await run(`${prepared(command)}\nprintf %s "$${assignment[1]}"`, cwdOf.cwd);
          expect(set.status, `${where}\n${set.stderr}`).toBe(0);
          vars[assignment[1]] = set.stdout;
          continue;
        }
        const result = await run(prepared(command), cwdOf.cwd);
        if (!isCurl(command)) {
          expect(result.status, `${where}\n${result.stdout}${result.stderr}`).toBe(0);
          continue;
        }
        const status = Number(/@@status=(\d{3})@@/.exec(result.stderr)?.[1] ?? 0);
        const line = unit.expect![next++];
        const checked = checkExpectation(line, readCurlOutput(result.stdout, status));
        // a status in the command's own comment (`# 200`) must hold too
        const said = /^(\d{3})\b/.exec(command.comment)?.[1];
        if (said !== undefined && Number(said) !== status) checked.failures.push(`status ${status}, the comment says ${said}`);
        expect(checked.failures, `${where}\nexpect: ${line}\nanswer: ${result.stdout.slice(0, 1500)}\n${result.stderr}`).toEqual([]);
        Object.assign(vars, checked.saved);
      }
    });
  }
});
