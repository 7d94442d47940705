/**
 * Writes everything of one entity row beyond its scalars: components and dynamic zones
 * (replaced as a whole), relations, media links. Used for content-type rows and, recursively,
 * for component rows.
 */
import { COMPONENT_LINK_COLUMNS as C, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE, componentLinkTable } from '../../db/naming.js';
import type { Schema } from '../../model/types.js';
import type { EngineContext } from '../types.js';
import { deleteComponentsOf } from './delete-entity.js';
import { insertRow, insertRows, updateRow } from './rows.js';
import { scalarColumns } from './write-scalars.js';
import type { ComponentWrite, WritePlan } from './write-plan.js';
import { writeInverseRelation, writeOwnerRelation } from './write-relations.js';

export interface EntityRef {
  readonly schema: Schema;
  readonly rowId: number;
  /** content types only: the document the row belongs to (inverse relations are kept per document) */
  readonly documentId?: string;
}

export async function writeEntityParts(ctx: EngineContext, entity: EntityRef, plan: WritePlan): Promise<void> {
  for (const [name, items] of Object.entries(plan.components)) {
    await deleteComponentsOf(ctx, entity.schema, [entity.rowId], name);
    await insertComponents(ctx, entity, name, items);
  }
  for (const [name, fileIds] of Object.entries(plan.media)) await writeMediaLinks(ctx, entity, name, fileIds);
  for (const [name, write] of Object.entries(plan.relations)) {
    const attr = entity.schema.attributes[name];
    if (!attr || attr.kind !== 'relation') continue;
    if (attr.mappedBy === undefined) {
      await writeOwnerRelation(ctx, entity.schema, attr, entity.rowId, write);
      continue;
    }
    const owner = ctx.registry.get(attr.target);
    const ownerAttr = owner.attributes[attr.mappedBy];
    if (ownerAttr?.kind === 'relation' && entity.documentId !== undefined) {
      await writeInverseRelation(ctx, owner, ownerAttr, entity.documentId, write);
    }
  }
}

async function insertComponents(ctx: EngineContext, owner: EntityRef, field: string, items: readonly ComponentWrite[]): Promise<void> {
  const links = [];
  for (const [index, item] of items.entries()) {
    const schema = ctx.registry.component(item.uid);
    const cmpId = await insertRow(ctx, schema.collectionName, scalarColumns(ctx, schema, item.plan.scalars));
    await writeEntityParts(ctx, { schema, rowId: cmpId }, item.plan);
    links.push({ [C.entity]: owner.rowId, [C.component]: cmpId, [C.componentType]: item.uid, [C.field]: field, [C.order]: index + 1 });
  }
  await insertRows(ctx.knex, componentLinkTable(owner.schema.collectionName), links);
}

async function writeMediaLinks(ctx: EngineContext, owner: EntityRef, field: string, fileIds: readonly number[]): Promise<void> {
  await ctx.knex(MEDIA_LINK_TABLE).where({ [M.relatedType]: owner.schema.uid, [M.related]: owner.rowId, [M.field]: field }).delete();
  await insertRows(ctx.knex, MEDIA_LINK_TABLE, fileIds.map((file, i) => ({
    [M.file]: file, [M.related]: owner.rowId, [M.relatedType]: owner.schema.uid, [M.field]: field, [M.order]: i + 1,
  })));
}

export async function updateScalars(ctx: EngineContext, entity: EntityRef, scalars: Readonly<Record<string, unknown>>, extra: Record<string, unknown> = {}): Promise<void> {
  await updateRow(ctx, entity.schema.collectionName, entity.rowId, { ...scalarColumns(ctx, entity.schema, scalars), ...extra });
}
