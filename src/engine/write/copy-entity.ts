/**
 * Deep copy of one row: the row itself, its components (recursively, as new component rows),
 * its owned relation links and its media links. Publishing copies the draft row into a new
 * published row; discarding a draft copies the published row back.
 */
import {
  COMPONENT_LINK_COLUMNS as C, LINK_COLUMNS as L, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE,
  componentLinkTable, relationLinkTable,
} from '../../db/naming.js';
import { selectFirst } from '../../db/direct-reads.js';
import { toNumber } from '../../db/values.js';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { Schema } from '../../model/types.js';
import { existingRowIds, liveDocumentIds } from '../document-rows.js';
import type { EngineContext } from '../types.js';
import { insertRow, insertRows } from './rows.js';

export async function copyEntity(ctx: EngineContext, schema: Schema, fromId: number, overrides: Record<string, unknown>): Promise<number> {
  const source = await selectFirst(ctx.knex, ctx.knex(schema.collectionName).where('id', fromId));
  if (!source) throw new Error(`copyEntity: row ${fromId} of ${schema.collectionName} does not exist`);
  const { id: _omit, ...columns } = source;
  const toId = await insertRow(ctx, schema.collectionName, { ...columns, ...overrides });
  await copyParts(ctx, schema, fromId, toId);
  return toId;
}

/**
 * Copies the components, relation links and media links of row `fromId` to row `toId`; with
 * `only`, just those of the attributes it names (shared attributes of a localized type, copied
 * to the document's other locales: locale-rows.ts).
 */
export async function copyParts(ctx: EngineContext, schema: Schema, fromId: number, toId: number, only?: ReadonlySet<string>): Promise<void> {
  const attrs = Object.values(schema.attributes).filter((attr) => only === undefined || only.has(attr.name));
  const fields = attrs.map((attr) => attr.name);
  for (const attr of attrs) {
    if (attr.kind !== 'relation' || attr.mappedBy !== undefined) continue;
    const table = relationLinkTable(schema.collectionName, attr.name);
    const read = (await ctx.knex(table).select(L.target, L.order).where(L.entity, fromId)) as Array<Record<string, unknown>>;
    // a target deleted since the source's links were read is left out, not linked (liveDocumentIds)
    const live = await liveDocumentIds(ctx, attr.target, read.map((l) => String(l[L.target])));
    const links = read.filter((l) => live.has(String(l[L.target])));
    await insertRows(ctx.knex, table, links.map((l) => ({ [L.entity]: toId, [L.target]: l[L.target], [L.order]: l[L.order] })));
  }
  if (attrs.some((a) => a.kind === 'media')) {
    const read = (await ctx.knex(MEDIA_LINK_TABLE).select(M.file, M.field, M.order).where({ [M.relatedType]: schema.uid, [M.related]: fromId }).whereIn(M.field, fields)) as Array<Record<string, unknown>>;
    const live = await existingRowIds(ctx, UPLOAD_FILE_UID, read.map((l) => toNumber(l[M.file])));
    const links = read.filter((l) => live.has(toNumber(l[M.file])));
    await insertRows(ctx.knex, MEDIA_LINK_TABLE, links.map((l) => ({
      [M.file]: l[M.file], [M.related]: toId, [M.relatedType]: schema.uid, [M.field]: l[M.field], [M.order]: l[M.order],
    })));
  }
  if (attrs.some((a) => a.kind === 'component' || a.kind === 'dynamiczone')) {
    const table = componentLinkTable(schema.collectionName);
    const links = (await ctx.knex(table).select(C.component, C.componentType, C.field, C.order).where(C.entity, fromId).whereIn(C.field, fields).orderBy(C.order)) as Array<Record<string, unknown>>;
    const copies = [];
    for (const link of links) {
      const uid = String(link[C.componentType]);
      const cmpId = await copyEntity(ctx, ctx.registry.component(uid), toNumber(link[C.component]), {});
      copies.push({ [C.entity]: toId, [C.component]: cmpId, [C.componentType]: uid, [C.field]: link[C.field], [C.order]: link[C.order] });
    }
    await insertRows(ctx.knex, table, copies);
  }
}
