/**
 * Relation links. The owning attribute's link table holds (owner row, target document, ord).
 * Owner-side writes touch the links of one owner row; inverse-side writes (`mappedBy`) touch
 * the links of every row of each named owner document, so draft and published versions agree.
 */
import { LINK_COLUMNS as L, relationLinkTable } from '../../db/naming.js';
import { toNumber } from '../../db/values.js';
import type { RelationAttribute, Schema } from '../../model/types.js';
import { liveDocumentIds } from '../document-rows.js';
import type { EngineContext } from '../types.js';
import { insertRows } from './rows.js';
import type { RelationWrite } from './write-plan.js';

const ownerIsToOne = (attr: RelationAttribute): boolean => attr.relation === 'oneToOne' || attr.relation === 'manyToOne';
/**
 * Whether one target document may be linked from only one owner document: bidirectional
 * oneToOne/oneToMany relations only, as Strapi. A unidirectional oneToOne (a quote's author) lets
 * many owners point at the same target.
 */
const targetIsExclusive = (attr: RelationAttribute): boolean =>
  (attr.relation === 'oneToOne' || attr.relation === 'oneToMany') && (attr.inversedBy !== undefined || attr.mappedBy !== undefined);

interface LinkRow { entity: number; target: string; ord: number }

async function readOwnerLinks(ctx: EngineContext, table: string, rowId: number): Promise<LinkRow[]> {
  const rows = (await ctx.knex(table).select(L.entity, L.target, L.order).where(L.entity, rowId).orderBy(L.order)) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ entity: toNumber(r[L.entity]), target: String(r[L.target]), ord: toNumber(r[L.order]) }));
}

/** Final ordered list of targets after applying set / disconnect / connect to `current`. */
export function applyRelationWrite(current: readonly string[], write: RelationWrite): string[] {
  let next = write.set ? [...write.set] : [...current];
  const connect = write.connect ?? [];
  const disconnect = new Set((write.disconnect ?? []).filter((id) => !connect.includes(id)));
  next = next.filter((id) => !disconnect.has(id) && !connect.includes(id));
  for (const id of connect) {
    const position = write.positions?.[id];
    const anchor = position?.before ?? position?.after;
    const at = anchor === undefined ? -1 : next.indexOf(anchor);
    if (position?.start === true) next.unshift(id);
    else if (at >= 0) next.splice(position?.before !== undefined ? at : at + 1, 0, id);
    else next.push(id);
  }
  return next;
}

/** Owner side: rewrite the links of one owner row. */
export async function writeOwnerRelation(
  ctx: EngineContext, owner: Schema, attr: RelationAttribute, rowId: number, write: RelationWrite,
): Promise<void> {
  const table = relationLinkTable(owner.collectionName, attr.name);
  const current = (await readOwnerLinks(ctx, table, rowId)).map((l) => l.target);
  let next = applyRelationWrite(current, write);
  if (ownerIsToOne(attr)) next = next.slice(-1);
  if (sameList(current, next)) return;
  // the links kept from `current` may name a document deleted since they were read
  const live = await liveDocumentIds(ctx, attr.target, next);
  next = next.filter((target) => live.has(target));
  await ctx.knex(table).where(L.entity, rowId).delete();
  if (targetIsExclusive(attr) && next.length > 0) await releaseTargets(ctx, owner, table, next, rowId);
  await insertRows(ctx.knex, table, next.map((target, i) => ({ [L.entity]: rowId, [L.target]: target, [L.order]: i + 1 })));
}

/** A target of a oneToOne/oneToMany relation belongs to one owner document: unlink it from the others. */
async function releaseTargets(ctx: EngineContext, owner: Schema, table: string, targets: readonly string[], keepRowId: number): Promise<void> {
  if (owner.modelType !== 'contentType') {
    await ctx.knex(table).whereIn(L.target, targets).whereNot(L.entity, keepRowId).delete();
    return;
  }
  // Rows of the same document (draft and published) may keep their own link.
  const sameDocument = ctx.knex(owner.collectionName).select('id').where(
    'document_id',
    ctx.knex(owner.collectionName).select('document_id').where('id', keepRowId),
  );
  await ctx.knex(table).whereIn(L.target, targets).whereNotIn(L.entity, sameDocument).delete();
}

/**
 * Inverse side: `self` (document `documentId`) is the target in the owner's link table.
 * `ownerRows(documentIds)` resolves owner documents to all their row ids.
 */
export async function writeInverseRelation(
  ctx: EngineContext,
  owner: Schema,
  ownerAttr: RelationAttribute,
  documentId: string,
  write: RelationWrite,
): Promise<void> {
  const table = relationLinkTable(owner.collectionName, ownerAttr.name);
  const linkedRows = async (docs: readonly string[]): Promise<number[]> =>
    docs.length === 0 ? [] : ((await ctx.knex(owner.collectionName).select('id').whereIn('document_id', docs)) as Array<{ id: unknown }>).map((r) => toNumber(r.id));

  if (write.set) await ctx.knex(table).where(L.target, documentId).delete();
  const disconnect = (write.disconnect ?? []).filter((d) => !(write.connect ?? []).includes(d));
  const disconnectRows = await linkedRows(disconnect);
  if (disconnectRows.length > 0) await ctx.knex(table).where(L.target, documentId).whereIn(L.entity, disconnectRows).delete();

  const add = [...(write.set ?? []), ...(write.connect ?? [])];
  const addRows = await linkedRows(add);
  if (addRows.length === 0) return;
  if (ownerIsToOne(ownerAttr)) await ctx.knex(table).whereIn(L.entity, addRows).delete();
  else await ctx.knex(table).whereIn(L.entity, addRows).where(L.target, documentId).delete();
  if (targetIsExclusive(ownerAttr)) await ctx.knex(table).where(L.target, documentId).whereNotIn(L.entity, addRows).delete();
  const maxOrd = await nextOrders(ctx, table, addRows);
  await insertRows(ctx.knex, table, addRows.map((entity) => ({ [L.entity]: entity, [L.target]: documentId, [L.order]: maxOrd.get(entity) ?? 1 })));
}

/** For each owner row, the `ord` that appends after its existing links (one statement for all rows). */
async function nextOrders(ctx: EngineContext, table: string, rows: readonly number[]): Promise<Map<number, number>> {
  const result = (await ctx.knex(table).select(L.entity).max({ m: L.order }).whereIn(L.entity, rows).groupBy(L.entity)) as Array<Record<string, unknown>>;
  return new Map(result.map((r) => [toNumber(r[L.entity]), toNumber(r.m) + 1]));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
