import { describe, expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase, SERVERS } from '../helpers/dialects.js';
import { openDatabase } from '../../src/db/connection.js';
import { currentCounter, runWithStatementCounter } from '../../src/db/statement-counter.js';
import { StartupError } from '../../src/errors/index.js';

describeEachDialect('statement counter', (dialect) => {
  const t = useTestDatabase(dialect);

  it('counts the statements of concurrent async contexts separately', async () => {
    const work = async (statements: number): Promise<{ count: number; durationMs: number } | undefined> =>
      runWithStatementCounter(async () => {
        for (let i = 0; i < statements; i++) {
          await t.db.knex.raw('select ? as n', [i]);
          await new Promise((r) => setTimeout(r, 1));
        }
        return currentCounter();
      });
    const [a, b] = await Promise.all([work(3), work(5)]);
    expect(a?.count).toBe(3);
    expect(b?.count).toBe(5);
    expect(a?.durationMs).toBeGreaterThan(0);
    expect(currentCounter()).toBeUndefined();
  });

  it('counts the statements of a transaction, its BEGIN and COMMIT included', async () => {
    const counter = await runWithStatementCounter(async () => {
      await t.db.knex.transaction(async (trx) => {
        await trx.raw('select 1');
        await trx.raw('select 2');
      });
      return currentCounter();
    });
    expect(counter?.count).toBe(4);
  });

  it('statements outside any context are not counted anywhere', async () => {
    await t.db.knex.raw('select 1');
    const counter = await runWithStatementCounter(async () => currentCounter());
    expect(counter).toMatchObject({ count: 0, durationMs: 0 });
  });
});

describe('openDatabase failures', () => {
  it('names host, port and database of an unreachable server, never the password', async () => {
    const error = await openDatabase({
      client: 'postgres',
      connection: { host: '127.0.0.1', port: 1, database: 'blog', user: 'app', password: 's3cret-pw' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      'Cannot connect to PostgreSQL at 127.0.0.1:1 (database "blog"): connection refused (is the server running?)',
    );
  });

  it('reports a MySQL server that is not there', async () => {
    const error = await openDatabase({
      client: 'mysql',
      connection: { host: '127.0.0.1', port: 1, database: 'blog', user: 'root', password: 'pw' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      'Cannot connect to MySQL at 127.0.0.1:1 (database "blog"): connection refused (is the server running?)',
    );
  });
});

describeEachDialect('openDatabase', (dialect) => {
  if (dialect === 'sqlite') {
    it('creates the directory of the database file', async () => {
      const { mkdtemp, rm, stat } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const dir = await mkdtemp(join(tmpdir(), 'vellum-open-'));
      const filename = join(dir, 'nested', 'deeper', 'data.db');
      const db = await openDatabase({ client: 'sqlite', connection: { filename } });
      try {
        const [mode] = (await db.knex.raw('PRAGMA journal_mode')) as Array<{ journal_mode: string }>;
        expect(mode?.journal_mode).toBe('wal');
        const [fk] = (await db.knex.raw('PRAGMA foreign_keys')) as Array<{ foreign_keys: unknown }>;
        expect(Number(fk?.foreign_keys)).toBe(1);
        expect((await stat(filename)).isFile()).toBe(true);
      } finally {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
    return;
  }
  it('says so when the database does not exist', async () => {
    const s = SERVERS[dialect];
    const error = await openDatabase({
      client: dialect,
      connection: { host: s.host, port: s.port, user: s.user, password: s.password, database: 'vellum_t_missing_db' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const product = dialect === 'postgres' ? 'PostgreSQL' : 'MySQL';
    expect((error as Error).message).toBe(
      `Cannot connect to ${product} at ${s.host}:${s.port} (database "vellum_t_missing_db"): the database does not exist (create it first)`,
    );
  });
});
