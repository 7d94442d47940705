/**
 * Change stamps: a content type may name, in `pluginOptions.vellum.changeStamp`, the uid of a
 * stamp type (a table whose rows hold one `stamp` string). Every create, update and delete of the
 * naming type replaces the stamp inside the write's own transaction, so a reader that caches the
 * type (authentication: users, roles, permissions, API tokens) learns of any change, made by any
 * process through any path that writes documents, by reading one row, and never sees the new
 * stamp before the change it announces. Random values need no atomic increment: readers only
 * compare for equality.
 */
import { randomBytes } from 'node:crypto';
import { selectFirstUnlessChanged } from '../db/direct-reads.js';
import { columnName } from '../db/naming.js';
import { datetimeToDb } from '../db/values.js';
import type { EngineContext } from './types.js';
import { insertRow } from './write/rows.js';
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import type { ContentType } from '../model/types.js';
import { newDocumentId } from './document-id.js';

const STAMP = 'stamp';

/** The stamp type a content type's writes replace, if it names one. */
export function changeStampOf(schema: ContentType): string | undefined {
  const vellum = schema.pluginOptions.vellum;
  if (typeof vellum !== 'object' || vellum === null) return undefined;
  const uid = (vellum as { changeStamp?: unknown }).changeStamp;
  return typeof uid === 'string' ? uid : undefined;
}

function stampTable(ctx: EngineContext, uid: string): string {
  const schema = ctx.registry.contentType(uid);
  if (schema.attributes[STAMP]?.kind !== 'scalar') throw new Error(`${uid} has no "${STAMP}" attribute: it cannot be a change stamp`);
  return schema.collectionName;
}

/** Checked when a repository is made, so a misnamed stamp fails at startup, not on a write. */
export function assertChangeStamp(ctx: EngineContext, uid: string): void {
  stampTable(ctx, uid);
}

/**
 * The current stamp (one primary-key read; on SQLite's read connection, one `PRAGMA data_version`
 * while no other connection has committed: db/direct-reads.ts); null before the first change.
 */
export async function readChangeStamp(ctx: EngineContext, uid: string): Promise<string | null> {
  const table = stampTable(ctx, uid);
  const row = await selectFirstUnlessChanged(ctx.knex, `change stamp ${table}`, () => ctx.knex(table).select(columnName(STAMP)).orderBy('id'));
  const value = row?.[columnName(STAMP)];
  return typeof value === 'string' ? value : null;
}

/** Replaces the stamp (every row of the table, so two rows from a first-write race stay equal). */
export async function bumpChangeStamp(ctx: EngineContext, uid: string): Promise<string> {
  const table = stampTable(ctx, uid);
  const stamp = randomBytes(12).toString('hex');
  const now = datetimeToDb(new Date(), ctx.dialect.name);
  const updated = await ctx.knex(table).update({ [columnName(STAMP)]: stamp, updated_at: now });
  if (Number(updated) === 0) {
    await insertRow(ctx, table, { document_id: newDocumentId(), [columnName(STAMP)]: stamp, created_at: now, updated_at: now, published_at: now });
  }
  return stamp;
}

/**
 * The internal content type of a stamp: one `stamp` string per row, hidden from the admin
 * builders, no draft & publish (`name` such as `auth-state`, uid `plugin::vellum.<name>`).
 */
export function stampTypeFile(name: string, collectionName: string, displayName: string): RawSchemaFile {
  return {
    uid: `plugin::vellum.${name}`,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName,
      info: { singularName: name, pluralName: `${name}s`, displayName },
      options: { draftAndPublish: false },
      pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
      attributes: {
        [STAMP]: { type: 'string', required: true },
      },
    },
  };
}
