/**
 * The database's rows as archive lines, a page of rows at a time (engine/transfer-rows.ts):
 *
 *  - entities: `{ type, id, data }`, data holding the attributes' wire values, the system fields
 *    and every component and dynamic-zone item inlined with its own id (and `__component`);
 *  - links: one per relation link, naming the owner row and a target **row** as Strapi's links
 *    do (Vellum links name the target document: the row taken is the one in the owner's
 *    publication state and locale, else the published one, else any), `pos` = the link's order;
 *    one per media link, as Strapi's morph link from `plugin::upload.file.related`.
 */
import { COMPONENT_LINK_COLUMNS as C, LINK_COLUMNS as L, LOCALE_COLUMNS, MEDIA_LINK_COLUMNS as M, MEDIA_LINK_TABLE, SYSTEM_COLUMNS as S, columnName } from '../db/naming.js';
import type { Row } from '../db/direct-reads.js';
import { fromDbValue, toNumber } from '../db/values.js';
import { componentLinks, ownedLinks, rowsOfDocuments, rowsWhereIn, tablePages } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { isLocalizedType } from '../model/i18n.js';
import type { ContentType, Schema } from '../model/types.js';
import { LOCALE_UID } from './import-scope.js';
import type { JsonlWriter } from './jsonl.js';

const iso = (raw: unknown): unknown => fromDbValue('datetime', raw);

function scalarData(schema: Schema, row: Row): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind === 'scalar') data[attr.name] = fromDbValue(attr.type, row[columnName(attr.name)]);
  }
  return data;
}

const hasComponents = (schema: Schema): boolean => Object.values(schema.attributes).some((a) => a.kind === 'component' || a.kind === 'dynamiczone');

/** For each owner row id, its component attributes' data (nested components included). */
async function componentData(engine: EngineContext, owner: Schema, rowIds: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  const result = new Map<number, Record<string, unknown>>();
  if (!hasComponents(owner) || rowIds.length === 0) return result;
  const links = await componentLinks(engine, owner, rowIds);
  const byType = new Map<string, number[]>();
  for (const link of links) {
    const uid = String(link[C.componentType]);
    const ids = byType.get(uid);
    if (ids) ids.push(toNumber(link[C.component]));
    else byType.set(uid, [toNumber(link[C.component])]);
  }
  const items = new Map<string, Record<string, unknown>>();
  for (const [uid, ids] of byType) {
    const schema = engine.registry.components.get(uid);
    if (!schema) continue;
    const rows = await rowsWhereIn(engine, schema.collectionName, 'id', ids);
    const nested = await componentData(engine, schema, rows.map((r) => toNumber(r.id)));
    for (const row of rows) {
      const id = toNumber(row.id);
      items.set(`${uid}#${id}`, { id, ...scalarData(schema, row), ...nested.get(id) });
    }
  }
  for (const link of links) {
    const ownerId = toNumber(link[C.entity]);
    const field = String(link[C.field]);
    const attr = owner.attributes[field];
    const uid = String(link[C.componentType]);
    const item = items.get(`${uid}#${toNumber(link[C.component])}`);
    if (!item || !attr) continue;
    const data = result.get(ownerId) ?? {};
    if (attr.kind === 'dynamiczone' || (attr.kind === 'component' && attr.repeatable)) {
      const list = (data[field] as unknown[] | undefined) ?? [];
      list.push(attr.kind === 'dynamiczone' ? { ...item, __component: uid } : item);
      data[field] = list;
    } else {
      data[field] = item;
    }
    result.set(ownerId, data);
  }
  return result;
}

function emptyComponents(schema: Schema): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind === 'dynamiczone' || (attr.kind === 'component' && attr.repeatable)) data[attr.name] = [];
    else if (attr.kind === 'component') data[attr.name] = null;
  }
  return data;
}

