/**
 * GraphQL-over-HTTP conventions and robustness on every dialect: GET and POST, the status of
 * each kind of failure, error codes, and that malformed, unknown, mistyped, oversized or
 * too-deep requests never cause a 500.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { ensureSandboxBuilt, graphql } from './graphql-helpers.js';

ensureSandboxBuilt();

describeEachDialect('GraphQL over HTTP', (dialect) => {
  const app = useTestApp({ dialect });
  const gql = graphql(() => app.url, '/graphql', () => app.authHeaders);
  const url = (): string => `${app.url}/graphql`;

  it('answers POST application/json with application/json', async () => {
    const response = await gql.post('{ tags { data { id } } }');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual({ data: { tags: { data: [] } } });
  });

  it('answers application/graphql-response+json when the client asks for it', async () => {
    const response = await gql.post('{ tags { data { id } } }', undefined, { accept: 'application/graphql-response+json' });
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
  });

  it('runs queries over GET with variables and operationName', async () => {
    const response = await gql.get({ query: 'query Q($n: Int) { tags(pagination: { limit: $n }) { data { id } } } query Other { __typename }', variables: '{"n":1}', operationName: 'Q' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { tags: { data: [] } } });
  });

  it('refuses mutations over GET with 405 and Allow: POST', async () => {
    const response = await gql.get({ query: 'mutation { createTag(data: { name: "x" }) { data { id } } }' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await gql.data('{ tags { data { id } } }')).tags.data).toEqual([]);
  });

  it('refuses other methods with 405', async () => {
    const response = await request(url(), { method: 'PUT', json: { query: '{ __typename }' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
  });

  it('accepts application/graphql bodies and refuses simple content types (CSRF)', async () => {
    const graphqlBody = await request(url(), { method: 'POST', body: '{ __typename }', headers: { 'content-type': 'application/graphql' } });
    expect(graphqlBody.body).toEqual({ data: { __typename: 'Query' } });
    const plain = await request(url(), { method: 'POST', body: '{"query":"{ __typename }"}', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(plain.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers malformed JSON, a missing query and bad variables with 400, never 500', async () => {
    const malformed = await request(url(), { method: 'POST', body: '{"query": ', headers: { 'content-type': 'application/json' } });
    expect([malformed.status, malformed.body.errors[0].extensions.code]).toEqual([400, 'BAD_REQUEST']);
    const missing = await request(url(), { method: 'POST', json: { variables: {} } });
    expect([missing.status, missing.body.errors[0].extensions.code]).toEqual([400, 'BAD_REQUEST']);
    const badVariablesJson = await gql.get({ query: '{ __typename }', variables: '{nope' });
    expect(badVariablesJson.status).toBe(400);
    const batch = await request(url(), { method: 'POST', json: [{ query: '{ __typename }' }] });
    expect(batch.status).toBe(400);
    const noHtmlGet = await request(url());
    expect(noHtmlGet.status).toBe(400);
  });

  it("answers an empty POST body as the v4 plugin's Apollo Server 3 does: 400 in plain text", async () => {
    for (const init of [
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      { method: 'POST' },
    ]) {
      const response = await fetch(url(), init);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('POST body missing, invalid Content-Type, or JSON object has no keys.');
    }
  });

  it('answers syntax errors with 400 GRAPHQL_PARSE_FAILED and unknown fields with 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const syntax = await gql.post('{ tags { ');
    expect([syntax.status, syntax.body.errors?.[0]?.extensions?.code, syntax.body.data]).toEqual([400, 'GRAPHQL_PARSE_FAILED', undefined]);
    const unknown = await gql.post('{ tags { data { nope } } }');
    expect([unknown.status, unknown.body.errors?.[0]?.extensions?.code]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
    expect(unknown.body.errors?.[0]?.message).toBe('Cannot query field "nope" on type "TagEntity".');
  });

  it("answers wrong variable types with 400 BAD_USER_INPUT and graphql-js's message", async () => {
    const response = await gql.post('query($n: Int) { tags(pagination: { limit: $n }) { data { id } } }', { n: 'ten' });
    expect([response.status, response.body.errors?.[0]?.extensions?.code]).toEqual([400, 'BAD_USER_INPUT']);
    expect(response.body.errors?.[0]?.message).toBe('Variable "$n" got invalid value "ten"; Int cannot represent non-integer value: "ten"');
    const long = await gql.post('query($l: Long) { articles(filters: { likes: { eq: $l } }) { data { id } } }', { l: 1.5 });
    expect([long.status, long.body.errors?.[0]?.extensions?.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('rejects queries deeper than the default depthLimit of 10 before execution', async () => {
    const deep = 'query Deep { articles { data { attributes { category { data { attributes { articles { data { attributes { category { data { attributes { name } } } } } } } } } } } } }';
    const response = await gql.post(deep);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [{ message: "'Deep' exceeds maximum operation depth of 10", locations: [expect.any(Object)], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });
    const ok = await gql.post('{ articles { data { attributes { category { data { attributes { articles { data { attributes { title } } } } } } } } } }');
    expect(ok.status).toBe(200);
  });

  it('survives oversized documents and bodies with a 4xx', async () => {
    const manyTokens = `{ ${Array.from({ length: 20_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const tokens = await gql.post(manyTokens);
    expect(tokens.status).toBe(400);
    expect(tokens.body.errors?.[0]?.message).toBe('Syntax Error: Document contains more that 15000 tokens. Parsing aborted.');
    const huge = await request(url(), { method: 'POST', body: JSON.stringify({ query: `# ${'x'.repeat(3_000_000)}\n{ __typename }` }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].extensions.code).toBe('STRAPI_PAYLOAD_TOO_LARGE_ERROR');
  });

  it('serves the sandbox page to browsers, with its bundled assets', async () => {
    const page = await request(url(), { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script id="vellum-sandbox-config" type="application/json">{"endpoint":"/graphql"');
    const script = await fetch(`${app.url}/graphql/sandbox/sandbox.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${app.url}/graphql/sandbox/sandbox.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${app.url}/graphql/sandbox/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${app.url}/graphql/sandbox/nope.js`)).status).toBe(404);
  });

  it('keeps Server-Timing on GraphQL responses', async () => {
    const response = await gql.post('{ tags { data { id } } }');
    expect(response.headers.get('server-timing')).toMatch(/^db;count=\d+;dur=/);
  });
});

describe('sandbox assets are built', () => {
  it('exist in dist/sandbox (npm run build:sandbox)', async () => {
    const { sandboxDirectory } = await import('../../src/graphql/sandbox/sandbox-page.js');
    expect(sandboxDirectory()).toMatch(/dist\/sandbox$/);
  });
});
