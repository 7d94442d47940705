/**
 * The permission-aware checks of one parsed query or write body for a resolved actor, in one
 * place for every caller (the operation layer, auth-service's request-based helpers): the
 * anonymous draft-read refusal, then `sanitizeQuery` with the actor's `find` grants.
 */
import { UnauthorizedError } from '../errors/index.js';
import type { Registry } from '../model/types.js';
import type { Query, Selection } from '../query/ast.js';
import type { ContentAction } from './actions.js';
import { can, type Actor } from './actor.js';
import { populateAsksDrafts, reachesDraftTypes } from './draft-reads.js';
import { sanitizeQuery } from './sanitize-query.js';
import { checkWriteTargets } from './sanitize-write.js';

/** forbidden population dropped; 400 for filters/sorts through unreadable relations; 401 for any anonymous draft read (see draft-reads.ts) */
export function sanitizeForActor<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(
  registry: Registry, who: Actor, uid: string, query: Q, action: ContentAction,
): Q {
  // The public role never reads drafts, whatever the path (decisions.md "Drafts and anonymous
  // readers"): a draft-status read of any type, and any query (a write's response too) whose
  // populate, filters or sorts follow a relation to a draft & publish type in draft status
  // (the query's, or a populated relation's own: GraphQL's nested `publicationState: PREVIEW`).
  if (who.kind === 'public') {
    const reads = query.status === 'draft' && (action === 'find' || action === 'findOne');
    if (reads || reachesDraftTypes(registry, uid, query, query.status)) throw new UnauthorizedError('Reading drafts needs credentials');
  }
  if (who.kind === 'public' && populateAsksDrafts(query.populate)) throw new UnauthorizedError('Reading drafts needs credentials');
  return sanitizeQuery(registry, uid, query, (target) => can(who, 'find', target));
}

/** 400 when `data` names a relation target the actor may not read */
export function checkWriteForActor(registry: Registry, who: Actor, uid: string, data: unknown): void {
  checkWriteTargets(registry, uid, data, (target) => can(who, 'find', target));
}
