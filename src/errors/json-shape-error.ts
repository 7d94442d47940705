/**
 * The error for a JSON request body (REST body, GraphQL body or variables) that no code past the
 * parser should meet: nesting deeper than `JSON_BODY_DEPTH_LIMIT`, or a `__proto__` /
 * `constructor.prototype` key. Checked once, right after parsing, so validation, serialisation
 * and the database never recurse through an unbounded value.
 */
import { findJsonShapeProblem } from '../util/json-shape.js';
import { ValidationError } from './http-errors.js';

/** deepest nesting of objects and arrays a JSON body may have (json attributes: see validate-scalar) */
export const JSON_BODY_DEPTH_LIMIT = 128;

/** how many leading path segments the message shows (the rest of a deep path is noise) */
const SHOWN_SEGMENTS = 8;

export function jsonShapeError(value: unknown, source: 'body' | 'variables'): ValidationError | undefined {
  const problem = findJsonShapeProblem(value, JSON_BODY_DEPTH_LIMIT);
  if (!problem) return undefined;
  const shown = problem.path.slice(0, SHOWN_SEGMENTS).join('.') + (problem.path.length > SHOWN_SEGMENTS ? '…' : '');
  const where = source === 'variables' ? `variables.${shown}` : shown;
  if (problem.kind === 'depth') {
    return new ValidationError(`The JSON ${source} nests deeper than ${JSON_BODY_DEPTH_LIMIT} levels at ${where}`, {
      source, path: where, key: problem.path[problem.path.length - 1] ?? source,
    });
  }
  const key = problem.path[problem.path.length - 1]!;
  return new ValidationError(`Invalid key ${key} at ${where}`, { source, path: where, key });
}
