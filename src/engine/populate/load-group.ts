/**
 * One statement for the targets of a populate level that sit behind the same link table and
 * differ only in the link's constant conditions: the components and dynamic-zone kinds of an
 * entry (`<type>_cmps`, by `field` and `component_type`) and its media attributes
 * (`files_related_mph`, by `field`), as the ceiling reads them (bench/ceiling/server.ts):
 *   SELECT link.<parent> AS __parent, link.<ord> AS __ord, link.<condition> AS __k0, …,
 *          s0.<column> AS __s0_<column>, …, s1.<column> AS __s1_<column>, …
 *   FROM <link> LEFT JOIN <target 0> s0 ON s0.id = link.<target> AND (<conditions of its members>) …
 *   WHERE link.<parent> IN (<keys>) AND (<conditions of member 0> OR …) ORDER BY link.<ord>, link.<target>
 * One join ("slot") per target table and field selection; a row belongs to the member whose
 * conditions its `__k` columns hold, and is dropped when its slot found no target row, as the
 * inner join of load-batch.ts drops it. Each member gets exactly the rows, in the order, of its
 * own statement there. Plain joins and OR only: the same on every dialect, and still one
 * statement (per chunk of keys) whatever the number of entries.
 */
import type { Knex } from 'knex';
import { SYSTEM_COLUMNS } from '../../db/naming.js';
import type { Row } from '../read-row.js';
import { selectedColumns, selectFields, type FieldSelection } from '../select-fields.js';
import type { EngineContext } from '../types.js';
import { LINK_ORDER, PARENT_KEY, loadByKeys } from './load-batch.js';
import type { PopulatePlan, TargetPlan } from './plan.js';

/** The rows of one target and the prefix of their column names (`rowReader`'s). */
export interface LinkedRows {
  readonly rows: readonly Row[];
  readonly prefix: string;
}

interface Slot {
  readonly alias: string;
  readonly prefix: string;
  readonly fields: FieldSelection;
  readonly members: TargetPlan[];
}

/** PostgreSQL truncates longer identifiers: a column alias past it would not be found in the row. */
const IDENTIFIER_LIMIT = 63;
const slotPrefix = (index: number): string => `__s${index}_`;
const conditionKey = (index: number): string => `__k${index}`;

/**
 * A target can share a statement when nothing but the link's conditions sets it apart: no
 * filters, sort, locale or publication status of its own (components and files have none), and
 * it is linked by row id on both sides, so the link's target column orders it as `target.id` does.
 */
function shareable(target: TargetPlan): boolean {
  const { link, schema, selection } = target;
  return (
    selection.filters === null && selection.sort.length === 0 && link.locale === undefined &&
    link.parentKey === 'id' && link.targetKey === 'id' && Object.keys(link.conditions).length > 0 &&
    !(schema.modelType === 'contentType' && schema.draftAndPublish)
  );
}

const groupKey = (target: TargetPlan): string => {
  const { link } = target;
  return [link.table, link.parentColumn, link.targetColumn, link.orderColumn ?? '', ...Object.keys(link.conditions).sort()].join('\0');
};

/**
 * Loads together the targets of `plans` (one populate level of `parents`) that share a link
 * table; the others are left to load-batch.ts (absent from the map).
 */
export async function loadSharedLinks(
  ctx: EngineContext, plans: readonly PopulatePlan[], parents: readonly { readonly id: number }[],
): Promise<Map<TargetPlan, LinkedRows>> {
  const loaded = new Map<TargetPlan, LinkedRows>();
  const groups = new Map<string, TargetPlan[]>();
  for (const target of plans.flatMap((plan) => plan.targets)) {
    if (!shareable(target)) continue;
    const key = groupKey(target);
    const group = groups.get(key);
    if (group) group.push(target);
    else groups.set(key, [target]);
  }
  let keys: number[] | undefined;
  for (const group of groups.values()) {
    const slots = group.length < 2 ? null : slotsOf(group);
    if (slots === null) continue;
    keys ??= [...new Set(parents.map((parent) => parent.id))];
    const rows = await loadByKeys(keys, (part) => groupStatement(ctx, group, slots, part));
    for (const [target, linked] of splitRows(group, slots, rows)) loaded.set(target, linked);
  }
  return loaded;
}

