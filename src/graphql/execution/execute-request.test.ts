import { GraphQLObjectType, GraphQLSchema, GraphQLString, specifiedRules } from 'graphql';
import { describe, expect, it } from 'vitest';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../errors/index.js';
import type { GraphqlContext } from '../context.js';
import { DocumentCache } from './document-cache.js';
import { depthLimitRule } from './depth-limit.js';
import { runGraphql, type GraphqlEngine } from './execute-request.js';
import { instrumentSchemaForTracing, type Tracer } from './tracing.js';

function engineWith(options: { tracing?: boolean } = {}) {
  const logged: unknown[] = [];
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        hello: { type: GraphQLString, args: { name: { type: GraphQLString } }, resolve: (_s, a: { name?: string }) => `hi ${a.name ?? 'you'}` },
        boom: { type: GraphQLString, resolve: () => { throw new Error('secret database detail'); } },
        invalid: { type: GraphQLString, resolve: () => { throw new ValidationError('title must be a string', { path: 'title' }); } },
        missing: { type: GraphQLString, resolve: () => { throw new NotFoundError('Article with id "x" not found'); } },
        unauthenticated: { type: GraphQLString, resolve: () => { throw new UnauthorizedError('Missing or invalid credentials'); } },
      },
    }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLString, resolve: () => 'ok' } } }),
  });
  if (options.tracing) instrumentSchemaForTracing(schema);
  const engine: GraphqlEngine = {
    schema,
    rules: [...specifiedRules, depthLimitRule(10)],
    cache: new DocumentCache(10),
    tracing: options.tracing ?? false,
    log: { error: (_m, e) => logged.push(e) },
  };
  const context = (tracer: Tracer | null) => ({ tracer }) as unknown as GraphqlContext;
  return { engine, logged, context };
}

describe('runGraphql', () => {
  it('executes a query: 200 with data', async () => {
    const { engine, context } = engineWith();
    expect(await runGraphql(engine, { query: 'query($n: String) { hello(name: $n) }', variables: { n: 'Ada' } }, 'POST', context)).toEqual({ status: 200, body: { data: { hello: 'hi Ada' } } });
  });

  it('answers malformed requests, syntax and validation errors with 400 and a code', async () => {
    const { engine, context } = engineWith();
    const missing = await runGraphql(engine, {}, 'POST', context);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
    const syntax = await runGraphql(engine, { query: '{ hello' }, 'POST', context);
    expect([syntax.status, syntax.body.errors?.[0]?.extensions?.['code']]).toEqual([400, 'GRAPHQL_PARSE_FAILED']);
    const unknown = await runGraphql(engine, { query: '{ nope }' }, 'POST', context);
    expect([unknown.status, unknown.body.errors?.[0]?.extensions?.['code'], unknown.body.data]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED', undefined]);
    const vars = await runGraphql(engine, { query: '{ hello }', variables: [1] }, 'POST', context);
    expect(vars.status).toBe(400);
  });

  it('answers variables of the wrong type with 400 BAD_USER_INPUT', async () => {
    const { engine, context } = engineWith();
    const outcome = await runGraphql(engine, { query: 'query($n: String) { hello(name: $n) }', variables: { n: { a: 1 } } }, 'POST', context);
    expect(outcome.status).toBe(400);
    expect(outcome.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });

  it('answers an operation type the schema has no root for (a subscription) with 400, not an internal error', async () => {
    const { engine, context } = engineWith();
    const outcome = await runGraphql(engine, { query: 'subscription { x }' }, 'POST', context);
    expect(outcome).toEqual({ status: 400, body: { errors: [{ message: 'Schema is not configured to execute subscription operation.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] } });
  });

  it('refuses a mutation over GET with 405 and Allow: POST', async () => {
    const { engine, context } = engineWith();
    const outcome = await runGraphql(engine, { query: 'mutation { touch }' }, 'GET', context);
    expect(outcome).toMatchObject({ status: 405, allow: 'POST' });
  });

  it('resolves operations by name', async () => {
    const { engine, context } = engineWith();
    const doc = 'query A { hello } query B { hello(name: "B") }';
    expect((await runGraphql(engine, { query: doc, operationName: 'B' }, 'POST', context)).body.data).toEqual({ hello: 'hi B' });
    const none = await runGraphql(engine, { query: doc }, 'POST', context);
    expect([none.status, none.body.errors?.[0]?.extensions?.['code']]).toEqual([400, 'OPERATION_RESOLUTION_FAILURE']);
  });

  it('masks unexpected errors and logs them; keeps typed errors with their code', async () => {
    const { engine, logged, context } = engineWith();
    const outcome = await runGraphql(engine, { query: '{ boom invalid missing hello }' }, 'POST', context);
    expect(outcome.status).toBe(200);
    expect(outcome.body.data).toEqual({ boom: null, invalid: null, missing: null, hello: 'hi you' });
    expect(outcome.body.errors?.map((e) => [e.message, e.extensions?.['code']])).toEqual([
      ['Internal Server Error', 'INTERNAL_SERVER_ERROR'],
      ['title must be a string', 'BAD_USER_INPUT'],
      ['Article with id "x" not found', 'NOT_FOUND'],
    ]);
    expect(JSON.stringify(outcome.body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
    expect((logged[0] as Error).message).toBe('secret database detail');
  });

  it('answers 401 when a resolver meets missing or invalid credentials', async () => {
    const { engine, context } = engineWith();
    const outcome = await runGraphql(engine, { query: '{ unauthenticated }' }, 'POST', context);
    expect(outcome.status).toBe(401);
    expect(outcome.body.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });

  it('adds Apollo tracing when enabled', async () => {
    const { engine, context } = engineWith({ tracing: true });
    const outcome = await runGraphql(engine, { query: '{ hello }' }, 'POST', context);
    const tracing = outcome.body.extensions?.['tracing'] as { version: number; duration: number; execution: { resolvers: unknown[] } };
    expect(tracing.version).toBe(1);
    expect(tracing.duration).toBeGreaterThan(0);
    expect(tracing.execution.resolvers).toEqual([
      expect.objectContaining({ path: ['hello'], parentType: 'Query', fieldName: 'hello', returnType: 'String', startOffset: expect.any(Number), duration: expect.any(Number) }),
    ]);
  });

  it('caches validated documents by text', async () => {
    const { engine, context } = engineWith();
    await runGraphql(engine, { query: '{ hello }' }, 'POST', context);
    await runGraphql(engine, { query: '{ hello }' }, 'GET', context);
    await runGraphql(engine, { query: '{ nope }' }, 'POST', context);
    expect(engine.cache.size).toBe(1);
  });
});
