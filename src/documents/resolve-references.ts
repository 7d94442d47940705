/**
 * Checks that every document and file a write names exists, and turns `{ id }` relation
 * targets (kept as `#<id>` by validation) into document ids. One statement per target type.
 */
import { ValidationError } from '../errors/index.js';
import { FILES_TABLE } from '../db/naming.js';
import { toNumber } from '../db/values.js';
import type { EngineContext } from '../engine/types.js';
import type { ComponentWrite, RelationWrite, WritePlan } from '../engine/write/write-plan.js';
import type { References } from './validate-data.js';

export type TargetMap = ReadonlyMap<string, ReadonlyMap<string, string>>;

export async function resolveReferences(ctx: EngineContext, refs: References): Promise<TargetMap> {
  const resolved = new Map<string, Map<string, string>>();
  for (const [uid, names] of refs.documents) {
    const table = ctx.registry.contentType(uid).collectionName;
    const documentIds = [...names].filter((n) => !n.startsWith('#'));
    const rowIds = [...names].filter((n) => n.startsWith('#')).map((n) => Number(n.slice(1)));
    const rows = (await ctx.knex(table)
      .select('id', 'document_id')
      .where((qb) => {
        qb.whereIn('document_id', documentIds.length > 0 ? documentIds : ['']);
        if (rowIds.length > 0) qb.orWhereIn('id', rowIds);
      })) as Array<{ id: unknown; document_id: unknown }>;
    const map = new Map<string, string>();
    for (const row of rows) {
      map.set(String(row.document_id), String(row.document_id));
      map.set(`#${toNumber(row.id)}`, String(row.document_id));
    }
    const missing = [...names].filter((n) => !map.has(n));
    if (missing.length > 0) {
      const shown = missing.map((m) => (m.startsWith('#') ? `id ${m.slice(1)}` : `documentId "${m}"`)).join(', ');
      throw new ValidationError(`Document(s) of ${uid} not found: ${shown}`, { errors: missing.map((m) => ({ path: [uid], message: `${m} not found`, name: 'ValidationError' })) });
    }
    resolved.set(uid, map);
  }
  if (refs.files.size > 0) {
    const ids = [...refs.files];
    const rows = (await ctx.knex(FILES_TABLE).select('id').whereIn('id', ids)) as Array<{ id: unknown }>;
    const found = new Set(rows.map((r) => toNumber(r.id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError(`File(s) not found: ${missing.join(', ')}`, { errors: missing.map((id) => ({ path: ['files'], message: `file ${id} not found`, name: 'ValidationError' })) });
  }
  return resolved;
}

/** The plan with every relation target replaced by its document id. */
export function applyTargets(ctx: EngineContext, schemaUid: string, plan: WritePlan, targets: TargetMap): WritePlan {
  const schema = ctx.registry.get(schemaUid);
  const relations: Record<string, RelationWrite> = {};
  for (const [name, write] of Object.entries(plan.relations)) {
    const attr = schema.attributes[name];
    const map = attr?.kind === 'relation' ? targets.get(attr.target) : undefined;
    const resolve = (ids: readonly string[] | undefined): string[] | undefined => ids?.map((id) => map?.get(id) ?? id);
    relations[name] = { set: resolve(write.set), connect: resolve(write.connect), disconnect: resolve(write.disconnect) };
  }
  const components: Record<string, ComponentWrite[]> = {};
  for (const [name, items] of Object.entries(plan.components)) {
    components[name] = items.map((item) => ({ uid: item.uid, plan: applyTargets(ctx, item.uid, item.plan, targets) }));
  }
  return { ...plan, relations, components };
}
