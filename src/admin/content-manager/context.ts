import type { FastifyRequest } from 'fastify';
import type { Registry } from '../../model/types.js';
import type { Operations } from '../../operations/operations.js';
import type { Caller } from '../../operations/types.js';
import type { QueryBudget } from '../../query/query-cost.js';

/** What the content-manager routes need: the model, the operation layer and the admin caller of a request. */
export interface ContentManagerDeps {
  readonly registry: Registry;
  readonly operations: Operations;
  /** the size budget every parsed list query is checked against (`api.rest` settings) */
  readonly budget?: QueryBudget;
  /** the request as a caller whose actor is the admin actor (401 without a valid admin token) */
  readonly callerOf: (request: FastifyRequest) => Caller;
}
