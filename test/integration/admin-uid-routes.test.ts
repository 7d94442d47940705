/**
 * The content manager's uid routes (src/admin/content-manager/uid-routes.ts) under the shipped
 * server on every dialect: `POST /content-manager/uid/generate` slugs the target field as Strapi
 * does and appends `-1`, `-2`, … past the taken values of that locale;
 * `POST /content-manager/uid/check-availability` answers `{ isAvailable, suggestion }`; bad input
 * is a 400 naming the key, an unknown type a 404, no admin token a 401.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { BLOG_EXAMPLE } from '../helpers/fixtures.js';
import { client, request } from '../helpers/http.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';
const schema = (name: string) => `src/api/${name}/content-types/${name}/schema.json`;

describeEachDialect('content-manager uid routes (shipped server)', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  let server: VellumProcess;
  let adminToken = '';
  const admin = client(() => server.url, () => ({ authorization: `Bearer ${adminToken}` }));
  const generate = (body: unknown) => admin.post('/content-manager/uid/generate', body);
  const check = (body: unknown) => admin.post('/content-manager/uid/check-availability', body);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const files: Record<string, string> = { 'config/plugins.js': "module.exports = { i18n: { config: { locales: ['fr'] } } };" };
    for (const name of ['article', 'page']) files[schema(name)] = await readFile(join(BLOG_EXAMPLE, schema(name)), 'utf8');
    // the article's relations and components point at types this project leaves out
    const article = JSON.parse(files[schema('article')]) as { attributes: Record<string, { type: string }> };
    for (const [name, attr] of Object.entries(article.attributes)) if (['relation', 'component', 'dynamiczone', 'media'].includes(attr.type)) delete article.attributes[name];
    files[schema('article')] = JSON.stringify(article);
    dir = await writeProject(files);
    server = await startVellumProcess(dir, { ...TEST_SECRETS, ...databaseEnv(database.config) });
    const registered = await request(`${server.url}/admin/register-admin`, { method: 'POST', json: { email: 'ada@example.com', password: 'Lovelace1815', firstname: 'Ada', lastname: 'Lovelace' } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    adminToken = registered.body.data.token;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('generates the slug of the target field, then the first free suffix', async () => {
    const first = await generate({ contentTypeUID: ARTICLE, field: 'slug', data: { title: 'Héllo, World!' } });
    expect([first.status, first.body]).toEqual([200, { data: 'hello-world' }]);
    for (const slug of ['hello-world', 'hello-world-1', 'hello-world-3']) {
      const created = await admin.post(`/content-manager/collection-types/${ARTICLE}`, { title: slug, slug });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect((await generate({ contentTypeUID: ARTICLE, field: 'slug', data: { title: 'Hello world' } })).body).toEqual({ data: 'hello-world-2' });
    // an empty target: the type's singular name
    expect((await generate({ contentTypeUID: ARTICLE, field: 'slug', data: { title: '' } })).body).toEqual({ data: 'article' });
  });

  it('checks availability, suggesting a free value', async () => {
    expect((await check({ contentTypeUID: ARTICLE, field: 'slug', value: 'hello-world' })).body).toEqual({ isAvailable: false, suggestion: 'hello-world-2' });
    expect((await check({ contentTypeUID: ARTICLE, field: 'slug', value: 'fresh-value' })).body).toEqual({ isAvailable: true, suggestion: null });
  });

  it('counts the values of the locale asked', async () => {
    const fr = await admin.post(`/content-manager/collection-types/${PAGE}?locale=fr`, { title: 'À propos', slug: 'a-propos' });
    expect(fr.status, JSON.stringify(fr.body)).toBe(201);
    expect((await check({ contentTypeUID: PAGE, field: 'slug', value: 'a-propos', locale: 'fr' })).body).toEqual({ isAvailable: false, suggestion: 'a-propos-1' });
    expect((await check({ contentTypeUID: PAGE, field: 'slug', value: 'a-propos', locale: 'en' })).body).toEqual({ isAvailable: true, suggestion: null });
    expect((await generate({ contentTypeUID: PAGE, field: 'slug', data: { title: 'À propos' }, locale: 'fr' })).body).toEqual({ data: 'a-propos-1' });
  });

  it('refuses bad input with a 400 naming the key, an unknown type with a 404, no admin token with a 401', async () => {
    const notUid = await generate({ contentTypeUID: ARTICLE, field: 'title', data: {} });
    expect([notUid.status, notUid.body.error.details.errors[0].path]).toEqual([400, ['field']]);
    const badValue = await check({ contentTypeUID: ARTICLE, field: 'slug', value: 'has spaces' });
    expect([badValue.status, badValue.body.error.details.errors[0].path]).toEqual([400, ['value']]);
    const badData = await generate({ contentTypeUID: ARTICLE, field: 'slug', data: 'x' });
    expect([badData.status, badData.body.error.details.errors[0].path]).toEqual([400, ['data']]);
    expect((await generate({ field: 'slug' })).status).toBe(400);
    expect((await generate({ contentTypeUID: 'api::nope.nope', field: 'slug', data: {} })).status).toBe(404);
    for (const body of [{ contentTypeUID: ARTICLE, field: 'slug', data: { title: 'x' } }, { contentTypeUID: 'api::nope.nope' }]) {
      const anonymous = await admin.post('/content-manager/uid/generate', body, { authorization: '' });
      expect([anonymous.status, anonymous.body.error.name]).toEqual([401, 'UnauthorizedError']);
    }
    expect((await admin.post('/content-manager/uid/check-availability', { contentTypeUID: ARTICLE, field: 'slug', value: 'x' }, { authorization: '' })).status).toBe(401);
  });
});
