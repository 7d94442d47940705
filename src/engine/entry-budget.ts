/**
 * The entries one response may carry (`api.rest.maxResponseEntries`, REST and GraphQL alike).
 * How many rows a populate tree fans out to is unknowable before reading, so the engine charges
 * every entry as it is loaded, counted as often as it will be serialised (a shared child under
 * many parents counts for each), and the request fails with a 400 naming the limit before the
 * next level is read or a body is built. The budget follows the request through the request
 * scope (util/request-scope.ts), as the statement counter does; reads outside a budget
 * (server-side code, the CLI) are not limited.
 */
import { ValidationError } from '../errors/index.js';
import { scoped, scopeSlot, type ScopeValues } from '../util/request-scope.js';

interface EntryBudget {
  readonly limit: number;
  used: number;
}

/** the budget in the request scope (util/request-scope.ts: one AsyncLocalStorage for all request-scoped values) */
const BUDGET = scopeSlot<EntryBudget>('entry budget');

/** The scope values of a fresh budget of `limit` entries: a request starts its scope with them (util/request-scope.ts `runScoped`). */
export function entryBudgetScope(limit: number): ScopeValues {
  return { [BUDGET]: { limit, used: 0 } };
}

/** Charges `count` more entries to the current request; throws once it has used more than its budget. */
export function chargeEntries(count: number): void {
  const budget = scoped(BUDGET);
  if (!budget || count === 0) return;
  budget.used += count;
  if (budget.used > budget.limit) {
    throw new ValidationError(
      `The response would carry more than ${budget.limit} entries (api.rest.maxResponseEntries): populate fewer relations or ask for a smaller page`,
      { limit: 'api.rest.maxResponseEntries', max: budget.limit },
    );
  }
}
