/**
 * The one batched loader behind population: the target rows of many parents in one statement,
 *   SELECT link.<parent> AS __parent, link.<ord> AS __ord, target.<fields>
 *   FROM <link> JOIN <target> … WHERE link.<parent> IN (<keys>) [AND <filters>] ORDER BY …
 * whatever the kind of attribute (the link is data, see attribute-links.ts). The key list is cut
 * into chunks only to stay under the databases' bound-parameter limits.
 */
import type { Knex } from 'knex';
import { selectRowsByShape } from '../../db/direct-reads.js';
import type { PublicationStatus } from '../../query/ast.js';
import { createAliases } from '../aliases.js';
import { joinLinkTarget, keyColumn, loadsThroughParentRow } from '../attribute-links.js';
import { applyFilters, type StatementScope } from '../compile-filters.js';
import { applySort } from '../compile-sort.js';
import type { Row } from '../read-row.js';
import { selectColumns, selectionKey, type FieldSelection } from '../select-fields.js';
import type { EngineContext } from '../types.js';
import type { TargetPlan } from './plan.js';

export const PARENT_KEY = '__parent';
export const LINK_ORDER = '__ord';

/** Keys per statement: far below every dialect's parameter limit, leaving room for filter values. */
export const IN_CHUNK_SIZE = 900;

export function chunk<T>(items: readonly T[], size = IN_CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Runs `build(keys)` on `ctx` once per chunk of `keys` and concatenates the rows, in order.
 * `shape`: what the statement is a function of besides the keys, which are its last bindings
 * (the chunk's length is added): its compiled SQL is then kept (db/direct-reads.ts `selectRowsByShape`).
 */
export async function loadByKeys<K>(ctx: EngineContext, keys: readonly K[], build: (keys: K[]) => Knex.QueryBuilder, shape?: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const part of chunk(keys)) {
    const key = shape === undefined ? undefined : `${shape}|${part.length}`;
    rows.push(...(await selectRowsByShape(ctx.knex, key, part, () => build(part))));
  }
  return rows;
}

/**
 * Everything a batched load's statement depends on besides its keys, when that is small: the
 * target, its link, the selected fields and the status. A selection with filters or a sort goes
 * through the general compilers every time (no key).
 */
function linkedRowsShape(target: TargetPlan, fields: FieldSelection, status: PublicationStatus): string | undefined {
  const { link, selection } = target;
  if (selection.filters !== null || selection.sort.length > 0) return undefined;
  const conditions = Object.entries(link.conditions).flat();
  const locale = link.locale === undefined ? '' : `${link.locale.kind}:${'table' in link.locale ? link.locale.table : ''}`;
  return [
    'linked', target.schema.uid, link.table, link.parentColumn, link.parentKey, link.targetColumn, link.targetKey,
    link.orderColumn ?? '', locale, selectionKey(fields), status, conditions.length, ...conditions,
  ].join('\0');
}

export function loadLinkedRows(
  ctx: EngineContext,
  target: TargetPlan,
  fields: FieldSelection,
  parentKeys: readonly (number | string)[],
  status: PublicationStatus,
): Promise<Row[]> {
  const knex: Knex = ctx.knex;
  const { link, selection } = target;
  return loadByKeys(ctx, parentKeys, (keys) => {
    const scope: StatementScope = { ctx, aliases: createAliases(), status };
    const linkAlias = scope.aliases.next();
    const targetAlias = scope.aliases.next();
    // `parentRow` links: the parent rows (by id) lead, joined to the link by their document id
    const parentAlias = loadsThroughParentRow(link) ? scope.aliases.next() : undefined;
    const parentKey = parentAlias === undefined ? `${linkAlias}.${link.parentColumn}` : `${parentAlias}.id`;
    const linkColumns = [`${parentKey} as ${PARENT_KEY}`];
    if (link.orderColumn) linkColumns.push(`${linkAlias}.${link.orderColumn} as ${LINK_ORDER}`);
    const qb = knex.select([...linkColumns, ...selectColumns(fields, targetAlias)]);
    if (parentAlias !== undefined && link.locale?.kind === 'parentRow') {
      qb.from({ [parentAlias]: link.locale.table }).join({ [linkAlias]: link.table }, `${linkAlias}.${link.parentColumn}`, `${parentAlias}.${keyColumn(link.parentKey)}`);
    } else {
      qb.from({ [linkAlias]: link.table });
    }
    joinLinkTarget(ctx, qb, target, { link: linkAlias, target: targetAlias, ...(parentAlias === undefined ? {} : { parent: parentAlias }) }, status);
    qb.whereIn(parentKey, keys);
    if (selection.filters) applyFilters(scope, qb, target.schema, targetAlias, selection.filters);
    applySort(scope, qb, target.schema, targetAlias, selection.sort, { tieBreaker: false });
    if (link.orderColumn) qb.orderBy(`${linkAlias}.${link.orderColumn}`, 'asc');
    return qb.orderBy(`${targetAlias}.id`, 'asc');
  }, linkedRowsShape(target, fields, status));
}
