/**
 * GraphQL over HTTP on Fastify, in an encapsulated scope so its body parsing and error shape do
 * not touch REST: `POST <endpoint>` with `application/json` (or `application/graphql`), `GET
 * <endpoint>?query=…&variables=…` for queries, the landing page for browsers (`GET` with
 * `Accept: text/html` and no `query`), its assets under `<endpoint>/sandbox/*`, and 405 for
 * other methods. Only non-simple content types are accepted for POST, so a cross-site form
 * cannot send a mutation (CSRF); multipart/form-data (file uploads, multipart-request.ts) is a
 * simple type, so it also needs a header only a preflighted request can carry.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphqlContext } from '../context.js';
import { runGraphql, type GraphqlEngine, type GraphqlParams, type Outcome } from '../execution/execute-request.js';
import type { Tracer } from '../execution/tracing.js';
import { formatRequestFailure, requestError } from '../format-error.js';
import type { LandingPage } from '../sandbox/landing-page.js';
import type { SandboxAsset } from '../sandbox/sandbox-page.js';
import { isRecord } from '../../util/is-record.js';
import { hasPreflightHeader, readMultipartRequest } from './multipart-request.js';
import { jsonShapeError } from '../../errors/index.js';

export interface RouteOptions {
  readonly endpoint: string;
  readonly engine: GraphqlEngine;
  readonly landingPage: LandingPage;
  /** sandbox HTML (only used when landingPage is `sandbox`) */
  readonly sandboxHtml: string;
  readonly assets: ReadonlyMap<string, SandboxAsset>;
  makeContext(request: FastifyRequest, tracer: Tracer | null): GraphqlContext;
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function wantsGraphqlResponse(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/graphql-response+json') && !/^\s*application\/json/.test(accept);
}

function send(request: FastifyRequest, reply: FastifyReply, outcome: Outcome): FastifyReply {
  if (outcome.allow) void reply.header('Allow', outcome.allow);
  if (outcome.status === 401) void reply.header('WWW-Authenticate', 'Bearer');
  const type = wantsGraphqlResponse(request) ? 'application/graphql-response+json' : 'application/json';
  return reply.code(outcome.status).type(`${type}; charset=utf-8`).send(JSON.stringify(outcome.body));
}

const badRequest = (message: string): Outcome => ({ status: 400, body: { errors: [requestError(message, 'BAD_REQUEST')] } });

/** `variables` / `extensions` in a GET query string are JSON texts. */
function jsonParam(value: unknown, name: string): { value: unknown } | Outcome {
  if (typeof value !== 'string' || value === '') return { value: undefined };
  try {
    const parsed = JSON.parse(value) as unknown;
    const refused = jsonShapeError(parsed, 'variables');
    return refused ? badRequest(refused.message) : { value: parsed };
  } catch {
    return badRequest(`\`${name}\` is not valid JSON.`);
  }
}

/** The parameters of a GET: `query` and `operationName` as given, the others parsed from JSON. */
function paramsFromQuery(query: Record<string, unknown>): GraphqlParams | Outcome {
  const variables = jsonParam(query['variables'], 'variables');
  if (isOutcome(variables)) return variables;
  const extensions = jsonParam(query['extensions'], 'extensions');
  if (isOutcome(extensions)) return extensions;
  return { query: query['query'], operationName: query['operationName'], variables: variables.value, extensions: extensions.value };
}

function paramsFromBody(request: FastifyRequest): GraphqlParams | Outcome {
  const raw = typeof request.body === 'string' ? request.body : '';
  const type = mediaType(request);
  if (type === 'application/graphql') return { query: raw };
  if (type !== 'application/json' && type !== 'application/graphql-response+json') {
    return { status: 415, body: { errors: [requestError('Unsupported Media Type: send application/json', 'BAD_REQUEST')] } };
  }
  let body: unknown;
  try {
    body = JSON.parse(raw) as unknown;
  } catch {
    return badRequest('Malformed JSON body.');
  }
  // nesting and prototype keys are refused here, before GraphQL coerces the variables (recursively)
  const refused = jsonShapeError(body, 'body');
  if (refused) return badRequest(refused.message);
  if (Array.isArray(body)) return badRequest('Operation batching is not supported.');
  if (!isRecord(body)) return badRequest('The body must be a JSON object with a `query`.');
  return body;
}

