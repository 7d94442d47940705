export * from './ast.js';
export type { RestLimits, RestQueryContext } from './limits.js';
export { parseQueryString, QUERY_STRING_LIMITS } from './parse-query-string.js';
export { parseRestQuery, parseSelection } from './parse-rest-query.js';
