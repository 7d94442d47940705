/**
 * The tables a registry needs, as naming.ts lays them out: what schema sync compares the
 * database against. Pure: no database access.
 */
import { StartupError } from '../errors/index.js';
import { assertNever, type Registry, type Schema } from '../model/types.js';
import { isLocalizedType } from '../model/i18n.js';
import { storageClassOf, type StorageClass } from './column-types.js';
import {
  COMPONENT_LINK_COLUMNS,
  LINK_COLUMNS,
  LOCALE_COLUMNS,
  LOCALE_TABLE,
  MEDIA_LINK_COLUMNS,
  MEDIA_LINK_TABLE,
  SYSTEM_COLUMNS,
  columnName,
  componentLinkTable,
  identifier,
  relationLinkTable,
  uniqueIndexName,
  type UniqueScope,
} from './naming.js';
import type { DialectName } from './dialect.js';

export interface IndexLayout {
  readonly name: string;
  readonly columns: readonly string[];
  /** a unique index over the rows of `scope` (a partial index unless `all`) */
  readonly unique?: UniqueScope;
}

/** Partial indexes exist on PostgreSQL and SQLite; MySQL relies on the write locks alone. */
export function indexSupported(index: IndexLayout, dialect: DialectName): boolean {
  return !(dialect === 'mysql' && index.unique !== undefined && index.unique !== 'all');
}

/** Storage classes a unique index can cover on every database (no text, json or blobs). */
const INDEXABLE = new Set<StorageClass>(['varchar', 'integer', 'bigint', 'double', 'decimal', 'boolean', 'date', 'time', 'datetime']);

/** Localized types: unique per locale (the index covers `locale` too, the name stays the same). */
function uniqueIndexes(table: string, column: string, draftAndPublish: boolean, localized: boolean): IndexLayout[] {
  const scopes: UniqueScope[] = draftAndPublish ? ['draft', 'published'] : ['all'];
  const columns = localized ? [column, SYSTEM_COLUMNS.locale] : [column];
  return scopes.map((scope) => ({ name: uniqueIndexName(table, column, scope), columns, unique: scope }));
}

export interface TableLayout {
  readonly name: string;
  /** what needs the table, for error messages: a schema uid, or `media` */
  readonly owner: string;
  /** column → storage class, in creation order */
  readonly columns: ReadonlyMap<string, StorageClass>;
  readonly indexes: readonly IndexLayout[];
}

export function indexName(table: string, columns: readonly string[]): string {
  return identifier(`${table}_${columns.join('_')}_idx`);
}

function index(table: string, ...columns: string[]): IndexLayout {
  return { name: indexName(table, columns), columns };
}

class LayoutBuilder {
  readonly tables = new Map<string, TableLayout>();

  add(name: string, owner: string, columns: Array<[string, StorageClass]>, indexes: IndexLayout[]): void {
    const existing = this.tables.get(name);
    if (existing) {
      throw new StartupError(`Table name clash: "${name}" is needed by both ${existing.owner} and ${owner}; rename a collectionName or attribute`);
    }
    const map = new Map<string, StorageClass>();
    for (const [column, storage] of columns) {
      if (map.has(column)) {
        throw new StartupError(`${owner}: two attributes would be stored in the same column "${name}.${column}"`);
      }
      map.set(column, storage);
    }
    this.tables.set(name, { name, owner, columns: map, indexes });
  }
}

