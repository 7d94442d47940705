/**
 * One archive entity → the rows Vellum stores it as (docs/architecture.md "Storage layout"):
 * the content type's row with the archive's id, documentId, locale and timestamps; each
 * component and dynamic-zone item as a row of its component's table (with the archive's
 * component id) plus a `<owner>_cmps` link in order, recursively. Relations and media are not
 * in an entity's data: they come as links (link-rows.ts).
 */
import { COMPONENT_LINK_COLUMNS as C, LOCALE_COLUMNS, SYSTEM_COLUMNS as S, columnName, componentLinkTable } from '../db/naming.js';
import { toDbValue } from '../db/values.js';
import type { DialectName } from '../db/dialect.js';
import { isLocalizedType } from '../model/i18n.js';
import type { ContentType, Registry, Schema } from '../model/types.js';
import { isRecord } from '../util/is-record.js';
import { lineError, type LinePlace } from './archive-lines.js';
import { LOCALE_UID } from './import-scope.js';
import type { RowBatch } from './row-batch.js';

export interface EntityContext {
  readonly registry: Registry;
  readonly dialect: DialectName;
  readonly defaultLocale: string | undefined;
}

function scalarRow(ctx: EntityContext, schema: Schema, data: Readonly<Record<string, unknown>>, place: LinePlace): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const attr of Object.values(schema.attributes)) {
    if (attr.kind !== 'scalar' || !(attr.name in data)) continue;
    try {
      row[columnName(attr.name)] = toDbValue(attr.type, data[attr.name], ctx.dialect);
    } catch (error) {
      throw lineError(place, `${schema.uid}.${attr.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return row;
}

const timestamp = (ctx: EntityContext, value: unknown): unknown => toDbValue('datetime', value ?? null, ctx.dialect);

/** Adds the rows of one content-type entity (and its components) to `batch`. */
export function addEntityRows(ctx: EntityContext, type: ContentType, id: number, data: Readonly<Record<string, unknown>>, batch: RowBatch, place: LinePlace): void {
  if (typeof data.documentId !== 'string' || data.documentId === '') throw lineError(place, `${type.uid} ${id} has no documentId`);
  const system = {
    id,
    [S.documentId]: data.documentId,
    [S.createdAt]: timestamp(ctx, data.createdAt),
    [S.updatedAt]: timestamp(ctx, data.updatedAt),
    [S.publishedAt]: timestamp(ctx, data.publishedAt),
  };
  if (type.uid === LOCALE_UID) {
    const code = String(data.code ?? '');
    batch.add(type.collectionName, {
      ...system, [LOCALE_COLUMNS.name]: data.name ?? code, [LOCALE_COLUMNS.code]: code,
      [LOCALE_COLUMNS.isDefault]: toDbValue('boolean', code === (ctx.defaultLocale ?? 'en'), ctx.dialect),
    });
    return;
  }
  const localized = isLocalizedType(type) ? { [S.locale]: typeof data.locale === 'string' ? data.locale : (ctx.defaultLocale ?? 'en') } : {};
  // without draft & publish a Vellum row is always published; Strapi 5 sets publishedAt there too
  if (!type.draftAndPublish && system[S.publishedAt] === null) system[S.publishedAt] = system[S.createdAt];
  batch.add(type.collectionName, { ...scalarRow(ctx, type, data, place), ...system, ...localized });
  addComponents(ctx, type, id, data, batch, place);
}

function addComponents(ctx: EntityContext, owner: Schema, ownerId: number, data: Readonly<Record<string, unknown>>, batch: RowBatch, place: LinePlace): void {
  for (const attr of Object.values(owner.attributes)) {
    if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') continue;
    const value = data[attr.name];
    if (value === null || value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const [index, item] of items.entries()) {
      if (!isRecord(item)) throw lineError(place, `${owner.uid}.${attr.name}[${index}] is not an object`);
      const uid = attr.kind === 'component' ? attr.component : String(item.__component ?? '');
      const schema = ctx.registry.components.get(uid);
      if (!schema || (attr.kind === 'dynamiczone' && !attr.components.includes(uid))) {
        throw lineError(place, `${owner.uid}.${attr.name}[${index}]: component ${JSON.stringify(uid)} is not one the project allows there`);
      }
      const id = Number(item.id);
      if (!Number.isSafeInteger(id) || id < 1) throw lineError(place, `${owner.uid}.${attr.name}[${index}] (${uid}) has no id`);
      batch.add(schema.collectionName, { ...scalarRow(ctx, schema, item, place), id });
      batch.add(componentLinkTable(owner.collectionName), {
        [C.entity]: ownerId, [C.component]: id, [C.componentType]: uid, [C.field]: attr.name, [C.order]: index + 1,
      });
      addComponents(ctx, schema, id, item, batch, place);
    }
  }
}
