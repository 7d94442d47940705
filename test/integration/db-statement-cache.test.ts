/**
 * The SQLite prepared-statement cache (`src/db/sqlite-statement-cache.ts`): statements are reused
 * by SQL text, reset to the connection's integer mode, forgotten on DDL, bounded; and reads,
 * writes, transactions and schema changes through knex behave as without it. SQLite only: the
 * cache sits on the better-sqlite3 connection.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database as VellumDatabase } from '../../src/db/connection.js';
import { attachStatementCache } from '../../src/db/sqlite-statement-cache.js';

function countingConnection(): { db: Database.Database; prepared: string[] } {
  const db = new Database(':memory:');
  db.defaultSafeIntegers(true);
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof db.prepare;
  return { db, prepared };
}

describe('attachStatementCache', () => {
  it('prepares a statement once per SQL text and hands the same one out again', () => {
    const { db, prepared } = countingConnection();
    attachStatementCache(db, true);
    const first = db.prepare('select ? as n');
    const second = db.prepare('select ? as n');
    expect(second).toBe(first);
    expect(second.get(2n)).toEqual({ n: 2n });
    db.prepare('select 1 as n');
    expect(prepared).toEqual(['select ? as n', 'select 1 as n']);
  });

  it('resets a reused statement to the connection integer mode', () => {
    const { db } = countingConnection();
    attachStatementCache(db, true);
    db.prepare('select 9007199254740993 as n').safeIntegers(false);
    expect(db.prepare('select 9007199254740993 as n').get()).toEqual({ n: 9007199254740993n });
  });

  it('forgets every statement before DDL and never keeps PRAGMAs or savepoints', () => {
    const { db, prepared } = countingConnection();
    attachStatementCache(db, true);
    db.prepare('create table t (a integer)').run();
    db.prepare('select a from t').all();
    db.prepare('alter table t add column b integer').run();
    expect(db.prepare('select * from t').columns().map((c) => c.name)).toEqual(['a', 'b']);
    db.prepare('select a from t');
    db.prepare('pragma table_info(t)');
    db.prepare('pragma table_info(t)');
    db.prepare('savepoint s1');
    db.prepare('savepoint s1');
    expect(prepared).toEqual([
      'create table t (a integer)', 'select a from t', 'alter table t add column b integer', 'select * from t',
      'select a from t', 'pragma table_info(t)', 'pragma table_info(t)', 'savepoint s1', 'savepoint s1',
    ]);
  });

  it('tells `onDdl` before preparing DDL, and can be emptied', () => {
    const { db, prepared } = countingConnection();
    let ddl = 0;
    const clear = attachStatementCache(db, true, { onDdl: () => (ddl += 1) });
    db.prepare('select 1');
    db.prepare('create table t (a integer)');
    expect(ddl).toBe(1);
    db.prepare('select 2');
    clear();
    db.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'create table t (a integer)', 'select 2', 'select 2']);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { db, prepared } = countingConnection();
    attachStatementCache(db, true, { size: 2 });
    db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1');
    db.prepare('select 3');
    db.prepare('select 1');
    db.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });
});

describe('SQLite connections with the statement cache', () => {
  let db: VellumDatabase | undefined;
  const file = join(tmpdir(), `vellum-statement-cache-${process.pid}-${Date.now()}.db`);

  afterEach(async () => {
    await db?.close();
    db = undefined;
    await rm(file, { force: true });
    await rm(`${file}-wal`, { force: true });
    await rm(`${file}-shm`, { force: true });
  });

  it('reads, writes, rolls back and sees schema changes as an uncached connection would', async () => {
    db = await openDatabase({ client: 'sqlite', connection: { filename: file } });
    const k = db.knex;
    await k.schema.createTable('items', (t) => {
      t.increments('id');
      t.string('name');
      t.bigInteger('big');
    });
    await k('items').insert({ name: 'a', big: '9007199254740993' });
    await k('items').insert({ name: 'b', big: '1' });
    const read = (): Promise<unknown[]> => k('items').select('id', 'name', 'big').orderBy('id');
    expect(await read()).toEqual([
      { id: 1n, name: 'a', big: 9007199254740993n },
      { id: 2n, name: 'b', big: 1n },
    ]);
    await expect(
      k.transaction(async (trx) => {
        await trx('items').insert({ name: 'c', big: '3' });
        await trx.transaction(async (inner) => {
          await inner('items').where('id', 1).update({ name: 'changed' });
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read()).toEqual([
      { id: 1n, name: 'a', big: 9007199254740993n },
      { id: 2n, name: 'b', big: 1n },
    ]);
    await k.schema.alterTable('items', (t) => t.integer('extra'));
    await k('items').where('id', 2).update({ extra: 5 });
    expect(await k('items').select('*').orderBy('id')).toEqual([
      { id: 1n, name: 'a', big: 9007199254740993n, extra: null },
      { id: 2n, name: 'b', big: 1n, extra: 5n },
    ]);
  });
});
