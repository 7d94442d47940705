/**
 * The storage layout: every table and column name Vellum uses is derived here, so schema sync,
 * the engine and the document service agree by construction.
 *
 *  content type rows     <collectionName>: id, document_id, created_at, updated_at, published_at,
 *                        one column per scalar attribute (snake_case)
 *                        draft & publish: a document has a draft row (published_at NULL) and,
 *                        once published, a published row (published_at set), same document_id.
 *                        Without draft & publish a document has one row, published_at set.
 *                        Localized types (model/i18n.ts) add `locale`: one such row set per
 *                        document and locale; unique indexes cover (column, locale).
 *  locales               i18n_locale: id, document_id, name, code (unique), is_default, timestamps
 *  component rows        <collectionName>: id, one column per scalar attribute
 *  relations             one link table per owning attribute (the side without `mappedBy`):
 *                        <ownerTable>_<attr>_lnk (entity_id → owner row id,
 *                        target_document_id → target document, ord). The inverse side reads the
 *                        same table the other way round, so both sides are always consistent.
 *  components and zones  <ownerTable>_cmps (entity_id, cmp_id, component_type, field, ord)
 *  media                 files_related_mph (file_id, related_id, related_type, field, ord);
 *                        related_type is the owner schema uid.
 */
import { createHash } from 'node:crypto';

/** PostgreSQL truncates identifiers at 63 bytes, MySQL refuses more than 64. */
const MAX_IDENTIFIER = 60;

export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/** Shortens an identifier deterministically when it would exceed the dialects' limits. */
export function identifier(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - 9)}_${hash}`;
}

export const SYSTEM_COLUMNS = {
  id: 'id',
  documentId: 'document_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  publishedAt: 'published_at',
  /** localized content types only: the version's locale code */
  locale: 'locale',
} as const;

// Rows are read column by column for every entry of every response: the regex work of
// snakeCase was ~10% of a simple list request (bench/, scenario a). Names come from schemas,
// so the cache stays small; the cap only guards against callers passing arbitrary input.
const columnNames = new Map<string, string>();
const COLUMN_CACHE_LIMIT = 10_000;

/** Column holding a scalar attribute or a system field (`documentId` → `document_id`). */
export function columnName(field: string): string {
  let column = columnNames.get(field);
  if (column === undefined) {
    column = field in SYSTEM_COLUMNS ? SYSTEM_COLUMNS[field as keyof typeof SYSTEM_COLUMNS] : identifier(snakeCase(field));
    if (columnNames.size < COLUMN_CACHE_LIMIT) columnNames.set(field, column);
  }
  return column;
}

export function relationLinkTable(ownerTable: string, attribute: string): string {
  return identifier(`${ownerTable}_${snakeCase(attribute)}_lnk`);
}
export const LINK_COLUMNS = { entity: 'entity_id', target: 'target_document_id', order: 'ord' } as const;

export function componentLinkTable(ownerTable: string): string {
  return identifier(`${ownerTable}_cmps`);
}
export const COMPONENT_LINK_COLUMNS = {
  entity: 'entity_id',
  component: 'cmp_id',
  componentType: 'component_type',
  field: 'field',
  order: 'ord',
} as const;

/** the project's locales (Strapi's table name); `is_default` marks the one default locale */
export const LOCALE_TABLE = 'i18n_locale';
export const LOCALE_COLUMNS = { name: 'name', code: 'code', isDefault: 'is_default' } as const;

export const FILES_TABLE = 'files';
export const MEDIA_LINK_TABLE = 'files_related_mph';
export const MEDIA_LINK_COLUMNS = {
  file: 'file_id',
  related: 'related_id',
  relatedType: 'related_type',
  field: 'field',
  order: 'ord',
} as const;

/**
 * Unique indexes backing what locks already guarantee (decisions.md "Concurrent writes"): one
 * draft and one published row per document, one holder per `unique` value and state. `scope` is
 * the rows the index covers: drafts, published rows, or every row (types without draft & publish).
 */
export type UniqueScope = 'draft' | 'published' | 'all';

export function uniqueIndexName(table: string, column: string, scope: UniqueScope): string {
  return identifier(`${table}_${column}_${scope === 'all' ? '' : `${scope}_`}uq`);
}
