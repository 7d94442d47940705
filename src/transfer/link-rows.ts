/**
 * Archive links → Vellum's link rows. Strapi links name rows on both ends (`left.ref`,
 * `right.ref` are row ids); Vellum's relation links keep the owner row and the target
 * **document** (docs/architecture.md), so each batch of links asks the database, once per
 * target type, which document each target row belongs to (the entities were written first: the
 * archive holds them before its links). The order is the archive's: `left.pos` for relations,
 * `right.pos` for media. Media links are Strapi's morph links from `plugin::upload.file.related`.
 *
 * Strapi 5's `localizations` links (one per row, `right.ref` the row's own documentId: the
 * relation is virtual, a join on `document_id`) need no row: Vellum finds a document's locales
 * by its document id too, so they are kept by the entities' document ids and not counted.
 *
 * Left out, and counted: relations to admin users (`createdBy`/`updatedBy`), links of types
 * Vellum does not keep, and links whose target row the archive does not hold.
 */
import { LINK_COLUMNS as L, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE, relationLinkTable } from '../db/naming.js';
import { documentIdsOfRows } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { LinkLine } from './archive-lines.js';
import { linkOwner } from './import-scope.js';
import type { RowBatch } from './row-batch.js';

interface PendingRelation {
  readonly table: string;
  readonly owner: number;
  readonly targetType: string;
  readonly targetRow: number;
  readonly order: number;
}

/** Adds the rows of `links` to `batch`; returns how many links were left out. */
export async function addLinkRows(engine: EngineContext, links: readonly LinkLine[], batch: RowBatch): Promise<number> {
  const { registry } = engine;
  const pending: PendingRelation[] = [];
  let skipped = 0;
  for (const link of links) {
    const { left, right } = link;
    if (left.field === 'localizations' && left.type === right.type && typeof right.ref === 'string') continue;
    if (typeof left.ref !== 'number' || typeof right.ref !== 'number') {
      skipped += 1;
      continue;
    }
    if (left.type === UPLOAD_FILE_UID && left.field === 'related') {
      const owner = right.field === undefined ? undefined : linkOwner(registry, right.type);
      if (owner?.attributes[right.field!]?.kind !== 'media') {
        skipped += 1;
        continue;
      }
      batch.add(MEDIA_LINK_TABLE, {
        [M.file]: left.ref, [M.related]: right.ref, [M.relatedType]: right.type, [M.field]: right.field, [M.order]: right.pos ?? 1,
      });
      continue;
    }
    const owner = linkOwner(registry, left.type);
    const attr = left.field === undefined ? undefined : owner?.attributes[left.field];
    if (!owner || attr?.kind !== 'relation' || attr.mappedBy !== undefined || attr.target !== right.type) {
      skipped += 1;
      continue;
    }
    pending.push({ table: relationLinkTable(owner.collectionName, attr.name), owner: left.ref, targetType: right.type, targetRow: right.ref, order: left.pos ?? 1 });
  }
  const byType = new Map<string, number[]>();
  for (const p of pending) {
    const rows = byType.get(p.targetType);
    if (rows) rows.push(p.targetRow);
    else byType.set(p.targetType, [p.targetRow]);
  }
  const documents = new Map<string, Map<number, string>>();
  for (const [uid, rows] of byType) documents.set(uid, await documentIdsOfRows(engine, uid, rows));
  for (const p of pending) {
    const target = documents.get(p.targetType)?.get(p.targetRow);
    if (target === undefined) {
      skipped += 1;
      continue;
    }
    batch.add(p.table, { [L.entity]: p.owner, [L.target]: target, [L.order]: p.order });
  }
  return skipped;
}
