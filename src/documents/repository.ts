/**
 * The document repository: reads through the engine, writes in one transaction each
 * (validate → check references → rows, components, relations, media → read back).
 * Every write locks what it reads before writing (decisions.md "Concurrent writes"): the document
 * (`doc:<uid>:<documentId>`), a single type's one document (`single:<uid>`), unique values and uid
 * bases; concurrent writers of one document thus run one after the other, each on the other's
 * committed result. Its parts live in `repository/` (README "Files"); this composes them.
 */
import { assertChangeStamp, changeStampOf } from '../engine/change-stamp.js';
import type { EngineContext } from '../engine/types.js';
import { isLocalizedType } from '../model/i18n.js';
import type { ContentType } from '../model/types.js';
import { repositoryDeletes } from './repository/deletes.js';
import { repositoryPublication } from './repository/publication.js';
import { repositoryReads } from './repository/reads.js';
import type { RepositoryScope } from './repository/scope.js';
import { repositoryWrites } from './repository/writes.js';
import type { DocumentRepository } from './types.js';

export function createRepository(ctx: EngineContext, schema: ContentType): DocumentRepository {
  const scope: RepositoryScope = { ctx, schema, stampUid: changeStampOf(schema), localized: isLocalizedType(schema) };
  if (scope.stampUid !== undefined) assertChangeStamp(ctx, scope.stampUid);
  return {
    uid: schema.uid,
    ...repositoryReads(scope),
    ...repositoryWrites(scope),
    ...repositoryDeletes(scope),
    ...repositoryPublication(scope),
  };
}