/** One join per target table and selection; null when an alias would be too long for PostgreSQL. */
function slotsOf(group: readonly TargetPlan[]): Slot[] | null {
  const slots: Slot[] = [];
  for (const target of group) {
    const fields = selectFields(target.schema, target.selection.fields);
    const slot = slots.find((s) => s.fields === fields && s.members[0]?.schema === target.schema);
    if (slot) {
      slot.members.push(target);
      continue;
    }
    const prefix = slotPrefix(slots.length);
    const longest = Math.max(...selectedColumns(fields).map((column) => column.length));
    if (prefix.length + longest > IDENTIFIER_LIMIT) return null;
    slots.push({ alias: `s${slots.length}`, prefix, fields, members: [target] });
  }
  return slots;
}

const LINK = 'l';

/** `link.<column> = <value>` for every condition of `target`, and-ed, into `on` or `where` builders. */
function conditionsOf(target: TargetPlan): [string, string][] {
  return Object.entries(target.link.conditions).map(([column, value]) => [`${LINK}.${column}`, value]);
}

function groupStatement(ctx: EngineContext, group: readonly TargetPlan[], slots: readonly Slot[], keys: readonly number[]): Knex.QueryBuilder {
  const knex: Knex = ctx.knex;
  const { link } = group[0]!;
  const conditionColumns = Object.keys(link.conditions).sort();
  const columns = [`${LINK}.${link.parentColumn} as ${PARENT_KEY}`];
  if (link.orderColumn) columns.push(`${LINK}.${link.orderColumn} as ${LINK_ORDER}`);
  conditionColumns.forEach((column, i) => columns.push(`${LINK}.${column} as ${conditionKey(i)}`));
  for (const slot of slots) {
    for (const column of selectedColumns(slot.fields)) columns.push(`${slot.alias}.${column} as ${slot.prefix}${column}`);
  }
  const qb = knex.select(columns).from({ [LINK]: link.table });
  for (const slot of slots) {
    const coversGroup = slot.members.length === group.length;
    qb.leftJoin({ [slot.alias]: slot.members[0]!.schema.collectionName }, function joinSlot() {
      this.on(`${slot.alias}.${SYSTEM_COLUMNS.id}`, '=', `${LINK}.${link.targetColumn}`);
      // a slot serving only some members joins only their link rows
      if (!coversGroup) {
        this.andOn(function anyMember() {
          for (const member of slot.members) {
            this.orOn(function allConditions() {
              for (const [column, value] of conditionsOf(member)) this.andOnVal(column, '=', value);
            });
          }
        });
      }
    });
  }
  qb.whereIn(`${LINK}.${link.parentColumn}`, keys);
  qb.where(function anyMember() {
    for (const member of group) {
      this.orWhere(function allConditions() {
        for (const [column, value] of conditionsOf(member)) this.where(column, value);
      });
    }
  });
  if (link.orderColumn) qb.orderBy(`${LINK}.${link.orderColumn}`, 'asc');
  return qb.orderBy(`${LINK}.${link.targetColumn}`, 'asc');
}

/** The rows of each member, in statement order; a row whose slot found no target row is dropped. */
function splitRows(group: readonly TargetPlan[], slots: readonly Slot[], rows: readonly Row[]): Map<TargetPlan, LinkedRows> {
  const conditionColumns = Object.keys(group[0]!.link.conditions).sort();
  const memberOf = new Map<string, { target: TargetPlan; idColumn: string; rows: Row[] }>();
  const split = new Map<TargetPlan, LinkedRows>();
  for (const slot of slots) {
    for (const target of slot.members) {
      const member = { target, idColumn: `${slot.prefix}${SYSTEM_COLUMNS.id}`, rows: [] };
      memberOf.set(conditionColumns.map((column) => target.link.conditions[column]).join('\0'), member);
      split.set(target, { rows: member.rows, prefix: slot.prefix });
    }
  }
  for (const row of rows) {
    const key = conditionColumns.map((_, i) => String(row[conditionKey(i)])).join('\0');
    const member = memberOf.get(key);
    const id = member === undefined ? null : row[member.idColumn];
    if (member !== undefined && id !== null && id !== undefined) member.rows.push(row);
  }
  return split;
}
