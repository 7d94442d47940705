import { ValidationError, invalidKey } from '../errors/index.js';

/**
 * Where a value sits in the query: the top-level parameter and the path inside it, as written
 * (`populate` + `author.filters.name.$eq`). Every error names both, as Strapi's validator does.
 */
export interface Location {
  readonly param: string;
  readonly path: readonly string[];
}

export function at(loc: Location, ...segments: readonly string[]): Location {
  return { param: loc.param, path: [...loc.path, ...segments] };
}

/** `Invalid key <last segment>` (` at <path>` when nested) for the value at `loc`. */
export function invalidAt(loc: Location, ...segments: readonly string[]): ValidationError {
  return invalidKey(loc.param, [...loc.path, ...segments]);
}

/** `invalidAt` for a key that is an attribute the query may not use there (hidden, relational…). */
export function invalidAttributeAt(loc: Location, ...segments: readonly string[]): ValidationError {
  return invalidKey(loc.param, [...loc.path, ...segments], 'query', true);
}

/** Same details as `invalidAt`, with a message that explains the rule that was broken. */
export function invalidWithReason(loc: Location, reason: string): ValidationError {
  const base = invalidKey(loc.param, loc.path);
  return new ValidationError(`${base.message}: ${reason}`, base.details);
}

const TRUE_LIKE: readonly unknown[] = [true, 'true', 't', '1', 1];
const FALSE_LIKE: readonly unknown[] = [false, 'false', 'f', '0', 0];

/** Strapi's boolean-like values (`true,t,1` / `false,f,0`); undefined for anything else. */
export function booleanLike(value: unknown): boolean | undefined {
  if (TRUE_LIKE.includes(value)) return true;
  if (FALSE_LIKE.includes(value)) return false;
  return undefined;
}
