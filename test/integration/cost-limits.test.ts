/**
 * The cost of one request is bounded before work starts (issue 9 item 7), over real HTTP on
 * every dialect: the populate and filter budget (`api.rest.maxPopulateNodes`, `maxFilterNodes`,
 * `maxRelationHops`) for REST and GraphQL with aliases and fragments counted, the response entry
 * cap (`api.rest.maxResponseEntries`) counted while loading, database statement timeouts as a
 * 503, and a 408 for a client trickling its body.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';

/** Small limits so the tests need little data. */
const API_CONFIG = JSON.stringify({
  rest: { maxPopulateNodes: 6, maxFilterNodes: 12, maxRelationHops: 3, maxResponseEntries: 60 },
});

/** A route that runs one slow statement, to meet the statement timeout over HTTP. */
const SLOW_ROUTE = `
export default {
  register({ app }) {
    app.server.get('/slow', async () => {
      const client = app.db.dialect.name;
      const sql = client === 'postgres' ? 'SELECT pg_sleep(5)' : 'SELECT SLEEP(5) AS slept';
      await app.db.knex.raw(sql);
      return { slept: true };
    });
  },
};
`;

describeEachDialect('cost of a request', (dialect) => {
  const t = useTestApp({
    dialect,
    env: { DATABASE_STATEMENT_TIMEOUT: '300' },
    files: { 'config/api.json': API_CONFIG, 'src/index.ts': SLOW_ROUTE },
  });
  const api = client(() => t.url, () => t.authHeaders);
  const gql = (query: string) => request(`${t.url}/graphql`, { method: 'POST', json: { query }, headers: t.authHeaders });

  beforeAll(async () => {
    // 4 published articles sharing 4 tags: articles → tags → articles fans out 4 × 4 × 4.
    const tags = [];
    for (const name of ['a', 'b', 'c', 'd']) tags.push((await t.app.documents(TAG).create({ data: { name } })).documentId);
    for (const n of [1, 2, 3, 4]) {
      await t.app.documents(ARTICLE).create({ data: { title: `Article ${n}`, slug: `article-${n}`, tags }, status: 'published' });
    }
  });

  describe('populate and filter budget', () => {
    it('refuses more populate nodes than api.rest.maxPopulateNodes, within the depth limit', async () => {
      const ok = await api.get('/api/articles?populate[tags][populate][articles][populate]=category&pagination[pageSize]=1');
      expect(ok.status).toBe(200);
      const wide = await api.get('/api/articles?populate[tags][populate][articles][populate][tags][populate][articles][populate][category]=true&populate[author]=true&populate[cover]=true');
      expect(wide.status).toBe(400);
      expect(wide.body.error).toMatchObject({
        name: 'ValidationError',
        message: 'The number of populate nodes exceeds the limit of 6 (api.rest.maxPopulateNodes)',
        details: { limit: 'api.rest.maxPopulateNodes', max: 6 },
      });
    });

    it('refuses filter paths with more relation hops than api.rest.maxRelationHops, and too many filter nodes', async () => {
      expect((await api.get('/api/articles?filters[tags][articles][tags][name][$eq]=a')).status).toBe(200);
      const deep = await api.get('/api/articles?filters[tags][articles][tags][articles][title][$eq]=x');
      expect([deep.status, deep.body.error.message]).toEqual([400, 'The number of relation hops in one filter path exceeds the limit of 3 (api.rest.maxRelationHops)']);
      const many = Array.from({ length: 13 }, (_, i) => `filters[$or][${i}][title][$eq]=t${i}`).join('&');
      const wide = await api.get(`/api/articles?${many}`);
      expect([wide.status, wide.body.error.message]).toEqual([400, 'The number of filter nodes exceeds the limit of 12 (api.rest.maxFilterNodes)']);
    });

    it('applies the same budget to GraphQL filters', async () => {
      const deep = await gql('{ articles(filters: { tags: { articles: { tags: { articles: { title: { eq: "x" } } } } } }) { data { id } } }');
      expect(deep.body.errors[0]).toMatchObject({
        message: 'The number of relation hops in one filter path exceeds the limit of 3 (api.rest.maxRelationHops)',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('counts every GraphQL alias and fragment use against the same node budget', async () => {
      const fields = (n: number) => Array.from({ length: n }, (_, i) => `t${i}: tags { data { id } }`).join(' ');
      const fits = await gql(`{ articles { data { attributes { ${fields(5)} } } } }`);
      expect(fits.status).toBe(200);
      expect(fits.body.data.articles.data).toHaveLength(4);
      const aliased = await gql(`{ articles { data { attributes { ${fields(6)} } } } }`);
      expect(aliased.status).toBe(400);
      expect(aliased.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(aliased.body.errors[0].message).toContain('more than 6 relation, media and component fields (api.rest.maxPopulateNodes)');
      // three fields in a fragment spread twice: 1 root + 6
      const spread = await gql('fragment T on Article { a: tags { data { id } } b: category { data { id } } c: author { data { id } } } { articles { data { attributes { ...T x: seo { metaTitle } } } } a2: articles { data { attributes { ...T } } } }');
      expect(spread.status).toBe(400);
    });
  });

  describe('entries per response', () => {
    it('counts populated entries as often as the response repeats them and refuses over api.rest.maxResponseEntries', async () => {
      // 4 articles + 16 tags + 64 articles: 84 entries, over 60, although only 4 + 4 distinct rows are read
      const fan = await api.get('/api/articles?populate[tags][populate]=articles&fields[0]=title');
      expect(fan.status).toBe(400);
      expect(fan.body.error).toMatchObject({
        name: 'ValidationError',
        message: 'The response would carry more than 60 entries (api.rest.maxResponseEntries): populate fewer relations or ask for a smaller page',
        details: { limit: 'api.rest.maxResponseEntries', max: 60 },
      });
      // 2 articles: 2 + 8 + 32 = 42 entries
      const page = await api.get('/api/articles?populate[tags][populate]=articles&fields[0]=title&pagination[pageSize]=2');
      expect(page.status).toBe(200);
      expect(page.body.data[0].tags).toHaveLength(4);
      expect(page.body.data[0].tags[0].articles).toHaveLength(4);
    });

    it('caps GraphQL responses the same way', async () => {
      const fan = await gql('{ articles { data { attributes { tags { data { attributes { articles { data { id } } } } } } } } }');
      expect(fan.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(fan.body.errors[0].message).toContain('more than 60 entries (api.rest.maxResponseEntries)');
    });
  });

  if (dialect !== 'sqlite') {
    it('cancels a statement over database.connection.statementTimeout and answers 503', async () => {
      const slow = await request(`${t.url}/slow`);
      expect(slow.status).toBe(503);
      expect(slow.body).toEqual({
        data: null,
        error: {
          status: 503, name: 'ServiceUnavailableError',
          message: 'A database statement took longer than database.connection.statementTimeout allows',
          details: { limit: 'database.connection.statementTimeout' },
        },
      });
      // the connection is still usable afterwards
      expect((await api.get('/api/articles?pagination[pageSize]=1')).status).toBe(200);
    });
  }
});

describe('slow clients', () => {
  const t = useTestApp({
    dialect: 'sqlite',
    files: { 'config/server.json': JSON.stringify({ requestTimeout: 400, headersTimeout: 400 }) },
  });

  /** Sends the headers of a POST announcing a body, then trickles the body a byte at a time. */
  function trickle(url: string): Promise<string> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) });
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(`POST /api/articles HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write(' ');
        }, 50);
      });
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.on('error', (error) => {
        clearInterval(timer);
        if (received !== '') resolve(received);
        else reject(error);
      });
    });
  }

  it('answers 408 and closes the connection when the body does not arrive within server.requestTimeout', async () => {
    const response = await trickle(t.url);
    expect(response.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    const body = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ data: null, error: { status: 408, name: 'RequestTimeoutError', message: 'Request Timeout', details: {} } });
  });
});
