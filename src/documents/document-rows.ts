/** Finding the rows (draft / published) that make up one document. */
import { toNumber } from '../db/values.js';
import type { EngineContext } from '../engine/types.js';
import type { ContentType } from '../model/types.js';

export interface DocumentRows {
  readonly draft?: number;
  readonly published?: number;
  /** every row of the document */
  readonly all: number[];
}

export async function documentRows(ctx: EngineContext, schema: ContentType, documentId: string): Promise<DocumentRows> {
  const rows = (await ctx.knex(schema.collectionName).select('id', 'published_at').where('document_id', documentId)) as Array<{ id: unknown; published_at: unknown }>;
  let draft: number | undefined;
  let published: number | undefined;
  for (const row of rows) {
    if (row.published_at === null) draft = toNumber(row.id);
    else published = toNumber(row.id);
  }
  return { draft, published, all: rows.map((r) => toNumber(r.id)) };
}

/** The row a read in `status` sees (types without draft & publish have one row). */
export function rowForStatus(schema: ContentType, rows: DocumentRows, status: 'draft' | 'published'): number | undefined {
  if (!schema.draftAndPublish) return rows.all[0];
  return status === 'draft' ? rows.draft : rows.published;
}
