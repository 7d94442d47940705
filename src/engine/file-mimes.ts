/** The stored MIME type of media library files, for checks of a media attribute's `allowedTypes`. */
import { selectRows } from '../db/direct-reads.js';
import { FILES_TABLE } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import type { EngineContext } from './types.js';

export async function fileMimes(ctx: EngineContext, fileIds: readonly number[]): Promise<Map<number, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await selectRows(ctx.knex, ctx.knex(FILES_TABLE).select('id', 'mime').whereIn('id', [...fileIds]));
  return new Map(rows.map((row) => [toNumber(row.id), String(row.mime ?? '')]));
}
