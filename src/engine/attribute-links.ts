/**
 * How a relation, media, component or dynamic-zone attribute reaches the rows behind it, held as
 * data: the link table, which link column matches the parent row and which the target row,
 * constant link conditions and the link's order. Nested filters (EXISTS), relation sorts (scalar
 * subqueries) and population (batched loads) all walk attributes through this one description,
 * so there is no per-relation-kind code anywhere else.
 */
import type { Knex } from 'knex';
import {
  COMPONENT_LINK_COLUMNS as C,
  LINK_COLUMNS as L,
  LOCALE_COLUMNS,
  LOCALE_TABLE,
  MEDIA_LINK_COLUMNS as M,
  MEDIA_LINK_TABLE,
  SYSTEM_COLUMNS,
  columnName,
  componentLinkTable,
  relationLinkTable,
} from '../db/naming.js';
import { toDbValue } from '../db/values.js';
import { attributeOf, isToMany } from '../model/attributes.js';
import { isLocalizationsAttribute, isLocalizedType } from '../model/i18n.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { assertNever, type RelationAttribute, type Registry, type Schema } from '../model/types.js';
import type { PublicationStatus } from '../query/ast.js';
import { applyStatus } from './status.js';
import type { EngineContext } from './types.js';

/** Which key of a row a link column holds. */
export type RowKey = 'id' | 'documentId';

export interface LinkSpec {
  readonly table: string;
  /** link column holding the parent row's key */
  readonly parentColumn: string;
  readonly parentKey: RowKey;
  /** link column holding the target row's key */
  readonly targetColumn: string;
  readonly targetKey: RowKey;
  /** link column → constant it must equal */
  readonly conditions: Readonly<Record<string, string>>;
  /** order of the targets of one parent; null when the link keeps none for this side */
  readonly orderColumn: string | null;
  /** localized targets: which locale version of a linked document is read (absent: every row linked) */
  readonly locale?: LinkLocale;
}

/**
 * Which version of a localized target document a link reaches (docs/i18n.md "Relations"):
 * - `sibling`: `localizations`, the link is the parent row itself; every other locale's version;
 * - `ofParent`: the version in the locale of the parent row (`table` holds the parent rows, whose
 *   id is the link's parent column), as Strapi 5 links a localized source to the same locale;
 * - `default`: the version in the default locale (the parent type is not localized);
 * - `parentRow`: the inverse side between two localized types, whose link names the parent
 *   document only: the linked versions in the locale of the parent row, which the statement
 *   holds (`table` holds the parent rows; the batched loader joins them: load-batch.ts).
 */
export type LinkLocale =
  | { readonly kind: 'sibling' }
  | { readonly kind: 'ofParent'; readonly table: string }
  | { readonly kind: 'default' }
  | { readonly kind: 'parentRow'; readonly table: string };

export interface LinkTarget {
  readonly link: LinkSpec;
  readonly schema: Schema;
}

export interface AttributeLinks {
  readonly kind: 'relation' | 'media' | 'component' | 'dynamiczone';
  readonly toMany: boolean;
  /** one target schema, or one per component type of a dynamic zone */
  readonly targets: readonly LinkTarget[];
}

function relationLink(registry: Registry, schema: Schema, attr: RelationAttribute): LinkSpec {
  if (isLocalizationsAttribute(attr)) {
    // the parent row read again as the link: the same document's rows in the other locales
    return {
      table: schema.collectionName,
      parentColumn: 'id',
      parentKey: 'id',
      targetColumn: SYSTEM_COLUMNS.documentId,
      targetKey: 'documentId',
      conditions: {},
      orderColumn: null,
      locale: { kind: 'sibling' },
    };
  }
  if (attr.mappedBy === undefined) {
    const localized = isLocalizedType(registry.contentType(attr.target));
    return {
      table: relationLinkTable(schema.collectionName, attr.name),
      parentColumn: L.entity,
      parentKey: 'id',
      targetColumn: L.target,
      targetKey: 'documentId',
      conditions: {},
      orderColumn: L.order,
      ...(localized ? { locale: isLocalizedType(schema) ? { kind: 'ofParent', table: schema.collectionName } : { kind: 'default' } } : {}),
    };
  }
  // Inverse side: the owner's link table read the other way round; `ord` orders the owner side only.
  const owner = registry.contentType(attr.target);
  return {
    table: relationLinkTable(owner.collectionName, attr.mappedBy),
    parentColumn: L.target,
    parentKey: 'documentId',
    targetColumn: L.entity,
    targetKey: 'id',
    conditions: {},
    orderColumn: null,
    // the owner rows linked are versions already: those of the parent's locale, or the default locale's
    ...(isLocalizedType(owner) ? { locale: isLocalizedType(schema) ? { kind: 'parentRow', table: schema.collectionName } : { kind: 'default' } } : {}),
  };
}

function componentLink(schema: Schema, attribute: string, componentUid: string): LinkSpec {
  return {
    table: componentLinkTable(schema.collectionName),
    parentColumn: C.entity,
    parentKey: 'id',
    targetColumn: C.component,
    targetKey: 'id',
    conditions: { [C.field]: attribute, [C.componentType]: componentUid },
    orderColumn: C.order,
  };
}