/** Every row of `type` as entity lines. */
export async function writeEntities(engine: EngineContext, type: ContentType, out: JsonlWriter, onPage: () => void): Promise<void> {
  const localized = isLocalizedType(type);
  for await (const page of tablePages(engine, type.collectionName)) {
    const components = await componentData(engine, type, page.map((r) => toNumber(r.id)));
    for (const row of page) {
      const id = toNumber(row.id);
      const system = {
        documentId: row[S.documentId], createdAt: iso(row[S.createdAt]), updatedAt: iso(row[S.updatedAt]), publishedAt: iso(row[S.publishedAt]),
      };
      const data = type.uid === LOCALE_UID
        ? { documentId: row[S.documentId], name: row[LOCALE_COLUMNS.name], code: row[LOCALE_COLUMNS.code], createdAt: system.createdAt, updatedAt: system.updatedAt, publishedAt: system.publishedAt, locale: null }
        : { ...system, ...scalarData(type, row), locale: localized ? row[S.locale] : null, ...emptyComponents(type), ...components.get(id) };
      await out.write({ type: type.uid, id, data });
    }
    onPage();
  }
}

/** The target row a link to document `documentId` names, for an owner row in `state` and `locale`. */
function pickTarget(rows: readonly Row[], state: 'draft' | 'published' | undefined, locale: unknown): number | undefined {
  const score = (row: Row): number => {
    let s = 0;
    const published = row[S.publishedAt] !== null && row[S.publishedAt] !== undefined;
    if (state === undefined ? published : (state === 'published') === published) s += 2;
    if (locale !== undefined && row[S.locale] === locale) s += 4;
    return s;
  };
  let best: Row | undefined;
  for (const row of rows) if (!best || score(row) > score(best)) best = row;
  return best === undefined ? undefined : toNumber(best.id);
}

/** The relation links owned by rows of `owner` as link lines. */
export async function writeRelationLinks(engine: EngineContext, owner: Schema, out: JsonlWriter, onPage: () => void): Promise<void> {
  const relations = Object.values(owner.attributes).filter((a) => a.kind === 'relation' && a.mappedBy === undefined);
  if (relations.length === 0) return;
  const ownerLocalized = isLocalizedType(owner);
  for await (const page of tablePages(engine, owner.collectionName)) {
    const ownerRows = new Map(page.map((r) => [toNumber(r.id), r]));
    for (const attr of relations) {
      if (attr.kind !== 'relation') continue;
      const links = await ownedLinks(engine, owner, attr.name, [...ownerRows.keys()]);
      if (links.length === 0) continue;
      const targets = await rowsOfDocuments(engine, attr.target, links.map((l) => String(l[L.target])));
      const byDocument = new Map<string, Row[]>();
      for (const row of targets) {
        const rows = byDocument.get(String(row[S.documentId]));
        if (rows) rows.push(row);
        else byDocument.set(String(row[S.documentId]), [row]);
      }
      const targetLocalized = isLocalizedType(engine.registry.contentType(attr.target));
      for (const link of links) {
        const ownerRow = ownerRows.get(toNumber(link[L.entity]));
        const state = owner.modelType === 'contentType' && owner.draftAndPublish && ownerRow ? (ownerRow[S.publishedAt] === null ? 'draft' : 'published') : undefined;
        const locale = ownerLocalized && targetLocalized ? ownerRow?.[S.locale] : undefined;
        const ref = pickTarget(byDocument.get(String(link[L.target])) ?? [], state, locale);
        if (ref === undefined) continue;
        await out.write({
          kind: attr.target === owner.uid ? 'relation.circular' : 'relation.basic',
          relation: attr.relation,
          left: { type: owner.uid, ref: toNumber(link[L.entity]), field: attr.name, pos: toNumber(link[L.order]) },
          right: { type: attr.target, ref, ...(attr.inversedBy === undefined ? {} : { field: attr.inversedBy }) },
        });
      }
    }
    onPage();
  }
}

/** Every media link as Strapi's morph link line. */
export async function writeMediaLinks(engine: EngineContext, out: JsonlWriter, onPage: () => void): Promise<void> {
  for await (const page of tablePages(engine, MEDIA_LINK_TABLE)) {
    for (const link of page) {
      await out.write({
        kind: 'relation.morph',
        relation: 'morphToMany',
        left: { type: UPLOAD_FILE_UID, field: 'related', ref: toNumber(link[M.file]) },
        right: { ref: toNumber(link[M.related]), pos: toNumber(link[M.order]), type: String(link[M.relatedType]), field: String(link[M.field]) },
      });
    }
    onPage();
  }
}
