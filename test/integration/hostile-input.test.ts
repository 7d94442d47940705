/**
 * Hostile input over real HTTP on every dialect (issue 9, item 6): every class of request a client
 * can send that once ended in a 500 now gets a clean 4xx in the one error shape, naming the
 * offending parameter or field, and writes nothing.
 *
 * Bodies are sent as raw JSON text: a JavaScript object literal cannot carry an own `__proto__`
 * key, and JSON.stringify cannot write a 10,000-deep array without recursing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request, type JsonResponse } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { createEngineContext } from '../../src/engine/context.js';
import { refusedQueryValueError, refusedWriteValueError } from '../../src/documents/refused-value.js';
import { ValidationError } from '../../src/errors/index.js';

/** the tables a write of an article touches: rows, components, links */
const TABLES = [
  'articles', 'articles_cmps', 'articles_tags_lnk', 'articles_category_lnk', 'components_shared_seos', 'components_shared_socials',
  'components_shared_quotes', 'components_shared_rich_texts', 'components_shared_seos_cmps', 'categories', 'tags',
] as const;

const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number, key: string): string => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

interface BodyCase {
  readonly name: string;
  /** the `data` object as raw JSON text */
  readonly data: string;
  /** the path `details.errors[].path` (or `details.path`) names */
  readonly path: string;
  /** creates only (an update would report something else first) */
  readonly createOnly?: boolean;
}

/** data bodies every database must refuse with a 400 naming `path` */
const BODY_CASES: readonly BodyCase[] = [
  // keys named like Object.prototype members
  { name: '__proto__ key', data: '{"title":"p","__proto__":{"polluted":true}}', path: '__proto__' },
  { name: 'constructor key', data: '{"title":"p","constructor":{"name":"x"}}', path: 'constructor' },
  { name: 'toString key', data: '{"title":"p","toString":"x"}', path: 'toString' },
  { name: 'hasOwnProperty key', data: '{"title":"p","hasOwnProperty":1}', path: 'hasOwnProperty' },
  { name: 'valueOf key in a component', data: '{"title":"p","seo":{"metaTitle":"m","valueOf":1}}', path: 'seo.valueOf' },
  { name: '__proto__ key in a repeatable component', data: '{"title":"p","seo":{"metaTitle":"m","social":[{"url":"u","__proto__":{"x":1}}]}}', path: 'seo.social.0.__proto__' },
  { name: 'constructor key in a dynamic zone item', data: '{"title":"p","blocks":[{"__component":"shared.quote","text":"t","constructor":{}}]}', path: 'blocks.0.constructor' },
  { name: 'a dynamic zone __component named toString', data: '{"title":"p","blocks":[{"__component":"toString"}]}', path: 'blocks.0.__component' },
  { name: 'a dynamic zone __component named __proto__', data: '{"title":"p","blocks":[{"__component":"__proto__"}]}', path: 'blocks.0.__component' },
  { name: 'toString key in a relation write', data: '{"title":"p","tags":{"connect":[],"toString":1}}', path: 'tags.toString' },
  { name: '__proto__ key in a relation write', data: '{"title":"p","tags":{"__proto__":{"connect":[]}}}', path: 'tags.__proto__' },
  { name: 'constructor in a relation target', data: '{"title":"p","category":{"constructor":"x"}}', path: 'category' },
  // values the database would refuse
  { name: 'a decimal that rounds out of decimal(10,2)', data: '{"title":"p","rating":99999999.999}', path: 'rating' },
  { name: 'a decimal string that rounds out of decimal(10,2)', data: '{"title":"p","rating":"-99999999.995"}', path: 'rating' },
  { name: 'an integer above 32 bits', data: '{"title":"p","views":2147483648}', path: 'views' },
  { name: 'a biginteger above 64 bits', data: '{"title":"p","likes":"9223372036854775808"}', path: 'likes' },
  { name: 'a float that parses to Infinity', data: '{"title":"p","score":1e400}', path: 'score' },
  { name: 'a float string "NaN"', data: '{"title":"p","score":"NaN"}', path: 'score' },
  { name: 'a lone surrogate in a string', data: '{"title":"p\\ud800"}', path: 'title' },
  { name: 'a lone surrogate in richtext', data: '{"title":"p","notes":"x\\udc00y"}', path: 'notes' },
  { name: 'a lone surrogate in json', data: '{"title":"p","meta":{"k":"\\ud800"}}', path: 'meta' },
  { name: 'a lone surrogate in a json key', data: '{"title":"p","meta":{"\\udfff":1}}', path: 'meta' },
  { name: 'a lone surrogate in blocks', data: '{"title":"p","body":[{"type":"paragraph","children":[{"type":"text","text":"\\ud83d"}]}]}', path: 'body' },
  { name: 'a lone surrogate in a component string', data: '{"title":"p","seo":{"metaTitle":"\\ud800"}}', path: 'seo.metaTitle' },
  { name: 'a string longer than its varchar(255) column', data: `{"title":"p","contactEmail":"${'a'.repeat(250)}@example.com"}`, path: 'contactEmail' },
  { name: 'a component string longer than varchar(255)', data: `{"title":"p","seo":{"metaTitle":"${'m'.repeat(256)}"}}`, path: 'seo.metaTitle' },
  { name: 'a date in year 10000', data: '{"title":"p","publishDate":"10000-01-01"}', path: 'publishDate' },
  { name: 'a date in year 0', data: '{"title":"p","publishDate":"0000-06-01"}', path: 'publishDate' },
  { name: 'a datetime in year 10000', data: '{"title":"p","lastReviewedAt":"+010000-01-01T00:00:00.000Z"}', path: 'lastReviewedAt' },
  { name: 'a datetime in year 0', data: '{"title":"p","lastReviewedAt":"0000-01-01T00:00:00.000Z"}', path: 'lastReviewedAt' },
  { name: 'a datetime as a huge number', data: '{"title":"p","lastReviewedAt":1e20}', path: 'lastReviewedAt' },
  // recursion
  { name: 'a 10,000-deep array in a json attribute', data: `{"title":"p","meta":${deepArray(10_000)}}`, path: 'meta' },
  { name: 'a 10,000-deep object in a json attribute', data: `{"title":"p","meta":${deepObject(10_000, 'a')}}`, path: 'meta' },
  { name: 'a 10,000-deep blocks tree', data: `{"title":"p","body":[${deepObject(10_000, 'children')}]}`, path: 'body' },
  { name: 'a 10,000-deep array as a relation', data: `{"title":"p","tags":${deepArray(10_000)}}`, path: 'tags' },
];

