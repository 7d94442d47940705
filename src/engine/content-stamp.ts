/**
 * The content stamp (`vellum_content_state`), what the response cache keys its entries by: with
 * the cache on (`api.rest.cache.enabled`), every write transaction replaces it as its last
 * statement (context.ts `inWriteTransaction`), whatever it writes and whoever makes it (REST,
 * GraphQL, the document service, uploads, the CLI, another instance on the same database). A
 * reader that reads the stamp before it reads content can keep what it read under that stamp:
 * the stamp changes in the same commit as the content, so no reader sees new content under the
 * old stamp's promise of "nothing changed", and a cached answer is never older than its stamp.
 * The type is registered with or without the cache, so turning the cache off never drops a table.
 */
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import { bumpChangeStamp, readChangeStamp, stampTypeFile } from './change-stamp.js';
import type { EngineContext } from './types.js';

export const CONTENT_STATE_UID = 'plugin::vellum.content-state';

export const CONTENT_STATE_TYPE: RawSchemaFile = stampTypeFile('content-state', 'vellum_content_state', 'Content state');

/** The current content stamp (one primary-key read); null before the first write with the cache on. */
export function readContentStamp(ctx: EngineContext): Promise<string | null> {
  return readChangeStamp(ctx, CONTENT_STATE_UID);
}

/**
 * Gives a database without a content stamp its first one (the cache is turned on): answers are
 * never kept under "no stamp", which two databases sharing one Redis would share.
 */
export async function ensureContentStamp(ctx: EngineContext): Promise<void> {
  if ((await readContentStamp(ctx)) === null) await bumpChangeStamp(ctx, CONTENT_STATE_UID);
}
