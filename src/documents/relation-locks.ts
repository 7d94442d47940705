/**
 * The other documents a write's relations change (decisions.md "Concurrent writes"). A write
 * locks its own document; these keys cover what it changes elsewhere:
 *  - inverse-side writes (`mappedBy`) rewrite the links of the named owner documents;
 *  - a target of a bidirectional oneToOne / oneToMany belongs to one owner at a time, so linking
 *    it takes it from its current owner: the target's lock serializes every writer linking it.
 * Without them two writers could each give one article to a different author at once (two
 * links on a to-one side), or two owners could both take one exclusive target.
 */
import type { WritePlan } from '../engine/write/write-plan.js';
import type { RelationAttribute, Registry } from '../model/types.js';
import { isPossibleDocumentId } from '../engine/document-rows.js';

/** The lock key of one document, shared with the repository's own document lock. */
export const documentLockKey = (uid: string, documentId: string): string => `doc:${uid}:${documentId}`;

const exclusiveTarget = (attr: RelationAttribute): boolean =>
  (attr.relation === 'oneToOne' || attr.relation === 'oneToMany') && (attr.inversedBy !== undefined || attr.mappedBy !== undefined);

/** Lock keys of the documents `plan` (of schema `uid`, components included) links, unlinks or takes. */
export function relationLockKeys(registry: Registry, uid: string, plan: WritePlan): string[] {
  const keys: string[] = [];
  const schema = registry.get(uid);
  for (const [name, write] of Object.entries(plan.relations)) {
    const attr = schema.attributes[name];
    if (attr?.kind !== 'relation') continue;
    const named = attr.mappedBy !== undefined
      ? [...(write.set ?? []), ...(write.connect ?? []), ...(write.disconnect ?? [])]
      : exclusiveTarget(attr) ? [...(write.set ?? []), ...(write.connect ?? [])] : [];
    for (const documentId of named) if (isPossibleDocumentId(documentId)) keys.push(documentLockKey(attr.target, documentId));
  }
  for (const items of Object.values(plan.components)) {
    for (const item of items) keys.push(...relationLockKeys(registry, item.uid, item.plan));
  }
  return keys;
}
