/**
 * One GraphQL-over-HTTP request, transport-free: checks the parameters, parses and validates
 * (cached), resolves the operation, executes, and says which HTTP status the result gets.
 * Statuses follow Apollo Server 4 (whose behaviour Strapi users see): 400 for malformed
 * requests, syntax and validation errors (the depth limit included) and variable coercion
 * errors; 405 for a mutation over GET; 401 when a resolver met invalid or missing credentials;
 * 200 otherwise, field errors included.
 */
import {
  execute,
  getOperationAST,
  GraphQLError,
  Lexer,
  parse,
  Source,
  TokenKind,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { GraphqlContext } from '../context.js';
import { formatGraphqlError, requestError, statusForErrors, type ErrorCode, type ErrorLog } from '../format-error.js';
import { documentBytes, type DocumentCache } from './document-cache.js';
import { Tracer } from './tracing.js';
import { isRecord } from '../../util/is-record.js';

export interface GraphqlEngine {
  readonly schema: GraphQLSchema;
  readonly rules: readonly ValidationRule[];
  readonly cache: DocumentCache;
  readonly tracing: boolean;
  readonly log: ErrorLog;
}

export interface GraphqlParams {
  readonly query?: unknown;
  readonly variables?: unknown;
  readonly operationName?: unknown;
  readonly extensions?: unknown;
}

export interface GraphqlBody {
  data?: unknown;
  errors?: GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

export interface Outcome {
  readonly status: number;
  readonly body: GraphqlBody;
  /** `Allow` header for a 405 */
  readonly allow?: string;
}

/** graphql-js's own guard against oversized documents (a token budget, checked while parsing). */
const MAX_TOKENS = 15_000;

/**
 * Deepest nesting of `{`, `[` and `(` a document may have. graphql-js parses, validates and
 * coerces input values recursively: a few thousand nested list or object literals overflow the
 * stack (a 500) before the token budget stops them. Counted on the tokens, before parsing.
 */
export const MAX_NESTING = 128;

const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * Lexes `query` once, up to the token budget: a syntax error when it nests deeper than
 * MAX_NESTING, and the number of tokens (what its parsed document will weigh in the cache).
 */
function scan(query: string): { readonly error?: GraphQLError; readonly tokens: number } {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  let count = 1;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF && count <= MAX_TOKENS; token = lexer.advance(), count += 1) {
    if (OPENING.has(token.kind)) depth += 1;
    else if (CLOSING.has(token.kind)) depth -= 1;
    if (depth > MAX_NESTING) {
      return { error: new GraphQLError(`Syntax Error: the document nests brackets deeper than ${MAX_NESTING} levels.`, { source: lexer.source, positions: [token.start] }), tokens: count };
    }
  }
  return { tokens: count };
}

const fail = (status: number, message: string, code: ErrorCode): Outcome => ({ status, body: { errors: [requestError(message, code)] } });

function checkParams(params: GraphqlParams): Outcome | null {
  if (params.query === undefined || params.query === null || params.query === '') {
    if (isRecord(params.extensions) && params.extensions['persistedQuery'] !== undefined) {
      return fail(400, 'PersistedQueryNotSupported', 'PERSISTED_QUERY_NOT_SUPPORTED');
    }
    return fail(400, 'GraphQL operations must contain a non-empty `query`.', 'BAD_REQUEST');
  }
  if (typeof params.query !== 'string') return fail(400, '`query` must be a string.', 'BAD_REQUEST');
  if (params.variables !== undefined && params.variables !== null && !isRecord(params.variables)) {
    return fail(400, '`variables` must be an object.', 'BAD_REQUEST');
  }
  if (params.operationName !== undefined && params.operationName !== null && typeof params.operationName !== 'string') {
    return fail(400, '`operationName` must be a string.', 'BAD_REQUEST');
  }
  if (params.extensions !== undefined && params.extensions !== null && !isRecord(params.extensions)) {
    return fail(400, '`extensions` must be an object.', 'BAD_REQUEST');
  }
  return null;
}

function parseAndValidate(engine: GraphqlEngine, query: string, tracer: Tracer | null): DocumentNode | Outcome {
  const cached = engine.cache.get(query);
  if (cached) return cached;
  let document: DocumentNode;
  let tokens = 0;
  const parseStart = tracer?.offset() ?? 0;
  try {
    const scanned = scan(query);
    if (scanned.error) throw scanned.error;
    tokens = scanned.tokens;
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { status: 400, body: { errors: [formatGraphqlError(error, { defaultCode: 'GRAPHQL_PARSE_FAILED', log: engine.log })] } };
  }
  tracer?.phase('parsing', parseStart);
  const validationStart = tracer?.offset() ?? 0;
  const errors = validate(engine.schema, document, engine.rules);
  tracer?.phase('validation', validationStart);
  if (errors.length > 0) {
    return { status: 400, body: { errors: errors.map((e) => formatGraphqlError(e, { defaultCode: 'GRAPHQL_VALIDATION_FAILED', log: engine.log })) } };
  }
  engine.cache.set(query, document, documentBytes(query, tokens));
  return document;
}

export async function runGraphql(
  engine: GraphqlEngine,
  params: GraphqlParams,
  method: 'GET' | 'POST',
  makeContext: (tracer: Tracer | null) => GraphqlContext,
): Promise<Outcome> {
  const invalid = checkParams(params);
  if (invalid) return invalid;
  const tracer = engine.tracing ? new Tracer() : null;
  const parsed = parseAndValidate(engine, params.query as string, tracer);
  if (!('kind' in parsed)) return parsed;
  const operationName = typeof params.operationName === 'string' ? params.operationName : null;
  const operation = getOperationAST(parsed, operationName);
  if (!operation) {
    return fail(400, operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.', 'OPERATION_RESOLUTION_FAILURE');
  }
  // graphql-js validation lets an operation through whose root type the schema lacks (no
  // subscriptions here); executing it would be an internal error, but it is the client's mistake.
  if (!engine.schema.getRootType(operation.operation)) {
    return fail(400, `Schema is not configured to execute ${operation.operation} operation.`, 'GRAPHQL_VALIDATION_FAILED');
  }
  if (method === 'GET' && operation.operation !== 'query') {
    return { ...fail(405, `Can only perform a ${operation.operation} operation from a POST request.`, 'BAD_REQUEST'), allow: 'POST' };
  }
  const result = await execute({
    schema: engine.schema,
    document: parsed,
    operationName,
    variableValues: (params.variables as Record<string, unknown> | null | undefined) ?? undefined,
    contextValue: makeContext(tracer),
  });
  const body: GraphqlBody = {};
  if (result.errors && !('data' in result && result.data !== undefined)) {
    // no data at all: the variables did not coerce (graphql-js reports them before executing)
    body.errors = result.errors.map((e) => formatGraphqlError(e, { defaultCode: 'BAD_USER_INPUT', log: engine.log }));
    return { status: 400, body };
  }
  body.data = result.data ?? null;
  if (result.errors) body.errors = result.errors.map((e) => formatGraphqlError(e, { defaultCode: 'INTERNAL_SERVER_ERROR', log: engine.log }));
  if (tracer) body.extensions = { tracing: tracer.result() };
  return { status: statusForErrors(body.errors ?? []) ?? 200, body };
}
