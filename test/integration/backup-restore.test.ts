/**
 * Backups and restores as docs/operations.md tells an operator to make them, on every dialect:
 * a populated blog (entries, drafts, components, media) is backed up with the dialect's own tool
 * while Vellum serves it (SQLite's online backup, pg_dump, mysqldump) and its uploads folder with
 * tar; both are restored into a fresh database and a fresh project copy; Vellum started on the
 * restored copy gives the same answers to the same REST reads, serves the same file bytes and
 * accepts the API token issued before the backup. The commands run here are the documented ones
 * (the test checks the document holds each of them verbatim).
 *
 * Needs the sqlite3, pg_dump/pg_restore and mysqldump/mysql command-line tools (.ci/run installs
 * them); outside CI a dialect whose tools are missing is left out with a warning.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VellumApp } from '../../src/app/create-app.js';
import type { DialectName } from '../../src/db/dialect.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { seedBlogHttp, type BlogSeed } from '../helpers/seed-blog-http.js';
import { useTestApp } from '../helpers/test-app.js';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-databases.js';

const run = promisify(execFile);
const OPERATIONS_DOC = fileURLToPath(new URL('../../docs/operations.md', import.meta.url));
const IN_CI = process.env.CI === 'true';

/** docs/operations.md "Backups and restores", verbatim; `$VAR`s come from the environment */
const COMMANDS: Record<DialectName, { tools: string[]; backup: string; restore: string }> = {
  sqlite: {
    tools: ['sqlite3'],
    backup: `sqlite3 "$DATABASE_FILENAME" ".backup '$BACKUP_FILE'"`,
    restore: `sqlite3 "$DATABASE_FILENAME" ".restore '$BACKUP_FILE'"`,
  },
  postgres: {
    tools: ['pg_dump', 'pg_restore'],
    backup: `pg_dump --format=custom --no-owner --no-privileges --host="$DATABASE_HOST" --port="$DATABASE_PORT" --username="$DATABASE_USERNAME" --file="$BACKUP_FILE" "$DATABASE_NAME"`,
    restore: `pg_restore --no-owner --no-privileges --exit-on-error --host="$DATABASE_HOST" --port="$DATABASE_PORT" --username="$DATABASE_USERNAME" --dbname="$DATABASE_NAME" "$BACKUP_FILE"`,
  },
  mysql: {
    tools: ['mysqldump', 'mysql'],
    backup: `mysqldump --single-transaction --routines --triggers --hex-blob --default-character-set=utf8mb4 --host="$DATABASE_HOST" --port="$DATABASE_PORT" --user="$DATABASE_USERNAME" "$DATABASE_NAME" > "$BACKUP_FILE"`,
    restore: `mysql --default-character-set=utf8mb4 --host="$DATABASE_HOST" --port="$DATABASE_PORT" --user="$DATABASE_USERNAME" "$DATABASE_NAME" < "$BACKUP_FILE"`,
  },
};
const UPLOADS = {
  backup: `tar -C "$PROJECT_DIR/public" -czf "$UPLOADS_BACKUP" uploads`,
  restore: `tar -C "$PROJECT_DIR/public" -xzf "$UPLOADS_BACKUP"`,
};

