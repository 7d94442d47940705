/**
 * Checks that every document and file a write names exists, and turns `{ id }` relation
 * targets (kept as `#<id>` by validation) into document ids. One statement per target type.
 */
import { ValidationError } from '../errors/index.js';
import { existingRowIds, findDocumentRefs } from '../engine/document-rows.js';
import type { EngineContext } from '../engine/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { ComponentWrite, RelationWrite, WritePlan } from '../engine/write/write-plan.js';
import { checkFileTypes } from './file-types.js';
import type { References } from './validate-data.js';

export type TargetMap = ReadonlyMap<string, ReadonlyMap<string, string>>;

export async function resolveReferences(ctx: EngineContext, refs: References): Promise<TargetMap> {
  const resolved = new Map<string, Map<string, string>>();
  for (const [uid, names] of refs.documents) {
    const documentIds = [...names].filter((n) => !n.startsWith('#'));
    const rowIds = [...names].filter((n) => n.startsWith('#')).map((n) => Number(n.slice(1)));
    const map = new Map<string, string>();
    for (const row of await findDocumentRefs(ctx, uid, documentIds, rowIds)) {
      map.set(row.documentId, row.documentId);
      map.set(`#${row.id}`, row.documentId);
    }
    const missing = [...names].filter((n) => !map.has(n));
    if (missing.length > 0) {
      const shown = missing.map((m) => (m.startsWith('#') ? `id ${m.slice(1)}` : `documentId "${m}"`)).join(', ');
      throw new ValidationError(`Document(s) of ${uid} not found: ${shown}`, { errors: missing.map((m) => ({ path: refs.paths.get(`${uid}\0${m}`) ?? [uid], message: `${m} not found`, name: 'ValidationError' })) });
    }
    resolved.set(uid, map);
  }
  if (refs.files.size > 0) {
    const ids = [...refs.files];
    const found = await existingRowIds(ctx, UPLOAD_FILE_UID, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError(`File(s) not found: ${missing.join(', ')}`, { errors: missing.map((id) => ({ path: refs.paths.get(`file\0${id}`) ?? ['files'], message: `file ${id} not found`, name: 'ValidationError' })) });
  }
  await checkFileTypes(ctx, refs.fileUses);
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
    const positions = write.positions && Object.fromEntries(Object.entries(write.positions).map(([id, position]) => [
      map?.get(id) ?? id,
      { ...position, ...(position.before === undefined ? {} : { before: map?.get(position.before) ?? position.before }), ...(position.after === undefined ? {} : { after: map?.get(position.after) ?? position.after }) },
    ]));
    relations[name] = { set: resolve(write.set), connect: resolve(write.connect), disconnect: resolve(write.disconnect), ...(positions ? { positions } : {}) };
  }
  const components: Record<string, ComponentWrite[]> = {};
  for (const [name, items] of Object.entries(plan.components)) {
    components[name] = items.map((item) => ({ uid: item.uid, plan: applyTargets(ctx, item.uid, item.plan, targets) }));
  }
  return { ...plan, relations, components };
}
