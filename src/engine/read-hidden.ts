/**
 * Private and password values of some rows, for the server-side checks that must compare them
 * (a login's password hash, an API token's access key). Every other read goes through
 * `select-fields.ts`, which never selects them; nothing read here may reach a response.
 */
import type { Knex } from 'knex';
import { selectRows } from '../db/direct-reads.js';
import { columnName } from '../db/naming.js';
import { fromDbValue, toNumber } from '../db/values.js';
import type { EngineContext } from './types.js';

export async function readHiddenValues(
  ctx: EngineContext, uid: string, rowIds: readonly number[], names: readonly string[],
): Promise<Map<number, Record<string, unknown>>> {
  const result = new Map<number, Record<string, unknown>>();
  if (rowIds.length === 0) return result;
  const schema = ctx.registry.contentType(uid);
  const attributes = names.map((name) => {
    const attr = schema.attributes[name];
    if (attr?.kind !== 'scalar') throw new Error(`${uid}.${name} is not a scalar attribute`);
    return attr;
  });
  const knex: Knex = ctx.knex;
  const rows = await selectRows(knex, knex
    .select(['id', ...attributes.map((attr) => columnName(attr.name))])
    .from(schema.collectionName)
    .whereIn('id', [...new Set(rowIds)]));
  for (const row of rows) {
    result.set(toNumber(row.id), Object.fromEntries(attributes.map((attr) => [attr.name, fromDbValue(attr.type, row[columnName(attr.name)])])));
  }
  return result;
}