function addSchemaTables(builder: LayoutBuilder, schema: Schema): void {
  const table = schema.collectionName;
  const columns: Array<[string, StorageClass]> = [[SYSTEM_COLUMNS.id, 'increments']];
  const indexes: IndexLayout[] = [];
  const localized = isLocalizedType(schema);
  if (schema.modelType === 'contentType') {
    columns.push(
      [SYSTEM_COLUMNS.documentId, 'varchar'],
      [SYSTEM_COLUMNS.createdAt, 'datetime'],
      [SYSTEM_COLUMNS.updatedAt, 'datetime'],
      [SYSTEM_COLUMNS.publishedAt, 'datetime'],
    );
    // localized types: one version per locale (docs/i18n.md); other types have no such column
    if (localized) columns.push([SYSTEM_COLUMNS.locale, 'varchar']);
    indexes.push(index(table, SYSTEM_COLUMNS.documentId));
    // one draft and one published row per document (and locale; one row without draft & publish)
    indexes.push(...uniqueIndexes(table, SYSTEM_COLUMNS.documentId, schema.draftAndPublish, localized));
    if (schema.draftAndPublish) {
      indexes.push(index(table, SYSTEM_COLUMNS.documentId, SYSTEM_COLUMNS.publishedAt));
      // Every list read filters on `published_at IS [NOT] NULL`: counting published rows would
      // otherwise scan the whole table, and the draft page read is served in `id` order.
      indexes.push(index(table, SYSTEM_COLUMNS.publishedAt, SYSTEM_COLUMNS.id));
    }
  }
  let hasComponents = false;
  for (const attribute of Object.values(schema.attributes)) {
    switch (attribute.kind) {
      case 'scalar':
        columns.push([columnName(attribute.name), storageClassOf(attribute.type)]);
        if (schema.modelType === 'contentType' && (attribute.unique === true || attribute.type === 'uid') && INDEXABLE.has(storageClassOf(attribute.type))) {
          indexes.push(...uniqueIndexes(table, columnName(attribute.name), schema.draftAndPublish, localized));
        }
        break;
      case 'relation':
        if (attribute.mappedBy === undefined) addRelationLinkTable(builder, schema, attribute.name);
        break;
      case 'component':
      case 'dynamiczone':
        hasComponents = true;
        break;
      case 'media':
        break;
      default:
        assertNever(attribute);
    }
  }
  builder.add(table, schema.uid, columns, indexes);
  if (hasComponents) addComponentLinkTable(builder, schema);
}

function addRelationLinkTable(builder: LayoutBuilder, schema: Schema, attribute: string): void {
  const table = relationLinkTable(schema.collectionName, attribute);
  builder.add(
    table,
    `${schema.uid}.${attribute}`,
    [
      ['id', 'increments'],
      [LINK_COLUMNS.entity, 'integer'],
      [LINK_COLUMNS.target, 'varchar'],
      [LINK_COLUMNS.order, 'double'],
    ],
    [index(table, LINK_COLUMNS.entity), index(table, LINK_COLUMNS.target)],
  );
}

function addComponentLinkTable(builder: LayoutBuilder, schema: Schema): void {
  const table = componentLinkTable(schema.collectionName);
  const c = COMPONENT_LINK_COLUMNS;
  builder.add(
    table,
    `${schema.uid} (components)`,
    [
      ['id', 'increments'],
      [c.entity, 'integer'],
      [c.component, 'integer'],
      [c.componentType, 'varchar'],
      [c.field, 'varchar'],
      [c.order, 'double'],
    ],
    [index(table, c.entity), index(table, c.component)],
  );
}

function addMediaLinkTable(builder: LayoutBuilder): void {
  const m = MEDIA_LINK_COLUMNS;
  builder.add(
    MEDIA_LINK_TABLE,
    'media',
    [
      ['id', 'increments'],
      [m.file, 'integer'],
      [m.related, 'integer'],
      [m.relatedType, 'varchar'],
      [m.field, 'varchar'],
      [m.order, 'double'],
    ],
    [index(MEDIA_LINK_TABLE, m.relatedType, m.related, m.field), index(MEDIA_LINK_TABLE, m.file)],
  );
}

/** The project's locales (Strapi's `i18n_locale`), in every project: `en` exists from the start. */
function addLocaleTable(builder: LayoutBuilder): void {
  const c = LOCALE_COLUMNS;
  builder.add(
    LOCALE_TABLE,
    'i18n',
    [
      ['id', 'increments'],
      [SYSTEM_COLUMNS.documentId, 'varchar'],
      [c.name, 'varchar'],
      [c.code, 'varchar'],
      [c.isDefault, 'boolean'],
      [SYSTEM_COLUMNS.createdAt, 'datetime'],
      [SYSTEM_COLUMNS.updatedAt, 'datetime'],
      [SYSTEM_COLUMNS.publishedAt, 'datetime'],
    ],
    [{ name: uniqueIndexName(LOCALE_TABLE, c.code, 'all'), columns: [c.code], unique: 'all' }],
  );
}

/** Every table the registry needs, keyed by table name. */
export function buildSchemaLayout(registry: Registry): ReadonlyMap<string, TableLayout> {
  const builder = new LayoutBuilder();
  for (const contentType of registry.contentTypes.values()) addSchemaTables(builder, contentType);
  for (const component of registry.components.values()) addSchemaTables(builder, component);
  addMediaLinkTable(builder);
  addLocaleTable(builder);
  return builder.tables;
}
