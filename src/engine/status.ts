import type { Knex } from 'knex';
import { SYSTEM_COLUMNS } from '../db/naming.js';
import type { Schema } from '../model/types.js';
import { isLocalizedType } from '../model/i18n.js';
import { ALL_LOCALES, type PublicationStatus } from '../query/ast.js';

/**
 * Restricts `alias` to the rows of one publication status. Only draft & publish content types
 * keep two rows per document; every other schema has one row and ignores the status.
 */
export function applyStatus(qb: Knex.QueryBuilder, schema: Schema, alias: string, status: PublicationStatus): void {
  if (schema.modelType !== 'contentType' || !schema.draftAndPublish) return;
  const column = `${alias}.${SYSTEM_COLUMNS.publishedAt}`;
  if (status === 'published') qb.whereNotNull(column);
  else qb.whereNull(column);
}

/** Restricts `alias` to the versions of one locale (localized content types; `*` or none: all). */
export function applyLocale(qb: Knex.QueryBuilder, schema: Schema, alias: string, locale: string | undefined): void {
  const applied = appliedLocale(schema, locale);
  if (applied !== undefined) qb.where(`${alias}.${SYSTEM_COLUMNS.locale}`, applied);
}

/** The locale `applyLocale` restricts `schema` to (its one binding), if any. */
export function appliedLocale(schema: Schema, locale: string | undefined): string | undefined {
  return locale === undefined || locale === ALL_LOCALES || !isLocalizedType(schema) ? undefined : locale;
}
