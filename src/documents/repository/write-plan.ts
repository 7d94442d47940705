import { lockKeys } from '../../engine/context.js';
import type { EngineContext } from '../../engine/types.js';
import type { WritePlan } from '../../engine/write/write-plan.js';
import { hasCreatorFields } from '../../model/creator-fields.js';
import { hashPlanPasswords } from '../hash-passwords.js';
import { relationLockKeys } from '../relation-locks.js';
import { applyTargets, resolveReferences } from '../resolve-references.js';
import type { DocumentData } from '../types.js';
import { fillUids } from '../unique-values.js';
import { validateData } from '../validate-data.js';
import type { RepositoryScope } from './scope.js';

/**
 * A write body as the rows it becomes: validated, passwords hashed, references resolved
 * (share-locked), uids filled on create, and the other documents whose links it changes locked.
 */
export async function planWrite(
  scope: RepositoryScope,
  trx: EngineContext,
  data: DocumentData,
  isCreate: boolean,
  requireRequired: boolean,
  documentId: string | undefined,
  locale: string | undefined,
): Promise<WritePlan> {
  const { schema } = scope;
  const { plan: validated, refs } = validateData(trx.registry, schema, data, { isCreate, requireRequired });
  const plan = await hashPlanPasswords(trx.registry, schema, validated);
  const targets = await resolveReferences(trx, refs);
  const scalars = { ...plan.scalars };
  if (isCreate) await fillUids(trx, schema, scalars, documentId, locale);
  const resolved = applyTargets(trx, schema.uid, { ...plan, scalars }, targets);
  // the other documents whose links this write changes (relation-locks.ts); a deadlock with a
  // writer taking them the other way round is retried by the write transaction
  await lockKeys(trx, relationLockKeys(trx.registry, schema.uid, resolved));
  return resolved;
}

/** Server-maintained creator relations, for types that keep them. */
export function withAuthor(scope: RepositoryScope, plan: WritePlan, author: string | undefined, fields: readonly ('createdBy' | 'updatedBy')[]): WritePlan {
  if (author === undefined || !hasCreatorFields(scope.schema)) return plan;
  const relations = { ...plan.relations };
  for (const field of fields) relations[field] = { set: [author] };
  return { ...plan, relations };
}
