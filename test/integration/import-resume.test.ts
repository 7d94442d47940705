/**
 * `vellum import --resume`: an import killed mid-way (kill -9: no clean-up runs) continues after
 * its last committed batch, and ends with exactly the rows and stored files of an import that was
 * never interrupted. The archive is the Strapi 5.54 fixture with 12,000 more tags, each linked
 * to the first article, so both the entities and the links span many batches: the first run is
 * killed once a batch of entities is committed, the resumed run once a batch of links is, and a
 * third run finishes. Also: a database left by a killed import is refused without --resume or
 * --force (saying --resume continues it), and a failing run with --resume keeps what it
 * committed (without --resume it is removed: import-export.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { IMPORT_PROGRESS_TABLE } from '../../src/db/import-progress-table.js';
import type { DialectName } from '../../src/db/dialect.js';
import { blogSchemaFiles } from '../helpers/blog-project.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';
import { runVellum, vellumArgs } from '../helpers/vellum-bin.js';

const PLAIN = fileURLToPath(new URL('../fixtures/strapi-export/blog-plain.tar.gz', import.meta.url));
const EXTRA_TAGS = 12_000;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

let work: string;
let archive: string;
let broken: string;

/** the blog example's schemas and components, nothing else */
async function blogProject(): Promise<string> {
  const dir = await writeProject(await blogSchemaFiles());
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

beforeAll(async () => {
  const { x, c } = await import('tar');
  work = await mkdtemp(join(tmpdir(), 'vellum-import-resume-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const tree = join(work, 'tree');
  await mkdir(tree);
  await x({ file: PLAIN, cwd: tree });
  const entities = join(tree, 'entities', 'entities_00001.jsonl');
  const links = join(tree, 'links', 'links_00001.jsonl');
  const tags: string[] = [];
  const tagLinks: string[] = [];
  for (let n = 1; n <= EXTRA_TAGS; n += 1) {
    const id = 1000 + n;
    const at = '2026-01-01T00:00:00.000Z';
    tags.push(JSON.stringify({ type: 'api::tag.tag', id, data: { documentId: `t${String(n).padStart(23, '0')}`, name: `tag ${n}`, createdAt: at, updatedAt: at, publishedAt: at, locale: null } }));
    tagLinks.push(JSON.stringify({ kind: 'relation.basic', relation: 'manyToMany', left: { type: 'api::article.article', ref: 1, field: 'tags', pos: 10 + n }, right: { type: 'api::tag.tag', ref: id, field: 'articles' } }));
  }
  const append = async (file: string, lines: string[]): Promise<void> => {
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text.endsWith('\n') ? text : `${text}\n`}${lines.join('\n')}\n`);
  };
  await append(entities, tags);
  await append(links, tagLinks);
  const parts = ['metadata.json', 'schemas', 'entities', 'assets', 'links', 'configuration'];
  archive = join(work, 'big.tar.gz');
  await c({ gzip: true, file: archive, cwd: tree }, parts);
  // the same, with one tag twice near the end: the write pass fails there
  await append(entities, [tags.at(-1)!]);
  broken = join(work, 'broken.tar.gz');
  await c({ gzip: true, file: broken, cwd: tree }, parts);
});

interface Target {
  readonly db: TestDatabase;
  readonly env: Record<string, string>;
}

async function dialectTarget(dialect: DialectName): Promise<Target> {
  const db = await createTestDatabase(dialect);
  cleanups.push(() => db.drop());
  return { db, env: { ...TEST_SECRETS, ...databaseEnv(db.config) } };
}

/** `vellum import` killed with SIGKILL as soon as it reports a committed batch of `stage`. */
function killDuring(args: readonly string[], env: Record<string, string>, stage: string): Promise<{ signal: string | null; count: number }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, vellumArgs(...args), { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let count = 0;
    let buffered = '';
    child.stderr.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const event = (line.startsWith('{') ? JSON.parse(line) : {}) as { stage?: string; count?: number };
        // a count is printed after its batch committed
        if (count === 0 && event.stage === stage && (event.count ?? 0) > 0) {
          count = event.count!;
          child.kill('SIGKILL');
        }
      }
    });
    child.once('exit', (_code, signal) => done({ signal, count }));
  });
}

/** Every row of the tables the import writes, in a stable order, and the progress records left. */
async function dump(target: Target, tables: readonly string[]): Promise<{ rows: Record<string, string[]>; progress: unknown[] }> {
  const db = await openDatabase(target.db.config);
  try {
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const found = await db.knex(table).select('*');
      rows[table] = found.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
    }
    return { rows, progress: await db.knex(IMPORT_PROGRESS_TABLE).select('*') };
  } finally {
    await db.close();
  }
}

/** `articles: 3 rows` lines of an import's summary → the table names */
const tablesOf = (stdout: string): string[] => [...stdout.matchAll(/^ {2}(\w+): \d+ rows$/gm)].map((m) => m[1]!);

describeEachDialect('vellum import --resume', (dialect) => {
  it('a killed import resumes (twice) to exactly what an uninterrupted import writes', async () => {
    const reference = { dir: await blogProject(), target: await dialectTarget(dialect) };
    const whole = await runVellum(['import', archive, '--dir', reference.dir], reference.target.env);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toContain(`${35 + EXTRA_TAGS} entities`);
    const tables = tablesOf(whole.stdout);
    expect(tables).toEqual(expect.arrayContaining(['tags', 'articles_tags_lnk', 'files', 'files_related_mph']));

    const dir = await blogProject();
    const target = await dialectTarget(dialect);
    const first = await killDuring(['import', archive, '--dir', dir], target.env, 'entities');
    expect(first.signal).toBe('SIGKILL');
    const afterKill = await dump(target, ['tags']);
    // whole batches only: the record names exactly what is committed
    expect(afterKill.rows.tags!.length).toBeGreaterThan(0);
    expect(afterKill.rows.tags!.length).toBeLessThan(35 + EXTRA_TAGS);
    expect(afterKill.progress).toEqual([expect.objectContaining({ path: 'entities/entities_00001.jsonl', parts: 'config,content,files' })]);

    const refused = await runVellum(['import', archive, '--dir', dir], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/An import of this archive was interrupted after entities\/entities_00001\.jsonl line \d+: --resume continues it\./);

    const second = await killDuring(['import', archive, '--resume', '--dir', dir], target.env, 'links');
    expect(second.signal).toBe('SIGKILL');
    expect((await dump(target, [])).progress).toEqual([expect.objectContaining({ path: 'links/links_00001.jsonl' })]);

    const third = await runVellum(['import', archive, '--resume', '--dir', dir], target.env);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toMatch(/^Resumed an interrupted import after links\/links_00001\.jsonl line \d+/);

    const expected = await dump(reference.target, tables);
    const resumed = await dump(target, tables);
    for (const table of tables) expect(resumed.rows[table], table).toEqual(expected.rows[table]);
    expect(resumed.rows.tags).toHaveLength(3 + EXTRA_TAGS);
    expect(resumed.rows.articles_tags_lnk!.length).toBeGreaterThan(EXTRA_TAGS);
    expect(expected.progress).toEqual([]);
    expect(resumed.progress).toEqual([]);
    // each stored file once, under its archive name (the resumed runs skipped the stored ones)
    expect((await readdir(join(dir, 'public', 'uploads'))).sort()).toEqual((await readdir(join(reference.dir, 'public', 'uploads'))).sort());
  }, 120_000);

  it('with --resume a failing import keeps what it committed; without, a resume of nothing is a plain import', async () => {
    const dir = await blogProject();
    const target = await dialectTarget(dialect);
    const failed = await runVellum(['import', broken, '--resume', '--dir', dir], target.env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/The import stopped after entities\/entities_00001\.jsonl line \d+; what it committed is kept: run the same command again to continue: /);
    expect(failed.stderr).not.toContain('insert into');
    const kept = await dump(target, ['tags']);
    expect(kept.rows.tags!.length).toBeGreaterThanOrEqual(2000);
    expect(kept.progress).toHaveLength(1);

    // another archive: nothing of it to resume, and the database holds content
    const other = await runVellum(['import', archive, '--resume', '--dir', dir], target.env);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('The database already holds content (nothing was written)');
    const forced = await runVellum(['import', archive, '--resume', '--force', '--dir', dir], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).not.toContain('Resumed');
    const done = await dump(target, ['tags']);
    expect(done.rows.tags).toHaveLength(3 + EXTRA_TAGS);
    expect(done.progress).toEqual([]);
  }, 120_000);
});
