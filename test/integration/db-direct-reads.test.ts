/**
 * SQLite reads outside a transaction on the read connection (`src/db/direct-reads.ts`): the same
 * rows as through knex, counted and refused after an abort like knex's statements, never inside
 * a transaction, seeing every commit, schema changes included, and refusing writes. `:memory:`
 * has no read connection. SQLite only: PostgreSQL and MySQL always take the knex path. A row read
 * unless changed (`selectFirstUnlessChanged`) is read again only after a commit by another connection;
 * a statement by shape (`selectRowsByShape`) is compiled once and run with each call's trailing bindings.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connection.js';
import { COMPILED_SHAPES, selectFirst, selectFirstUnlessChanged, selectRows, selectRowsByShape } from '../../src/db/direct-reads.js';
import { abortStatements, createStatementCounter, runWithStatementCounter } from '../../src/db/statement-counter.js';
import { ServiceUnavailableError } from '../../src/errors/index.js';

const file = join(tmpdir(), `vellum-direct-reads-${process.pid}-${Date.now()}.db`);
let db: Database | undefined;

afterEach(async () => {
  await db?.close();
  db = undefined;
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
});

async function openWithItems(filename = file): Promise<Database> {
  db = await openDatabase({ client: 'sqlite', connection: { filename } });
  await db.knex.schema.createTable('items', (t) => {
    t.increments('id');
    t.string('name');
    t.bigInteger('big');
    t.boolean('flag');
    t.text('at');
  });
  await db.knex('items').insert([
    { name: 'a', big: '9007199254740993', flag: true, at: '2026-01-01' },
    { name: 'b', big: '1', flag: false, at: null },
    { name: 'c%', big: '2', flag: true, at: '2026-02-01' },
  ]);
  return db;
}

/** Whether `value` was answered without knex: rows, not a query builder to await. */
const isDirect = (value: unknown): boolean => Array.isArray(value);

