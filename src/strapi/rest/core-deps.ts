/**
 * What the core controller and the core service of a content type are built on. Apart from both,
 * as both take it: the controller calls the service, the service does not know the controller.
 */
import type { Operations } from '../../operations/operations.js';
import type { RestQueryContext } from '../../query/parse-rest-query.js';

/** A method of a project's service, bound to it. */
export type ServiceMethod = (...args: unknown[]) => Promise<unknown>;

export interface CoreDeps {
  readonly operations: Operations;
  readonly query: RestQueryContext;
  /**
   * The project's service method `method` of `uid` when it replaces the core one, else
   * undefined. Asked once per action, on its first request (services are built by then).
   */
  readonly serviceOverride?: (uid: string, method: string) => ServiceMethod | undefined;
}
