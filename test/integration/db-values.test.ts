import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { describeEachDialect, useTestDatabase } from '../helpers/dialects.js';
import { addColumn, applyTableOptions, storageClassOf } from '../../src/db/column-types.js';
import { escapeLike } from '../../src/db/dialect.js';
import { fromDbValue, toDbValue } from '../../src/db/values.js';
import { likeToGlob } from '../../src/db/dialects/sqlite.js';
import type { ScalarType } from '../../src/model/types.js';

const SAMPLES: ReadonlyArray<[ScalarType, unknown]> = [
  ['string', 'Grüße, 世界 🌍'],
  ['text', 'line one\nline two — ünïcödé 🚀'.repeat(50)],
  ['richtext', '# Title\n\n**bold** and _italic_'],
  ['blocks', [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }]],
  ['enumeration', 'playful'],
  ['email', 'Ada@Example.com'],
  ['password', '$2a$10$abcdefghijklmnopqrstuu'],
  ['uid', 'hello-world'],
  ['date', '2024-02-29'],
  ['time', '13:45:30.123'],
  ['datetime', '2024-03-01T12:34:56.789Z'],
  ['timestamp', '1999-12-31T23:59:59.001Z'],
  ['integer', 2147483647],
  ['biginteger', '9007199254740993'],
  ['float', 3.14159],
  ['decimal', 12.34],
  ['boolean', true],
  ['json', { a: 1, nested: { list: [1, 'two', null] }, s: 'x' }],
];

const JSON_SAMPLES: readonly unknown[] = [[1, 'two', null, { x: true }], 'just a string', '123', 'true', 42, false];

describeEachDialect('database values', (dialect) => {
  const t = useTestDatabase(dialect);

  beforeAll(async () => {
    await t.db.knex.schema.createTable('samples', (table) => {
      table.increments('id').primary();
      for (const [type] of SAMPLES) addColumn(table, `c_${type}`, storageClassOf(type), dialect);
      addColumn(table, 'c_json2', 'json', dialect);
      addColumn(table, 'c_bool2', 'boolean', dialect);
      applyTableOptions(table, dialect);
    });
  });

  async function roundTrip(type: ScalarType, column: string, value: unknown): Promise<unknown> {
    const knex = t.db.knex;
    const insert = knex('samples').insert({ [column]: toDbValue(type, value, dialect) });
    const [first] = (t.db.dialect.supportsReturning ? await insert.returning('id') : await insert) as unknown[];
    const id = typeof first === 'object' && first !== null ? (first as { id: unknown }).id : first;
    const row = await knex('samples').where('id', String(id)).first(column);
    return fromDbValue(type, (row as Record<string, unknown>)[column]);
  }

  it.each(SAMPLES)('a %s value survives the round trip', async (type, value) => {
    expect(await roundTrip(type, `c_${type}`, value)).toEqual(value);
  });

  it('a biginteger beyond 2^53 keeps every digit', async () => {
    expect(await roundTrip('biginteger', 'c_biginteger', '9007199254740993')).toBe('9007199254740993');
    expect(await roundTrip('biginteger', 'c_biginteger', '-9223372036854775808')).toBe('-9223372036854775808');
  });

  it.each(JSON_SAMPLES.map((v) => [JSON.stringify(v), v]))('json %s comes back as the same JSON value', async (_, value) => {
    expect(await roundTrip('json', 'c_json2', value)).toEqual(value);
  });

  it('false and null booleans stay distinct', async () => {
    expect(await roundTrip('boolean', 'c_bool2', false)).toBe(false);
    expect(await roundTrip('boolean', 'c_bool2', null)).toBe(null);
  });

  it('a datetime given with an offset is stored as the same instant', async () => {
    expect(await roundTrip('datetime', 'c_datetime', '2024-06-01T02:00:00.500+02:00')).toBe('2024-06-01T00:00:00.500Z');
  });
});

const WORDS = [
  'Hello World',
  'hello world',
  '100% sure',
  '100 percent',
  'a_b',
  'axb',
  'back\\slash',
  'backXslash',
  'Ünïcode ÄÖ',
  'ünïcode äö',
  'star*[x]?',
  'starZ[x]!',
];

