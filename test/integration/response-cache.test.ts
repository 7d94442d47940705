/**
 * The response cache (`api.rest.cache`, docs/cache.md), on every dialect: after a write, a read
 * through every cached path (list, single, populate through a relation to the written type,
 * single type, GraphQL) answers the new data; permission changes show at the next request;
 * callers with other rights get their own answers; `ETag` / `If-None-Match` → 304 with and
 * without the cache; a hit costs the two stamp reads only. Every check is one request: no
 * retries, no waiting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type VellumApp } from '../../src/app/create-app.js';
import { roleCommand } from '../../src/cli/role-command.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request, statementCount } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';
import { get as httpGet } from 'node:http';

/**
 * A GET through node:http: fetch adds `Cache-Control: no-cache` to a conditional request (an
 * end-to-end reload, which servers answer in full), browsers revalidating do not.
 */
function conditionalGet(url: string, headers: Record<string, string>): Promise<{ status: number; text: string; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, etag: response.headers.etag }));
    }).on('error', reject);
  });
}

const CACHE_ON = { 'config/api.json': JSON.stringify({ rest: { cache: { enabled: true } } }) };
const ARTICLE_WITH_CATEGORY = '/api/articles?populate[category]=true&sort=title';

describeEachDialect('response cache', (dialect) => {
  const t = useTestApp({ dialect, files: CACHE_ON });
  const anonymous = client(() => t.url);
  const admin = client(() => t.url, () => t.authHeaders);
  const graphql = async (query: string, headers: Record<string, string> = {}) =>
    request(`${t.url}/graphql`, { method: 'POST', json: { query }, headers });
  let category = '';
  let article = '';

  beforeAll(async () => {
    category = (await admin.post('/api/categories', { data: { name: 'Cats' } })).body.data.documentId;
    article = (await admin.post('/api/articles', { data: { title: 'First', category } })).body.data.documentId;
    expect(article).not.toBe('');
  });

  /** twice: the second answer comes from the cache and equals the first (a miss, or a hit of an earlier test) */
  const warm = async (get: () => Promise<{ status: number; body: any; headers: Headers }>) => {
    const first = await get();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get('x-cache')).toMatch(/^(MISS|HIT)$/);
    const second = await get();
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    return second;
  };

  it('answers a repeated read from the cache with the two stamp reads only', async () => {
    expect((await anonymous.get(ARTICLE_WITH_CATEGORY)).headers.get('x-cache')).toBe('MISS');
    const hit = await warm(() => anonymous.get(ARTICLE_WITH_CATEGORY));
    expect(hit.body.data[0].category.name).toBe('Cats');
    // the auth stamp (who is asking) and the content stamp (has anything changed): no content query
    expect(statementCount(hit.headers)).toBe(2);
  });

  it('keeps one content stamp, there from the start, replaced by every write', async () => {
    const stamps = async () => (await t.app.db.knex('vellum_content_state').select('stamp')).map((row: { stamp: string }) => row.stamp);
    const before = await stamps();
    expect(before).toHaveLength(1);
    await admin.post('/api/tags', { data: { name: 'stamped' } });
    const after = await stamps();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    // a refused write changes nothing, stamp included
    expect((await admin.post('/api/tags', { data: { name: { not: 'a string' } } })).status).toBe(400);
    expect(await stamps()).toEqual(after);
  });

  it('a write is seen by the next read through every cached path: list, single, populate, single type', async () => {
    await warm(() => anonymous.get('/api/categories'));
    await warm(() => anonymous.get(`/api/categories/${category}`));
    await warm(() => anonymous.get(ARTICLE_WITH_CATEGORY));
    expect((await admin.put(`/api/categories/${category}`, { data: { name: 'Dogs' } })).status).toBe(200);
    expect((await anonymous.get('/api/categories')).headers.get('x-cache')).toBe('MISS');
    for (const read of [
      async () => (await anonymous.get('/api/categories')).body.data[0].name,
      async () => (await anonymous.get(`/api/categories/${category}`)).body.data.name,
      async () => (await anonymous.get(ARTICLE_WITH_CATEGORY)).body.data[0].category.name,
    ]) expect(await read()).toBe('Dogs');

    await admin.put('/api/global', { data: { siteName: 'One' } });
    await warm(() => anonymous.get('/api/global'));
    await admin.put('/api/global', { data: { siteName: 'Two' } });
    const single = await anonymous.get('/api/global');
    expect(single.headers.get('x-cache')).toBe('MISS');
    expect(single.body.data.siteName).toBe('Two');
  });

  it('create, delete, publish, unpublish and discardDraft are seen by the next read', async () => {
    const titles = async (status = 'published') =>
      ((await admin.get(`/api/articles?status=${status}&sort=title`)).body.data as Array<{ title: string }>).map((entry) => entry.title);
    await warm(() => admin.get('/api/articles?status=published&sort=title'));
    const draft = (await admin.post('/api/articles?status=draft', { data: { title: 'Second' } })).body.data.documentId as string;
    expect(await titles()).toEqual(['First']);
    await warm(() => admin.get('/api/articles?status=published&sort=title'));
    await t.app.documents('api::article.article').publish({ documentId: draft });
    expect(await titles()).toEqual(['First', 'Second']);
    await t.app.documents('api::article.article').unpublish({ documentId: draft });
    expect(await titles()).toEqual(['First']);

    await admin.put(`/api/articles/${article}?status=draft`, { data: { title: 'First, edited' } });
    await warm(() => admin.get('/api/articles?status=draft&sort=title'));
    await t.app.documents('api::article.article').discardDraft({ documentId: article });
    expect(await titles('draft')).toEqual(['First', 'Second']);

    const tag = (await admin.post('/api/tags', { data: { name: 'gone soon' } })).body.data.documentId as string;
    const listed = await warm(() => anonymous.get('/api/tags'));
    expect((listed.body.data as Array<{ documentId: string }>).map((entry) => entry.documentId)).toContain(tag);
    expect((await admin.delete(`/api/tags/${tag}`)).status).toBe(204);
    expect(((await anonymous.get('/api/tags')).body.data as Array<{ documentId: string }>).map((entry) => entry.documentId)).not.toContain(tag);
    expect((await anonymous.get(`/api/tags/${tag}`)).status).toBe(404);
  });

  it('writes through the document service and uploads are seen by the next read', async () => {
    await warm(() => anonymous.get(`/api/categories/${category}`));
    await t.app.documents('api::category.category').update({ documentId: category, data: { name: 'Birds' } });
    expect((await anonymous.get(`/api/categories/${category}`)).body.data.name).toBe('Birds');

    const uploaded = await uploadFile(t.url, 'cover.png', pngBytes(4, 4), { alternativeText: 'before' }, t.authHeaders);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const file = uploaded.body[0] as { id: number };
    await admin.put(`/api/articles/${article}`, { data: { cover: file.id } });
    const withCover = `/api/articles/${article}?populate[cover]=true`;
    expect((await warm(() => anonymous.get(withCover))).body.data.cover.alternativeText).toBe('before');
    await t.app.uploads.updateInfo(file.id, { alternativeText: 'after' });
    expect((await anonymous.get(withCover)).body.data.cover.alternativeText).toBe('after');
  });

  it('GraphQL queries are cached and see writes at the next query', async () => {
    const query = `{ category(id: "${category}") { data { attributes { name } } } }`;
    const first = await graphql(query);
    expect(first.body.data.category.data.attributes.name).toBe('Birds');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await graphql(query);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    await graphql(`mutation { updateCategory(id: "${category}", data: { name: "Fish" }) { data { id } } }`, t.authHeaders);
    expect((await graphql(query)).body.data.category.data.attributes.name).toBe('Fish');
  });

  it('a permission change shows at the next request, cached answers or not', async () => {
    await warm(() => anonymous.get(ARTICLE_WITH_CATEGORY));
    const categoryReads = ['api::category.category.find', 'api::category.category.findOne'];
    await t.app.permissions.revoke('public', categoryReads);
    try {
      // populate through a type the caller may not read is dropped, as Strapi does
      const pruned = await anonymous.get(ARTICLE_WITH_CATEGORY);
      expect(pruned.status).toBe(200);
      expect(pruned.body.data[0].category).toBeUndefined();
      expect((await anonymous.get(`/api/categories/${category}`)).status).toBe(401);
    } finally {
      await t.app.permissions.grant('public', categoryReads);
    }
    expect((await anonymous.get(ARTICLE_WITH_CATEGORY)).body.data[0].category.name).toBe('Fish');
  });

  it('a write by the CLI (the role command, as `vellum role` runs it) replaces the stamp and shows at the next read', async () => {
    const stamp = async () => String((await t.app.db.knex('vellum_content_state').first('stamp')).stamp);
    await warm(() => anonymous.get(ARTICLE_WITH_CATEGORY));
    const before = await stamp();
    const io = { out: () => undefined, err: () => undefined };
    const cli = (...args: string[]) => roleCommand([args[0] ?? '', '--dir', t.dir, ...args.slice(1)], io, { NODE_ENV: 'test', ...databaseEnv(t.app.config.database) });
    expect(await cli('revoke', 'public', 'api::category.category.find')).toBe(0);
    try {
      expect(await stamp()).not.toBe(before);
      const read = await anonymous.get(ARTICLE_WITH_CATEGORY);
      expect(read.headers.get('x-cache')).toBe('MISS');
      expect(read.body.data[0].category).toBeUndefined();
    } finally {
      expect(await cli('grant', 'public', 'api::category.category.find')).toBe(0);
    }
  });

  it('callers with other rights get their own answers: tokens of other permissions, drafts', async () => {
    const narrow = (await t.app.tokens.create({ name: 'articles only', type: 'custom', permissions: ['api::article.article.find'] })).accessKey;
    const withCategory = await warm(() => admin.get(ARTICLE_WITH_CATEGORY));
    expect(withCategory.body.data[0].category.name).toBe('Fish');
    const narrowed = await request(`${t.url}${ARTICLE_WITH_CATEGORY}`, { headers: { authorization: `Bearer ${narrow}` } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data[0].category).toBeUndefined();
    expect((await request(`${t.url}/api/categories`, { headers: { authorization: `Bearer ${narrow}` } })).status).toBe(403);

    // the token reads drafts; anonymous callers are refused them, cached answer or not
    await warm(() => admin.get('/api/articles?status=draft'));
    expect((await anonymous.get('/api/articles?status=draft')).status).toBe(401);
  });

  it('ETag on every GET; If-None-Match naming it is a 304 without a body until the data changes', async () => {
    const first = await anonymous.get('/api/categories');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const categories = `${t.url}/api/categories`;
    const notModified = await conditionalGet(categories, { 'if-none-match': etag });
    expect(notModified).toEqual({ status: 304, text: '', etag });
    expect((await conditionalGet(categories, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await conditionalGet(categories, { 'if-none-match': '"other"' })).status).toBe(200);
    // an end-to-end reload asks for the whole answer
    expect((await conditionalGet(categories, { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);
    await admin.put(`/api/categories/${category}`, { data: { name: 'Whales' } });
    const changed = await conditionalGet(categories, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect(JSON.parse(changed.text).data[0].name).toBe('Whales');
    // writes and errors carry no tag
    expect((await admin.post('/api/tags', { data: { name: 'tagged' } })).headers.get('etag')).toBeNull();
    expect((await anonymous.get('/api/categories/nope')).headers.get('etag')).toBeNull();
  });

  it('concurrent writes, each replacing the stamp, all succeed; the next read shows every one', async () => {
    await warm(() => anonymous.get('/api/tags?sort=name&pagination[pageSize]=100'));
    const names = Array.from({ length: 8 }, (_, i) => `concurrent ${i}`);
    const created = await Promise.all(names.map((name) => admin.post('/api/tags', { data: { name } })));
    expect(created.map((res) => res.status)).toEqual(names.map(() => 201));
    const listed = ((await anonymous.get('/api/tags?sort=name&pagination[pageSize]=100')).body.data as Array<{ name: string }>).map((tag) => tag.name);
    expect(listed).toEqual(expect.arrayContaining(names));
  });

  it('private routes are not cached: /api/users/me', async () => {
    await t.app.permissions.grant('authenticated', ['plugin::users-permissions.user.me']);
    const registered = await request(`${t.url}/api/auth/local/register`, { method: 'POST', json: { username: 'cached', email: 'cached@example.com', password: 'long enough' } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const me = await request(`${t.url}/api/users/me`, { headers: { authorization: `Bearer ${registered.body.jwt}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-cache')).toBeNull();
    expect(me.headers.get('etag')).toMatch(/^W\//);
  });
});

describeEachDialect('ETag without the response cache', (dialect) => {
  const t = useTestApp({ dialect });
  it('tags GET answers, answers 304 to a matching If-None-Match, and sends no X-Cache', async () => {
    const first = await request(`${t.url}/api/tags`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('x-cache')).toBeNull();
    expect(await conditionalGet(`${t.url}/api/tags`, { 'if-none-match': etag })).toEqual({ status: 304, text: '', etag });
    // with the cache off, writes replace no stamp: they cost nothing more
    expect((await request(`${t.url}/api/tags`, { method: 'POST', json: { data: { name: 'unstamped' } }, headers: t.authHeaders })).status).toBe(201);
    expect(Number((await t.app.db.knex('vellum_content_state').count({ n: '*' }))[0]?.n)).toBe(0);
  });
});

describeEachDialect('response cache in Redis, two instances on one database', (dialect) => {
  const keyPrefix = `vellum-test:${randomUUID()}`;
  const redis = { 'config/api.json': JSON.stringify({ rest: { cache: { enabled: true, store: 'redis', redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix } } }) };
  const a = useTestApp({ dialect, files: redis });
  let b: { app: VellumApp; url: string } | undefined;
  beforeAll(async () => {
    // same project directory (config, secrets), same database, another port
    const app = await createApp({ dir: a.dir, env: { NODE_ENV: 'test', ...databaseEnv(a.app.config.database) }, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    b = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  });
  afterAll(async () => {
    await b?.app.stop();
  });
  const onA = client(() => a.url, () => a.authHeaders);
  const onB = client(() => b?.url ?? '', () => a.authHeaders);

  it('shares answers between instances and invalidates them on both after a write on either', async () => {
    const category = (await onA.post('/api/categories', { data: { name: 'Shared' } })).body.data.documentId as string;
    await onA.post('/api/articles', { data: { title: 'Across', category } });
    const path = '/api/articles?populate[category]=true';
    const missOnA = await onA.get(path);
    expect(missOnA.headers.get('x-cache')).toBe('MISS');
    const hitOnB = await onB.get(path);
    expect(hitOnB.headers.get('x-cache')).toBe('HIT');
    expect(hitOnB.body).toEqual(missOnA.body);
    expect(hitOnB.body.data[0].category.name).toBe('Shared');

    // a REST write on B: A's next read is a miss with the new data
    await onB.put(`/api/categories/${category}`, { data: { name: 'Renamed on B' } });
    const afterB = await onA.get(path);
    expect(afterB.headers.get('x-cache')).toBe('MISS');
    expect(afterB.body.data[0].category.name).toBe('Renamed on B');
    expect((await onB.get(path)).headers.get('x-cache')).toBe('HIT');

    // a document-service write on A: B's next read has it
    await a.app.documents('api::category.category').update({ documentId: category, data: { name: 'Renamed on A' } });
    expect((await onB.get(path)).body.data[0].category.name).toBe('Renamed on A');
    expect((await onB.get(`/api/categories/${category}`)).body.data.name).toBe('Renamed on A');
  });
});
