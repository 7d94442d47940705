/**
 * Rows of bookkeeping types (no relations, components or media: admin sessions) that are used
 * once: `claimRow` sets a datetime attribute that is still null, in one statement, so of two
 * processes claiming the same row at once exactly one succeeds (an admin refresh token exchanged
 * twice in a race rotates once; auth/admin/admin-sessions.ts); `deleteRowsWhere` removes every
 * row holding a value in one statement (a session family revoked), `deleteRowsBefore` every row
 * past a date (expired sessions).
 */
import { columnName } from '../db/naming.js';
import { datetimeToDb } from '../db/values.js';
import type { EngineContext } from './types.js';

/** true when this call set `attribute` of row `rowId` (it was null), false when it was set already */
export async function claimRow(ctx: EngineContext, uid: string, rowId: number, attribute: string, when: Date): Promise<boolean> {
  const schema = ctx.registry.contentType(uid);
  const attr = schema.attributes[attribute];
  if (attr?.kind !== 'scalar' || attr.type !== 'datetime') throw new Error(`${uid}.${attribute} is not a datetime attribute`);
  const column = columnName(attribute);
  const changed = await ctx.knex(schema.collectionName).where('id', rowId).whereNull(column).update({ [column]: datetimeToDb(when, ctx.dialect.name) });
  return Number(changed) === 1;
}

/** deletes every row whose datetime `attribute` is before `when` (expired bookkeeping; same restriction as deleteRowsWhere) */
export async function deleteRowsBefore(ctx: EngineContext, uid: string, attribute: string, when: Date): Promise<void> {
  const schema = scalarOnly(ctx, uid);
  if (schema.attributes[attribute]?.kind !== 'scalar') throw new Error(`${uid}.${attribute} is not a scalar attribute`);
  await ctx.knex(schema.collectionName).where(columnName(attribute), '<', datetimeToDb(when, ctx.dialect.name)).delete();
}

/** the type, checked to hold scalars only: its rows have no links, components or media to delete with them */
function scalarOnly(ctx: EngineContext, uid: string) {
  const schema = ctx.registry.contentType(uid);
  if (Object.values(schema.attributes).some((attr) => attr.kind !== 'scalar')) throw new Error(`${uid} has more than scalar attributes: delete its documents through the repository`);
  return schema;
}

/** deletes every row whose scalar `attribute` equals `value` (types without relations, components or media only) */
export async function deleteRowsWhere(ctx: EngineContext, uid: string, attribute: string, value: string | number): Promise<void> {
  const schema = scalarOnly(ctx, uid);
  if (schema.attributes[attribute]?.kind !== 'scalar') throw new Error(`${uid}.${attribute} is not a scalar attribute`);
  await ctx.knex(schema.collectionName).where(columnName(attribute), value).delete();
}
