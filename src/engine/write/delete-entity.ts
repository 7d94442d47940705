/**
 * Deletes rows with everything hanging off them: component rows (recursively), owned relation
 * links, media links. Links pointing at a deleted document from elsewhere go with
 * `deleteIncomingLinks`, so no entry keeps a dangling reference.
 */
import {
  COMPONENT_LINK_COLUMNS as C, FILES_TABLE, LINK_COLUMNS as L, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE,
  componentLinkTable, relationLinkTable,
} from '../../db/naming.js';
import { toNumber } from '../../db/values.js';
import type { Schema } from '../../model/types.js';
import type { EngineContext } from '../types.js';
import { deleteRowsById } from './rows.js';

const hasComponents = (schema: Schema): boolean =>
  Object.values(schema.attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone');

/** Deletes the components stored under `field` (or under every field) of the given owner rows. */
export async function deleteComponentsOf(ctx: EngineContext, owner: Schema, rowIds: readonly number[], field?: string): Promise<void> {
  if (rowIds.length === 0 || !hasComponents(owner)) return;
  const table = componentLinkTable(owner.collectionName);
  const query = ctx.knex(table).select(C.component, C.componentType).whereIn(C.entity, rowIds);
  if (field !== undefined) query.where(C.field, field);
  const links = (await query) as Array<Record<string, unknown>>;
  const byType = new Map<string, number[]>();
  for (const link of links) {
    const uid = String(link[C.componentType]);
    byType.set(uid, [...(byType.get(uid) ?? []), toNumber(link[C.component])]);
  }
  const del = ctx.knex(table).whereIn(C.entity, rowIds);
  if (field !== undefined) del.where(C.field, field);
  await del.delete();
  for (const [uid, ids] of byType) await deleteEntityRows(ctx, ctx.registry.component(uid), ids);
}

/** Deletes rows of `schema` and everything they own. */
export async function deleteEntityRows(ctx: EngineContext, schema: Schema, rowIds: readonly number[]): Promise<void> {
  if (rowIds.length === 0) return;
  await deleteComponentsOf(ctx, schema, rowIds);
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind === 'relation' && attr.mappedBy === undefined) {
      await ctx.knex(relationLinkTable(schema.collectionName, attr.name)).whereIn(L.entity, rowIds).delete();
    }
  }
  if (Object.values(schema.attributes).some((a) => a.kind === 'media')) {
    await ctx.knex(MEDIA_LINK_TABLE).where(M.relatedType, schema.uid).whereIn(M.related, rowIds).delete();
  }
  await deleteRowsById(ctx, schema.collectionName, rowIds);
}

/**
 * Removes every link that targets `documentId` of content type `targetUid`, wherever it is
 * owned; for files, also every media link to its rows.
 */
export async function deleteIncomingLinks(ctx: EngineContext, targetUid: string, documentId: string, rowIds: readonly number[]): Promise<void> {
  if (ctx.registry.contentType(targetUid).collectionName === FILES_TABLE && rowIds.length > 0) {
    await ctx.knex(MEDIA_LINK_TABLE).whereIn(M.file, rowIds).delete();
  }
  for (const schema of [...ctx.registry.contentTypes.values(), ...ctx.registry.components.values()]) {
    for (const attr of Object.values(schema.attributes)) {
      if (attr.kind === 'relation' && attr.mappedBy === undefined && attr.target === targetUid) {
        await ctx.knex(relationLinkTable(schema.collectionName, attr.name)).where(L.target, documentId).delete();
      }
    }
  }
}