/** Throws for a scalar or unknown attribute: the query validator should have refused it. */
export function attributeLinks(registry: Registry, schema: Schema, name: string): AttributeLinks {
  const attr = attributeOf(schema, name);
  if (attr === undefined) throw new Error(`${schema.uid} has no attribute "${name}"`);
  switch (attr.kind) {
    case 'scalar':
      throw new Error(`${schema.uid}.${name} is a scalar attribute, not a link`);
    case 'relation':
      return {
        kind: 'relation',
        toMany: isToMany(attr),
        targets: [{ link: relationLink(registry, schema, attr), schema: registry.contentType(attr.target) }],
      };
    case 'media':
      return {
        kind: 'media',
        toMany: attr.multiple,
        targets: [
          {
            link: {
              table: MEDIA_LINK_TABLE,
              parentColumn: M.related,
              parentKey: 'id',
              targetColumn: M.file,
              targetKey: 'id',
              conditions: { [M.relatedType]: schema.uid, [M.field]: name },
              orderColumn: M.order,
            },
            schema: registry.contentType(UPLOAD_FILE_UID),
          },
        ],
      };
    case 'component':
      return {
        kind: 'component',
        toMany: attr.repeatable,
        targets: [{ link: componentLink(schema, name, attr.component), schema: registry.component(attr.component) }],
      };
    case 'dynamiczone':
      return {
        kind: 'dynamiczone',
        toMany: true,
        targets: attr.components.map((uid) => ({ link: componentLink(schema, name, uid), schema: registry.component(uid) })),
      };
    default:
      return assertNever(attr);
  }
}

/** The single target of a relation, media or component attribute (dynamic zones have several). */
export function singleTarget(registry: Registry, schema: Schema, name: string): LinkTarget & { toMany: boolean } {
  const links = attributeLinks(registry, schema, name);
  const [target] = links.targets;
  if (links.kind === 'dynamiczone' || target === undefined) {
    throw new Error(`${schema.uid}.${name} is a dynamic zone: it cannot be filtered or sorted on`);
  }
  return { ...target, toMany: links.toMany };
}

export const keyColumn = (key: RowKey): string => columnName(key);

/**
 * Joins the target rows (alias `targetAlias`) to the link (alias `linkAlias`) already in `qb`,
 * with the link's constant conditions, the target's publication status and, for localized
 * targets, the locale version the link reaches (conditions and subqueries of the same
 * statement: no statement is added). `parentAlias`: the parent row in the statement (filters and
 * sorts correlate to it; the batched loader joins it for `parentRow` links).
 */
export function joinLinkTarget(
  ctx: EngineContext,
  qb: Knex.QueryBuilder,
  target: LinkTarget,
  aliases: { readonly link: string; readonly target: string; readonly parent?: string },
  status: PublicationStatus,
): void {
  const { link, schema } = target;
  const { link: linkAlias, target: targetAlias } = aliases;
  qb.join({ [targetAlias]: schema.collectionName }, `${targetAlias}.${keyColumn(link.targetKey)}`, `${linkAlias}.${link.targetColumn}`);
  for (const [column, value] of Object.entries(link.conditions)) qb.where(`${linkAlias}.${column}`, value);
  applyStatus(qb, schema, targetAlias, status);
  if (link.locale) applyLinkLocale(ctx, qb, link, aliases, `${targetAlias}.${SYSTEM_COLUMNS.locale}`);
}

/** The parent rows of a batched load are joined into the statement (`parentRow` links): their ids are the keys. */
export const loadsThroughParentRow = (link: LinkSpec): boolean => link.locale?.kind === 'parentRow';

function applyLinkLocale(ctx: EngineContext, qb: Knex.QueryBuilder, link: LinkSpec, aliases: { readonly link: string; readonly parent?: string }, targetLocale: string): void {
  const knex: Knex = ctx.knex;
  const locale = link.locale;
  const linkAlias = aliases.link;
  if (locale === undefined) return;
  switch (locale.kind) {
    case 'sibling':
      qb.where(targetLocale, '<>', knex.ref(`${linkAlias}.${SYSTEM_COLUMNS.locale}`));
      return;
    case 'ofParent': {
      const parent = `${linkAlias}_src`;
      qb.where(targetLocale, knex.select(`${parent}.${SYSTEM_COLUMNS.locale}`).from({ [parent]: locale.table })
        .where(`${parent}.id`, knex.ref(`${linkAlias}.${link.parentColumn}`)));
      return;
    }
    case 'default': {
      const locales = `${linkAlias}_loc`;
      qb.where(targetLocale, knex.select(`${locales}.${LOCALE_COLUMNS.code}`).from({ [locales]: LOCALE_TABLE })
        .where(`${locales}.${LOCALE_COLUMNS.isDefault}`, toDbValue('boolean', true, ctx.dialect.name) as Knex.Value));
      return;
    }
    case 'parentRow':
      if (aliases.parent === undefined) throw new Error(`a link to ${link.table} needs its parent row in the statement`);
      qb.where(targetLocale, knex.ref(`${aliases.parent}.${SYSTEM_COLUMNS.locale}`));
      return;
    default:
      assertNever(locale);
  }
}