function installed(tool: string): boolean {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** runs one documented command line in bash, with `vars` in its environment */
async function shell(command: string, vars: Record<string, string>): Promise<void> {
  await run('bash', ['-c', `set -euo pipefail; ${command}`], { env: { ...process.env, ...vars } });
}

/** The reads compared before and after: lists with every kind of attribute, drafts, media, a single type. */
const READS = [
  '/api/articles?populate=*&sort=id&pagination[pageSize]=100',
  '/api/articles?status=draft&populate[author][populate][0]=avatar&populate[tags]=true&sort=title:asc,id:asc',
  '/api/categories?sort=position:asc,id:asc&populate=*',
  '/api/authors?populate=avatar&filters[active][$eq]=true',
  '/api/global?populate=*',
  '/api/upload/files?sort=id',
];

describe('docs/operations.md', () => {
  it('shows the backup and restore commands this file runs', async () => {
    const doc = await readFile(OPERATIONS_DOC, 'utf8');
    for (const command of [...Object.values(COMMANDS).flatMap((c) => [c.backup, c.restore]), UPLOADS.backup, UPLOADS.restore]) {
      expect(doc).toContain(command);
    }
  });
});

describeEachDialect('backup and restore', (dialect) => {
  const missing = COMMANDS[dialect].tools.filter((tool) => !installed(tool));
  if (missing.length > 0 && !IN_CI) {
    console.warn(`[vellum tests] backup-restore [${dialect}] NOT RUN: ${missing.join(', ')} not installed; CI=true makes this an error`);
    return;
  }
  const t = useTestApp({ dialect });
  let seed: BlogSeed;
  let restoredDb: TestDatabase | undefined;
  let restored: { app: VellumApp; url: string } | undefined;
  let work: string;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI=true: ${missing.join(', ')} must be installed (.ci/run installs them)`);
    seed = await seedBlogHttp(t.url, { articles: 12, headers: t.authHeaders });
    work = await mkdtemp(join(tmpdir(), 'vellum-backup-'));
  });
  afterAll(async () => {
    await restored?.app.stop();
    await restoredDb?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('a backup made while Vellum serves, restored into a fresh database and project, serves the same answers', async () => {
    const before = await Promise.all(READS.map((path) => request(`${t.url}${path}`, { headers: t.authHeaders })));
    for (const [i, answer] of before.entries()) expect(answer.status, READS[i]).toBe(200);
    expect(before[0]!.body.data).toHaveLength(seed.published.length);

    // back up: the database (online, Vellum keeps serving) and the uploads folder
    const backupFile = join(work, `vellum.${dialect === 'sqlite' ? 'db' : dialect === 'postgres' ? 'dump' : 'sql'}`);
    const uploadsBackup = join(work, 'uploads.tar.gz');
    await shell(COMMANDS[dialect].backup, { ...databaseEnv(t.app.config.database), BACKUP_FILE: backupFile });
    await shell(UPLOADS.backup, { PROJECT_DIR: t.dir, UPLOADS_BACKUP: uploadsBackup });
    // a write after the backup is not in it
    expect((await request(`${t.url}/api/tags`, { method: 'POST', json: { data: { name: 'after the backup' } }, headers: t.authHeaders })).status).toBe(201);

    // restore into a new, empty database and a project copy without its uploads
    restoredDb = await createTestDatabase(dialect);
    const project = join(work, 'project');
    await cp(t.dir, project, { recursive: true, filter: (source) => !source.startsWith(join(t.dir, 'public', 'uploads')) });
    await shell(COMMANDS[dialect].restore, { ...databaseEnv(restoredDb.config), BACKUP_FILE: backupFile });
    await shell(UPLOADS.restore, { PROJECT_DIR: project, UPLOADS_BACKUP: uploadsBackup });

    const app = await createApp({ dir: project, env: { NODE_ENV: 'test', ...databaseEnv(restoredDb.config) }, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    restored = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };

    // the same token (its hash and the salt came along), the same answers
    const after = await Promise.all(READS.map((path) => request(`${restored!.url}${path}`, { headers: t.authHeaders })));
    for (const [i, answer] of after.entries()) {
      expect(answer.status, READS[i]).toBe(200);
      expect(answer.body, READS[i]).toEqual(before[i]!.body);
    }
    expect((await request(`${restored.url}/api/tags?filters[name][$eq]=after the backup`, { headers: t.authHeaders })).body.data).toEqual([]);
    expect((await request(`${restored.url}/_ready`)).status).toBe(200);
    for (const file of seed.files) {
      const [original, copy] = await Promise.all([fetch(`${t.url}${file.url}`), fetch(`${restored.url}${file.url}`)]);
      expect(copy.status).toBe(200);
      expect(Buffer.from(await copy.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    }
    // the restored database takes writes: its id sequences continue after the restored rows
    const written = await request(`${restored.url}/api/tags`, { method: 'POST', json: { data: { name: 'after the restore' } }, headers: t.authHeaders });
    expect(written.status).toBe(201);
    expect(written.body.data.id).toBeGreaterThan(Math.max(...seed.tags.map((tag) => tag.id)));
  });
});