describe('direct SQLite reads', () => {
  it('return the rows knex returns, bindings converted as knex converts them', async () => {
    const { knex } = await openWithItems();
    const queries = [
      () => knex('items').select('*').orderBy('id'),
      () => knex('items').select('id', 'big').where('flag', true).orderBy('id', 'desc'),
      () => knex('items').select('name').where('name', 'like', 'c%').whereNotNull('at'),
      () => knex('items').count({ count: '*' }).where('big', '>', 1),
      () => knex('items').select('id').whereIn('id', [1, 3]).limit(5, { skipBinding: true }).offset(1),
    ];
    for (const query of queries) {
      const direct = selectRows(knex, query());
      expect(isDirect(direct)).toBe(true);
      expect(direct).toEqual(await query());
    }
    expect(await selectFirst(knex, knex('items').select('name').orderBy('id', 'desc'))).toEqual({ name: 'c%' });
    expect(await selectFirst(knex, knex('items').select('name').where('id', 99))).toBeUndefined();
  });

  it('count toward the unit of work and start nothing once it is aborted', async () => {
    const { knex } = await openWithItems();
    const counter = createStatementCounter();
    await runWithStatementCounter(async () => {
      await selectRows(knex, knex('items').select('id'));
      await selectFirst(knex, knex('items').select('id'));
      await knex('items').select('id');
    }, counter);
    expect(counter.count).toBe(3);
    expect(counter.running.size).toBe(0);
    abortStatements(counter);
    await runWithStatementCounter(async () => {
      expect(() => selectRows(knex, knex('items').select('id'))).toThrow(ServiceUnavailableError);
    }, counter);
    expect(counter.count).toBe(3);
  });

  it('stay on the transaction inside one, and see every commit outside', async () => {
    const { knex } = await openWithItems();
    const names = (rows: ReadonlyArray<Record<string, unknown>>) => rows.map((row) => row.name);
    await knex.transaction(async (trx) => {
      await trx('items').insert({ name: 'uncommitted', big: '4', flag: false });
      const inside = selectRows(trx, trx('items').select('name').orderBy('id'));
      expect(isDirect(inside)).toBe(false);
      expect(names(await inside)).toContain('uncommitted');
      // the read connection neither waits for the open write transaction nor sees it
      expect(names(await selectRows(knex, knex('items').select('name').orderBy('id')))).toEqual(['a', 'b', 'c%']);
    });
    expect(names(await selectRows(knex, knex('items').select('name').orderBy('id')))).toEqual(['a', 'b', 'c%', 'uncommitted']);
    await knex('items').where('name', 'a').update({ name: 'a2' });
    expect(await selectFirst(knex, knex('items').select('name').where('id', 1))).toEqual({ name: 'a2' });
  });

  it('see schema changes made through knex, cached statements included', async () => {
    const { knex } = await openWithItems();
    const all = () => selectRows(knex, knex('items').select('*').where('id', 2));
    expect(Object.keys((await all())[0] ?? {})).toEqual(['id', 'name', 'big', 'flag', 'at']);
    await knex.schema.alterTable('items', (t) => t.integer('extra'));
    await knex('items').where('id', 2).update({ extra: 5 });
    expect(await all()).toEqual([{ id: 2n, name: 'b', big: 1n, flag: 0n, at: null, extra: 5n }]);
    await knex.schema.dropTable('items');
    expect(() => selectRows(knex, knex('items').select('*'))).toThrow(/select \* from `items` - no such table: items/);
  });

  it('refuse to write', async () => {
    const { knex } = await openWithItems();
    expect(() => selectRows(knex, knex('items').insert({ name: 'x' }))).toThrow();
    expect(await knex('items').count({ n: '*' })).toEqual([{ n: 3n }]);
  });

  it('are not used on an in-memory database, a second connection would be another database', async () => {
    const { knex } = await openWithItems(':memory:');
    const rows = selectRows(knex, knex('items').select('name').orderBy('id'));
    expect(isDirect(rows)).toBe(false);
    expect(await rows).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c%' }]);
  });

  it('read a row unless changed: a PRAGMA while nothing was committed, the row again after any commit by another connection', async () => {
    const { knex } = await openWithItems();
    let built = 0;
    const read = (key = 'first item') =>
      selectFirstUnlessChanged(knex, key, () => {
        built += 1;
        return knex('items').select('name').where('id', 1);
      });
    const counted = async (run: () => unknown): Promise<number> => {
      const counter = createStatementCounter();
      await runWithStatementCounter(async () => run(), counter);
      return counter.count;
    };
    expect(await read()).toEqual({ name: 'a' });
    expect(built).toBe(1);
    // nothing committed: the PRAGMA, one statement, and the row kept
    expect(await counted(read)).toBe(1);
    expect(built).toBe(1);
    expect(await read()).toEqual({ name: 'a' });
    // a commit on knex's connection (another connection to the read connection): the PRAGMA and the row
    await knex('items').where('id', 1).update({ name: 'a2' });
    expect(await counted(read)).toBe(2);
    expect(built).toBe(2);
    expect(await read()).toEqual({ name: 'a2' });
    expect(built).toBe(2);
    // a commit by another connection on the file (as another process or the CLI would make it)
    const other = await openDatabase({ client: 'sqlite', connection: { filename: file } });
    try {
      await other.knex('items').where('id', 1).update({ name: 'a3' });
    } finally {
      await other.close();
    }
    expect(await read()).toEqual({ name: 'a3' });
    // keys are kept apart; a missing row is kept as missing
    expect(await selectFirstUnlessChanged(knex, 'no item', () => knex('items').select('name').where('id', 99))).toBeUndefined();
    expect(await read()).toEqual({ name: 'a3' });
    // inside a transaction, an ordinary read through knex
    await knex.transaction(async (trx) => {
      await trx('items').where('id', 1).update({ name: 'inside' });
      expect(await selectFirstUnlessChanged(trx, 'first item', () => trx('items').select('name').where('id', 1))).toEqual({ name: 'inside' });
    });
    expect(await read()).toEqual({ name: 'inside' });
  });

  it('compile a statement once per shape key and run it with each call\'s trailing bindings', async () => {
    const { knex } = await openWithItems();
    let built = 0;
    const byIds = (ids: number[], flag = true) => () => {
      built += 1;
      return knex('items').select('name').where('flag', flag).whereIn('id', ids).orderBy('id');
    };
    const names = async (rows: Iterable<Record<string, unknown>> | PromiseLike<Iterable<Record<string, unknown>>>) => [...(await rows)].map((row) => row.name);
    expect(await names(selectRowsByShape(knex, 'flagged|2', [1, 3], byIds([1, 3])))).toEqual(['a', 'c%']);
    expect(await names(selectRowsByShape(knex, 'flagged|2', [3, 2], byIds([3, 2])))).toEqual(['c%']);
    expect(await names(selectRowsByShape(knex, 'flagged|1', [1], byIds([1])))).toEqual(['a']);
    expect(built).toBe(2);
    // counted like any statement
    const counter = createStatementCounter();
    await runWithStatementCounter(async () => selectRowsByShape(knex, 'flagged|1', [3], byIds([3])), counter);
    expect(counter.count).toBe(1);
    // a statement whose bindings do not end with the trailing ones is never kept: built every time
    const odd = (ids: number[]) => () => {
      built += 1;
      return knex('items').select('name').whereIn('id', ids).where('flag', true);
    };
    expect(await names(selectRowsByShape(knex, 'odd|1', [1], odd([1])))).toEqual(['a']);
    expect(await names(selectRowsByShape(knex, 'odd|1', [2], odd([2])))).toEqual([]);
    expect(built).toBe(4);
    // no key, a transaction: built and run as selectRows
    expect(await names(selectRowsByShape(knex, undefined, [1], byIds([1])))).toEqual(['a']);
    await knex.transaction(async (trx) => {
      const rows = selectRowsByShape(trx, 'flagged|1', [1], () => trx('items').select('name').whereIn('id', [1]));
      expect(isDirect(rows)).toBe(false);
      expect(await names(rows)).toEqual(['a']);
    });
    expect(built).toBe(5);
    // bounded: the least recently used shape goes first
    for (let i = 0; i < COMPILED_SHAPES; i += 1) await selectRowsByShape(knex, `many|${i}`, [1], byIds([1]));
    built = 0;
    await selectRowsByShape(knex, 'flagged|2', [1, 2], byIds([1, 2]));
    expect(built).toBe(1);
  });
});