describeEachDialect('dialect hooks', (dialect) => {
  const t = useTestDatabase(dialect);

  beforeAll(async () => {
    await t.db.knex.schema.createTable('words', (table) => {
      table.increments('id').primary();
      addColumn(table, 'word', 'varchar', dialect);
      addColumn(table, 'n', 'integer', dialect);
      applyTableOptions(table, dialect);
    });
    await t.db.knex('words').insert(WORDS.map((word, i) => ({ word, n: i % 3 === 0 ? null : i })));
  });

  async function matching(where: Knex.Raw): Promise<string[]> {
    const rows: Array<{ word: string }> = await t.db.knex('words').where(where).orderBy('id').select('word');
    return rows.map((r) => r.word);
  }

  const like = (pattern: string, insensitive: boolean): Knex.Raw => t.db.dialect.like('word', pattern, insensitive);

  it('like is case-sensitive unless asked otherwise', async () => {
    expect(await matching(like('%World%', false))).toEqual(['Hello World']);
    expect(await matching(like('%WORLD%', true))).toEqual(['Hello World', 'hello world']);
    expect(await matching(like('hello%', false))).toEqual(['hello world']);
  });

  it('like treats escaped %, _ and \\ in user input literally', async () => {
    expect(await matching(like(`%${escapeLike('100%')}%`, false))).toEqual(['100% sure']);
    expect(await matching(like(`%${escapeLike('100%')}%`, true))).toEqual(['100% sure']);
    expect(await matching(like(escapeLike('a_b'), false))).toEqual(['a_b']);
    expect(await matching(like(escapeLike('A_B'), true))).toEqual(['a_b']);
    expect(await matching(like(escapeLike('back\\slash'), false))).toEqual(['back\\slash']);
    expect(await matching(like(escapeLike('back\\slash'), true))).toEqual(['back\\slash']);
  });

  it('unescaped wildcards still match one or many characters', async () => {
    expect(await matching(like('a_b', false))).toEqual(['a_b', 'axb']);
    expect(await matching(like('back_slash', true))).toEqual(['back\\slash', 'backXslash']);
  });

  it('characters special to GLOB are plain characters', async () => {
    expect(await matching(like(escapeLike('star*[x]?'), false))).toEqual(['star*[x]?']);
    expect(await matching(like(`${escapeLike('star')}%`, false))).toEqual(['star*[x]?', 'starZ[x]!']);
  });

  it('case-insensitive matching folds non-ASCII letters', async () => {
    expect(await matching(like('%ünïcode%', true))).toEqual(['Ünïcode ÄÖ', 'ünïcode äö']);
    expect(await matching(like('%ünïcode%', false))).toEqual(['ünïcode äö']);
  });

  it('equalsInsensitive ignores case, plain equality does not', async () => {
    expect(await matching(t.db.dialect.equalsInsensitive('word', 'HELLO WORLD'))).toEqual(['Hello World', 'hello world']);
    expect(await matching(t.db.dialect.equalsInsensitive('word', 'ÜNÏCODE ÄÖ'))).toEqual(['Ünïcode ÄÖ', 'ünïcode äö']);
    expect(await matching(t.db.knex.raw('?? = ?', ['word', 'hello world']))).toEqual(['hello world']);
  });

  it('orderBy puts nulls where asked, in both directions', async () => {
    const order = async (direction: 'asc' | 'desc', nulls: 'first' | 'last'): Promise<Array<number | null>> => {
      const rows: Array<{ n: unknown }> = await t.db.knex('words')
        .select('n')
        .orderByRaw(t.db.dialect.orderBy('n', direction, nulls))
        .orderBy('id');
      return rows.map((r) => (r.n === null ? null : Number(r.n)));
    };
    expect(await order('asc', 'first')).toEqual([null, null, null, null, 1, 2, 4, 5, 7, 8, 10, 11]);
    expect(await order('asc', 'last')).toEqual([1, 2, 4, 5, 7, 8, 10, 11, null, null, null, null]);
    expect(await order('desc', 'first')).toEqual([null, null, null, null, 11, 10, 8, 7, 5, 4, 2, 1]);
    expect(await order('desc', 'last')).toEqual([11, 10, 8, 7, 5, 4, 2, 1, null, null, null, null]);
  });
});

describe('likeToGlob', () => {
  it('maps LIKE wildcards and escapes GLOB metacharacters', () => {
    expect(likeToGlob('%a\\%b_c*d?[e]%')).toBe('*a%b?c[*]d[?][[]e]*');
  });
});
