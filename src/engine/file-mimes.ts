/** The stored MIME type of media library files, for checks of a media attribute's `allowedTypes`. */
import { FILES_TABLE } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import type { EngineContext } from './types.js';

export async function fileMimes(ctx: EngineContext, fileIds: readonly number[]): Promise<Map<number, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = (await ctx.knex(FILES_TABLE).select('id', 'mime').whereIn('id', [...fileIds])) as Array<{ id: unknown; mime: unknown }>;
  return new Map(rows.map((row) => [toNumber(row.id), String(row.mime ?? '')]));
}
