import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentSchema, ScalarAttribute } from '../../model/types.js';
import type { NestedSelection } from '../../query/ast.js';
import type { EngineContext } from '../types.js';
import { loadSharedLinks } from './load-group.js';
import type { PopulatePlan, TargetPlan } from './plan.js';

const scalar = (name: string): ScalarAttribute => ({ kind: 'scalar', name, type: 'string', required: false, private: false, unique: false, raw: {} });
const component = (uid: string, table: string, field: string): ComponentSchema => ({
  uid, collectionName: table, displayName: uid, attributes: { [field]: scalar(field) }, file: '<test>',
  modelType: 'component', category: 'shared', modelName: uid,
});
const A = component('shared.a', 'cmp_a', 'x');
const B = component('shared.b', 'cmp_b', 'y');
const ALL: NestedSelection = { fields: null, sort: [], filters: null, populate: [] };

const target = (schema: ComponentSchema, field: string, componentUid: string | null, selection = ALL): TargetPlan => ({
  schema, selection, componentUid,
  link: {
    table: 'things_cmps', parentColumn: 'entity_id', parentKey: 'id', targetColumn: 'cmp_id', targetKey: 'id',
    conditions: { field, component_type: schema.uid }, orderColumn: 'ord',
  },
});

let knex: Knex;
let ctx: EngineContext;
const statements: string[] = [];

beforeAll(async () => {
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  knex.on('query', (q: { sql: string }) => statements.push(q.sql));
  await knex.schema.createTable('things_cmps', (t) => {
    t.increments('id'); t.integer('entity_id'); t.integer('cmp_id'); t.string('component_type'); t.string('field'); t.integer('ord');
  });
  await knex.schema.createTable('cmp_a', (t) => { t.increments('id'); t.string('x'); });
  await knex.schema.createTable('cmp_b', (t) => { t.increments('id'); t.string('y'); });
  await knex('cmp_a').insert([{ id: 1, x: 'a1' }, { id: 2, x: 'a2' }, { id: 3, x: 'a3' }]);
  await knex('cmp_b').insert([{ id: 1, y: 'b1' }, { id: 2, y: 'b2' }]);
  await knex('things_cmps').insert([
    { entity_id: 10, cmp_id: 1, component_type: 'shared.a', field: 'one', ord: 1 },
    { entity_id: 10, cmp_id: 2, component_type: 'shared.b', field: 'zone', ord: 2 },
    { entity_id: 10, cmp_id: 2, component_type: 'shared.a', field: 'zone', ord: 1 },
    { entity_id: 10, cmp_id: 9, component_type: 'shared.b', field: 'zone', ord: 3 }, // no such row: dropped
    { entity_id: 11, cmp_id: 3, component_type: 'shared.a', field: 'zone', ord: 1 },
    { entity_id: 11, cmp_id: 1, component_type: 'shared.b', field: 'zone', ord: 2 },
    { entity_id: 12, cmp_id: 1, component_type: 'shared.b', field: 'other', ord: 1 }, // not asked for
  ]);
  ctx = { knex } as unknown as EngineContext;
});

afterAll(() => knex.destroy());

const plan = (attribute: string, targets: TargetPlan[]): PopulatePlan => ({ attribute, toMany: true, status: undefined, targets });

describe('loadSharedLinks', () => {
  it('reads every target behind one link table in one statement, each with its own rows in link order', async () => {
    const one = target(A, 'one', null);
    const zoneA = target(A, 'zone', 'shared.a');
    const zoneB = target(B, 'zone', 'shared.b');
    statements.length = 0;
    const loaded = await loadSharedLinks(ctx, [plan('one', [one]), plan('zone', [zoneA, zoneB])], [{ id: 10 }, { id: 11 }, { id: 12 }, { id: 10 }]);
    expect(statements).toHaveLength(1);
    // shared.a serves two members with the same fields: one join
    expect(statements[0]!.match(/left join/g)).toHaveLength(2);
    const of = (t: TargetPlan): unknown[] => {
      const linked = loaded.get(t)!;
      return linked.rows.map((row) => [row.__parent, row.__ord, row[`${linked.prefix}id`], row[`${linked.prefix}x`] ?? row[`${linked.prefix}y`]]);
    };
    expect(of(one)).toEqual([[10, 1, 1, 'a1']]);
    expect(of(zoneA)).toEqual([[10, 1, 2, 'a2'], [11, 1, 3, 'a3']]);
    // link order, then target id, across parents: what load-batch.ts's own statement returns
    expect(of(zoneB)).toEqual([[11, 2, 1, 'b1'], [10, 2, 2, 'b2']]);
    expect(loaded.get(one)!.prefix).toBe(loaded.get(zoneA)!.prefix);
  });

  it('leaves single targets and targets with filters, sorts or other fields of their own to the batched loader', async () => {
    const sorted = target(A, 'one', null, { ...ALL, sort: [{ path: ['x'], order: 'desc' }] });
    const single = target(B, 'zone', 'shared.b');
    statements.length = 0;
    const loaded = await loadSharedLinks(ctx, [plan('one', [sorted]), plan('zone', [single])], [{ id: 10 }]);
    expect(loaded.size).toBe(0);
    expect(statements).toHaveLength(0);
  });

  it('a selection of other fields gets a join of its own', async () => {
    const idOnly = target(A, 'one', null, { ...ALL, fields: [] });
    const zoneA = target(A, 'zone', 'shared.a');
    const loaded = await loadSharedLinks(ctx, [plan('one', [idOnly]), plan('zone', [zoneA])], [{ id: 10 }, { id: 11 }]);
    expect(loaded.get(idOnly)!.prefix).not.toBe(loaded.get(zoneA)!.prefix);
    expect(loaded.get(idOnly)!.rows.map((row) => row[`${loaded.get(idOnly)!.prefix}id`])).toEqual([1]);
    expect(loaded.get(zoneA)!.rows.map((row) => row[`${loaded.get(zoneA)!.prefix}x`])).toEqual(['a2', 'a3']);
  });
});