/**
 * Apollo Server 3's answer (the v4 plugin's server) to a POST without a body, or with a JSON
 * object without keys: a 400 in plain text, not a GraphQL response.
 */
const EMPTY_POST = 'POST body missing, invalid Content-Type, or JSON object has no keys.';

function isEmptyPost(request: FastifyRequest): boolean {
  const raw = typeof request.body === 'string' ? request.body.trim() : '';
  return raw === '' || /^\{\s*\}$/.test(raw);
}

function isOutcome(value: unknown): value is Outcome {
  return isRecord(value) && typeof value['status'] === 'number' && isRecord(value['body']);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export function registerGraphqlRoutes(scope: FastifyInstance, options: RouteOptions): void {
  const { endpoint, engine } = options;

  // Bodies are kept as text and parsed here, so malformed JSON gets a GraphQL-shaped 400;
  // multipart bodies keep @fastify/multipart's parser, which streams them (multipart-request.ts).
  scope.removeContentTypeParser(['application/json', 'text/plain']);
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  scope.setErrorHandler((error, request, reply) => {
    const { status, error: entry } = formatRequestFailure(error, engine.log, `${request.method} ${request.url} failed`);
    void send(request, reply, { status, body: { errors: [entry] } });
  });

  const execute = async (request: FastifyRequest, reply: FastifyReply, params: GraphqlParams, method: 'GET' | 'POST') =>
    send(request, reply, await runGraphql(engine, params, method, (tracer) => options.makeContext(request, tracer)));

  scope.get(endpoint, async (request, reply) => {
    const query = isRecord(request.query) ? request.query : {};
    if ((query['query'] === undefined || query['query'] === '') && acceptsHtml(request) && options.landingPage.kind !== 'off') {
      const html = options.landingPage.kind === 'custom' ? await options.landingPage.render() : options.sandboxHtml;
      return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    }
    const params = paramsFromQuery(query);
    return isOutcome(params) ? send(request, reply, params) : execute(request, reply, params, 'GET');
  });

  scope.post(endpoint, async (request, reply) => {
    if (mediaType(request) === 'multipart/form-data' && request.isMultipart()) return executeMultipart(request, reply);
    if (isEmptyPost(request)) return reply.code(400).type('text/plain; charset=utf-8').send(EMPTY_POST);
    const params = paramsFromBody(request);
    return isOutcome(params) ? send(request, reply, params) : execute(request, reply, params, 'POST');
  });

  const executeMultipart = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasPreflightHeader(request)) {
      return send(request, reply, badRequest('A multipart request needs a non-empty `Apollo-Require-Preflight` (or `X-Apollo-Operation-Name`) header, so a cross-site form cannot send it (CSRF).'));
    }
    const multipart = await readMultipartRequest(request);
    if (isOutcome(multipart)) return send(request, reply, multipart);
    let outcome: Outcome;
    try {
      outcome = await runGraphql(engine, multipart.params, 'POST', (tracer) => options.makeContext(request, tracer));
    } finally {
      multipart.finish();
    }
    return send(request, reply, multipart.tooLarge() && outcome.status < 400 ? { ...outcome, status: 413 } : outcome);
  };

  scope.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: endpoint,
    handler: (request, reply) =>
      send(request, reply, { status: 405, allow: 'GET, POST', body: { errors: [requestError(`${request.method} is not supported: use GET or POST`, 'BAD_REQUEST')] } }),
  });

  if (options.landingPage.kind === 'sandbox') {
    scope.get(`${endpoint === '/' ? '' : endpoint}/sandbox/:file`, async (request, reply) => {
      const name = (request.params as { file?: string }).file ?? '';
      const asset = options.assets.get(name);
      if (!asset) return send(request, reply, { status: 404, body: { errors: [requestError('Not Found', 'NOT_FOUND')] } });
      void reply.type(asset.type).header('Cache-Control', 'public, max-age=3600').header('Vary', 'Accept-Encoding');
      if (asset.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('Content-Encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.body);
    });
  }
}