interface QueryCase {
  readonly name: string;
  readonly query: string;
  /** the query parameter `details.param` names */
  readonly param: string;
}

const QUERY_CASES: readonly QueryCase[] = [
  { name: 'sort on hasOwnProperty', query: 'sort=hasOwnProperty', param: 'sort' },
  { name: 'fields naming toString', query: 'fields[0]=toString', param: 'fields' },
  { name: 'an integer filter above 64 bits', query: 'filters[views][$eq]=99999999999999999999999', param: 'filters' },
  { name: 'a biginteger filter above 64 bits', query: 'filters[likes][$gt]=99999999999999999999999', param: 'filters' },
  { name: 'an integer filter of 1e400', query: 'filters[views][$lt]=1e400', param: 'filters' },
  { name: 'a decimal filter of Infinity', query: 'filters[rating][$lt]=Infinity', param: 'filters' },
  { name: 'a float filter of NaN', query: 'filters[score][$eq]=NaN', param: 'filters' },
  { name: 'a date filter in year 10000', query: 'filters[publishDate][$eq]=10000-01-01', param: 'filters' },
  { name: 'a date filter that is no date', query: 'filters[publishDate][$gt]=yesterday', param: 'filters' },
  { name: 'a datetime filter in year 0', query: 'filters[lastReviewedAt][$lt]=0000-01-01T00:00:00Z', param: 'filters' },
  { name: 'a time filter that is no time', query: 'filters[readingTime][$eq]=25:99', param: 'filters' },
  { name: 'an id filter above 64 bits', query: 'filters[id][$eq]=99999999999999999999999', param: 'filters' },
  { name: 'deeply nested $and filters', query: `${'filters'}${'[$and][0]'.repeat(30)}[title][$eq]=x`, param: 'filters' },
  { name: 'many array indices', query: Array.from({ length: 150 }, (_, i) => `filters[id][$in][${i * 1000}]=1`).join('&'), param: 'filters' },
  { name: 'a huge pagination page', query: 'pagination[page]=99999999999999999999&pagination[pageSize]=10', param: 'pagination' },
  { name: 'a huge pagination start', query: 'pagination[start]=1e400&pagination[limit]=10', param: 'pagination' },
];

/** query strings that look hostile but mean something harmless: answered 200, never a 500 */
const QUERY_OK_CASES: readonly QueryCase[] = [
  { name: 'a filter on toString', query: 'filters[toString][$eq]=1', param: 'filters' },
  { name: 'a filter operator named constructor', query: 'filters[title][constructor]=x', param: 'filters' },
  { name: 'a filter on __proto__', query: 'filters[__proto__][$eq]=1', param: 'filters' },
  { name: 'a string filter longer than anything stored', query: `filters[title][$in][0]=${'x'.repeat(5000)}`, param: 'filters' },
  { name: 'a huge array index', query: 'filters[id][$in][99999999]=1', param: 'filters' },
  { name: 'populate of constructor', query: 'populate[constructor]=true', param: 'populate' },
  { name: 'a huge fields index', query: 'fields[4294967296]=title', param: 'fields' },
];

interface GraphqlCase {
  readonly name: string;
  readonly query: string;
  readonly variables?: string;
  /** HTTP status: 400 when refused before execution, 200 with errors when refused by a resolver */
  readonly status: 200 | 400;
  /** text the first error's message contains (names the argument or field) */
  readonly mentions: string;
}

const deepList = (depth: number): string => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
const deepFilter = (depth: number): string => `${'{ and: ['.repeat(depth)}{ title: { eq: "x" } }${'] }'.repeat(depth)}`;

const GRAPHQL_CASES: readonly GraphqlCase[] = [
  { name: 'a variable input with a __proto__ key', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g","__proto__":{"x":1}}}', status: 400, mentions: '__proto__' },
  { name: 'a variable input with a constructor key', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g","constructor":1}}', status: 400, mentions: 'constructor' },
  { name: 'a nested variable input with toString', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g","seo":{"metaTitle":"m","toString":1}}}', status: 400, mentions: 'toString' },
  { name: 'a json value with a __proto__ key', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g","meta":{"__proto__":{"polluted":1}}}}', status: 400, mentions: '__proto__' },
  { name: 'a json value with a lone surrogate', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g","meta":{"k":"\\ud800"}}}', status: 200, mentions: 'meta' },
  { name: 'a string literal with a lone surrogate', query: 'mutation { createArticle(data: { title: "g\\ud800" }) { data { id } } }', status: 400, mentions: 'Unicode' },
  { name: 'a string variable with a lone surrogate', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: '{"d":{"title":"g\\ud800"}}', status: 200, mentions: 'title' },
  { name: 'a decimal that rounds out of its column', query: 'mutation { createArticle(data: { title: "g", rating: 99999999.999 }) { data { id } } }', status: 200, mentions: 'rating' },
  { name: 'a long string', query: `mutation { createArticle(data: { title: "g", contactEmail: "${'a'.repeat(300)}@x.io" }) { data { id } } }`, status: 200, mentions: 'contactEmail' },
  { name: 'a 10,000-deep json variable', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: `{"d":{"title":"g","meta":${deepArray(10_000)}}}`, status: 400, mentions: 'variables.d.meta' },
  { name: 'a 100-deep json variable (within the body limit)', query: 'mutation($d: ArticleInput!) { createArticle(data: $d) { data { id } } }', variables: `{"d":{"title":"g","meta":${deepArray(100)}}}`, status: 200, mentions: 'meta' },
  { name: 'a Long filter above 64 bits', query: '{ articles(filters: { likes: { eq: "99999999999999999999" } }) { data { id } } }', status: 400, mentions: 'Long' },
  { name: 'a Long filter literal above 64 bits', query: '{ articles(filters: { likes: { gt: 99999999999999999999 } }) { data { id } } }', status: 400, mentions: 'Long' },
  { name: 'an Int filter above 32 bits', query: '{ articles(filters: { views: { eq: 99999999999 } }) { data { id } } }', status: 400, mentions: 'Int' },
  { name: 'a date filter in year 10000', query: '{ articles(filters: { publishDate: { eq: "10000-01-01" } }) { data { id } } }', status: 400, mentions: '10000-01-01' },
  { name: 'a deeply nested filter', query: `{ articles(filters: ${deepFilter(3_000)}) { data { id } } }`, status: 400, mentions: 'deeper than 128' },
  { name: 'a 10,000-deep input list literal', query: `{ articles(filters: { title: { in: ${deepList(10_000)} } }) { data { id } } }`, status: 400, mentions: '' },
  { name: 'a 10,000-deep list variable', query: 'query($v: [String]) { articles(filters: { title: { in: $v } }) { data { id } } }', variables: `{"v":${deepList(10_000)}}`, status: 400, mentions: '' },
];

/** a path in the details that is `path`, or (from the body parser) `data.<path>…` */
const names = (path: string): unknown => expect.stringMatching(new RegExp(`^(data\\.)?${path.replace(/[.$]/g, '\\$&')}($|\\.)`));

/** every path the error's details name, joined with dots */
function namedPaths(body: { error?: { details?: Record<string, unknown> } }): string[] {
  const details = body.error?.details ?? {};
  const errors = Array.isArray(details.errors) ? (details.errors as Array<{ path?: unknown }>) : [];
  const paths = errors.map((e) => (Array.isArray(e.path) ? e.path.join('.') : String(e.path)));
  if (typeof details.path === 'string') paths.push(details.path);
  if (typeof details.key === 'string') paths.push(details.key);
  return paths;
}

function expectErrorShape(response: JsonResponse, status: number): void {
  expect({ status: response.status, data: response.body?.data, error: response.body?.error }).toMatchObject({ status, data: null });
  expect(response.body.error).toMatchObject({ status, name: expect.any(String), message: expect.any(String), details: expect.any(Object) });
}

describeEachDialect('hostile input', (dialect) => {
  const t = useTestApp({ dialect });
  const knex = () => t.app.db.knex;
  const counts = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = (await knex()(table).count({ n: '*' })) as Array<{ n: unknown }>;
      out[table] = Number(row?.n);
    }
    return out;
  };
  const send = (method: string, path: string, body: string): Promise<JsonResponse> =>
    method === 'GET'
      ? request(`${t.url}${path}`, { headers: t.authHeaders })
      : request(`${t.url}${path}`, { method, body, headers: { ...t.authHeaders, 'content-type': 'application/json' } });
  let documentId = '';
  let stored: unknown;

  beforeAll(async () => {
    const created = await send('POST', '/api/articles', '{"data":{"title":"Target","rating":12.5,"meta":{"a":1},"seo":{"metaTitle":"s"}}}');
    expect(created.status).toBe(201);
    documentId = created.body.data.documentId;
    stored = (await send('GET', `/api/articles/${documentId}?status=draft&populate=*`, '')).body.data;
  });

  describe('REST bodies', () => {
    for (const c of BODY_CASES) {
      it(`create: ${c.name} → 400 naming ${c.path}`, async () => {
        const before = await counts();
        const response = await send('POST', '/api/articles', `{"data":${c.data}}`);
        expectErrorShape(response, 400);
        expect({ name: response.body.error.name, paths: namedPaths(response.body), message: response.body.error.message })
          .toMatchObject({ name: 'ValidationError', paths: expect.arrayContaining([names(c.path)]) });
        expect(await counts()).toEqual(before);
      });
      if (c.createOnly) continue;
      it(`update: ${c.name} → 400 naming ${c.path}, the entry unchanged`, async () => {
        const before = await counts();
        const response = await send('PUT', `/api/articles/${documentId}`, `{"data":${c.data}}`);
        expectErrorShape(response, 400);
        expect({ name: response.body.error.name, paths: namedPaths(response.body), message: response.body.error.message })
          .toMatchObject({ name: 'ValidationError', paths: expect.arrayContaining([names(c.path)]) });
        expect(await counts()).toEqual(before);
        expect((await send('GET', `/api/articles/${documentId}?status=draft&populate=*`, '')).body.data).toEqual(stored);
      });
    }

    const SINGLE_TYPE_CASES = [
      { data: '{"siteName":"s","toString":1}', path: 'toString' },
      { data: '{"siteName":"s","defaultSeo":{"metaTitle":"m","constructor":{"prototype":{}}}}', path: 'defaultSeo.constructor' },
      { data: '{"siteName":"s\\udbff"}', path: 'siteName' },
      { data: `{"siteName":"${'s'.repeat(256)}"}`, path: 'siteName' },
    ];
    for (const c of SINGLE_TYPE_CASES) {
      it(`single type PUT: ${c.data.slice(0, 60)} → 400 naming ${c.path}, nothing written`, async () => {
        const before = await knex()('globals').count({ n: '*' });
        const response = await send('PUT', '/api/global', `{"data":${c.data}}`);
        expectErrorShape(response, 400);
        expect({ name: response.body.error.name, paths: namedPaths(response.body) }).toMatchObject({ name: 'ValidationError', paths: expect.arrayContaining([names(c.path)]) });
        expect(await knex()('globals').count({ n: '*' })).toEqual(before);
      });
    }

    it('a 100,000-deep json body is refused before it is parsed into a stack overflow', async () => {
      const before = await counts();
      const response = await send('POST', '/api/articles', `{"data":{"title":"p","meta":${deepArray(100_000)}}}`);
      expectErrorShape(response, 400);
      expect(await counts()).toEqual(before);
    });

    it('a body whose top level is __proto__ is refused', async () => {
      const response = await send('POST', '/api/articles', '{"__proto__":{"data":{"title":"p"}}}');
      expectErrorShape(response, 400);
      expect(({} as Record<string, unknown>).data).toBeUndefined();
    });
  });

  describe('REST query strings', () => {
    for (const c of QUERY_CASES) {
      it(`${c.name} → 400 naming ${c.param}`, async () => {
        const response = await send('GET', `/api/articles?${c.query}`, '');
        expectErrorShape(response, 400);
        expect({ name: response.body.error.name, param: response.body.error.details.param, message: response.body.error.message })
          .toMatchObject({ name: expect.stringMatching(/^(ValidationError|PaginationError)$/), param: c.param });
      });
    }
  });

  describe('REST query strings answered normally', () => {
    for (const c of QUERY_OK_CASES) {
      it(`${c.name} → 200`, async () => {
        const response = await send('GET', `/api/articles?${c.query}`, '');
        expect({ status: response.status, error: response.body?.error }).toEqual({ status: 200, error: undefined });
      });
    }
  });

  describe('GraphQL', () => {
    for (const c of GRAPHQL_CASES) {
      it(`${c.name} → ${c.status} BAD_USER_INPUT`, async () => {
        const before = await counts();
        const response = await request(`${t.url}/graphql`, {
          method: 'POST',
          body: `{"query":${JSON.stringify(c.query)},"variables":${c.variables ?? 'null'}}`,
          headers: { ...t.authHeaders, 'content-type': 'application/json' },
        });
        const [first] = response.body.errors ?? [];
        expect({ status: response.status, code: first?.extensions?.code, message: first?.message }).toMatchObject({
          status: c.status,
          code: expect.stringMatching(c.status === 400 ? /^(BAD_USER_INPUT|BAD_REQUEST|GRAPHQL_VALIDATION_FAILED|GRAPHQL_PARSE_FAILED)$/ : /^BAD_USER_INPUT$/),
          message: expect.stringContaining(c.mentions),
        });
        expect(await counts()).toEqual(before);
      });
    }
  });

  // found by `npm run fuzz -- --dialect postgres`: PostgreSQL refuses NUL and 32-bit overflow even in a WHERE
  it('a documentId holding NUL or a lone surrogate, or a file id beyond 32 bits, names nothing: 404, not 500', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await send(method, '/api/articles/a%00b', '{"data":{"title":"x"}}');
      expect({ status: response.status, error: response.body.error }, method).toMatchObject({ status: 404, error: { name: 'NotFoundError' } });
    }
    for (const id of ['a\u0000b', '\udc00']) {
      const response = await request(`${t.url}/graphql`, {
        method: 'POST',
        body: JSON.stringify({ query: 'query($id: ID) { article(id: $id) { data { id } } }', variables: { id } }).replace('\\udc00', '\\\\udc00'.slice(1)),
        headers: { ...t.authHeaders, 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { article: { data: null } } });
    }
    for (const id of ['999999999999999999999', '2147483648', '99999999999']) {
      expect((await send('GET', `/api/upload/files/${id}`, '')).status).toBe(404);
      expect((await send('DELETE', `/api/upload/files/${id}`, '')).status).toBe(404);
    }
    expect((await send('GET', `/api/articles/${documentId}?status=draft&populate=*`, '')).body.data).toEqual(stored);
  });

  it('GraphQL update with a lone surrogate in a variable: BAD_USER_INPUT naming the field, the entry unchanged', async () => {
    const response = await request(`${t.url}/graphql`, {
      method: 'POST',
      body: JSON.stringify({ query: 'mutation($id: ID!, $d: ArticleInput!) { updateArticle(id: $id, data: $d) { data { id } } }', variables: { id: documentId } })
        .replace('}}', ',"d":{"summary":"ok","notes":"\\udc00"}}}'),
      headers: { ...t.authHeaders, 'content-type': 'application/json' },
    });
    const [first] = response.body.errors ?? [];
    expect({ status: response.status, code: first?.extensions?.code, message: first?.message }).toEqual({
      status: 200, code: 'BAD_USER_INPUT', message: 'notes must be well-formed Unicode (no lone surrogate)',
    });
    expect((await send('GET', `/api/articles/${documentId}?status=draft&populate=*`, '')).body.data).toEqual(stored);
  });

  /*
   * The backstop behind validation: statements the database refuses for a value (what a check
   * in validate-scalar.ts would miss) are classified by the dialect and become a 400. The
   * statements go straight to the database here, since every value the API accepts is storable.
   */
  describe('database refusals of a value', () => {
    const refusal = async (statement: () => Promise<unknown>): Promise<unknown> => {
      try {
        await statement();
      } catch (error) {
        return error;
      }
      throw new Error('the database accepted the statement');
    };
    const refused = dialect === 'sqlite' ? [] : [
      { name: 'a decimal out of decimal(10,2)', row: { rating: '123456789012.5' }, attribute: 'rating' },
      { name: 'an integer out of 32 bits', row: { views: '99999999999' }, attribute: 'views' },
      { name: 'a string longer than varchar(255)', row: { contact_email: 'x'.repeat(300) }, attribute: 'contactEmail' },
      { name: 'a date that does not exist', row: { publish_date: '2024-02-30' }, attribute: 'publishDate' },
    ];
    for (const c of refused) {
      it(`${c.name}: a 400 ValidationError, naming the attribute where the database names the column`, async () => {
        const ctx = createEngineContext(t.app.db, t.app.registry);
        const schema = t.app.registry.contentType('api::article.article');
        const error = await refusal(() => knex()('articles').insert({ document_id: 'refused', title: 'x', ...c.row }));
        expect(ctx.dialect.writeFailure(error)).toMatchObject({ kind: 'value' });
        const mapped = refusedWriteValueError(ctx, schema, error);
        expect(mapped).toBeInstanceOf(ValidationError);
        // MySQL names the column of each of these; PostgreSQL does not for these codes
        const message = `${c.attribute} has a value the database cannot store`;
        expect({ message: (mapped as ValidationError).message, details: (mapped as ValidationError).details }).toEqual(
          dialect === 'mysql'
            ? { message, details: { errors: [{ path: [c.attribute], message, name: 'ValidationError' }] } }
            : { message: 'A value of the request cannot be stored by the database', details: { errors: [] } },
        );
        expect(refusedQueryValueError(ctx, error)).toMatchObject({ status: 400, details: { source: 'query', param: 'filters' } });
      });
    }
    it('other failures pass through untouched', async () => {
      const ctx = createEngineContext(t.app.db, t.app.registry);
      const error = await refusal(() => knex()('no_such_table').select('*'));
      expect(refusedWriteValueError(ctx, t.app.registry.contentType('api::article.article'), error)).toBe(error);
    });
  });
});
