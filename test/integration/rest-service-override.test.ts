/**
 * The core controller routes through the project's service, as Strapi's does
 * (`strapi.service(uid).find(query)`): a core service whose `find`, `findOne`, `create`,
 * `update` or `delete` the project replaces takes effect for REST, with the request's caller
 * (permission check and sanitising still apply when the override calls `super`). Which services
 * count as overrides: src/strapi/rest/rest-parts.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const PROJECT = 'test/fixtures/strapi-project';

/** the category service of the fixture project, with every core method the core controller calls overridden */
const CATEGORY_SERVICE = `
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::category.category', ({ strapi }) => ({
  async find(params) {
    const { results, pagination } = await super.find(params);
    return { results: results.map((c) => ({ ...c, name: c.name.toUpperCase() })), pagination };
  },
  async findOne(documentId, params) {
    const entry = await super.findOne(documentId, params);
    return entry && { ...entry, viaService: true };
  },
  async create(params) {
    return super.create({ ...params, data: { ...params.data, name: params.data.name + ' (new)' } });
  },
  async update(documentId, params) {
    return super.update(documentId, { ...params, data: { ...params.data, name: params.data.name + ' (edited)' } });
  },
  async delete(documentId, params) {
    strapi.log.info('category service delete ' + documentId);
    return super.delete(documentId, params);
  },
}));
`;

/** a single type with a service and no route or controller file: the built-in routes become the core ones, through the service */
const SETTING_FILES = {
  'src/api/setting/content-types/setting/schema.json': JSON.stringify({
    kind: 'singleType',
    collectionName: 'settings',
    info: { singularName: 'setting', pluralName: 'settings', displayName: 'Setting' },
    options: { draftAndPublish: false },
    attributes: { motto: { type: 'string' } },
  }),
  'src/api/setting/services/setting.ts': `
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::setting.setting', () => ({
  async find(params) {
    const entry = await super.find(params);
    return entry && { ...entry, motto: entry.motto + '!' };
  },
  async createOrUpdate(params) {
    return super.createOrUpdate({ ...params, data: { motto: String(params.data.motto).trim() } });
  },
}));
`,
};

describeEachDialect('REST: the core controller calls project service overrides', (dialect) => {
  const app = useTestApp({ dialect, projectDir: PROJECT, access: 'locked', files: { 'src/api/category/services/category.ts': CATEGORY_SERVICE, ...SETTING_FILES } });
  const api = client(() => `${app.url}/api`);
  let admin: Record<string, string>;
  let news: string;
  beforeAll(async () => {
    admin = { authorization: `Bearer ${(await app.app.tokens.create({ name: 'admin', type: 'full-access' })).accessKey}` };
    await app.app.permissions.grant('public', ['api::category.category.find', 'api::category.category.findOne']);
    const created = await api.post('/categories', { data: { name: 'News' } }, admin);
    expect(created.status).toBe(201);
    news = created.body.data.documentId;
    const article = await api.post('/articles', { data: { title: 'Hidden', category: news } }, admin);
    expect(article.status).toBe(201);
  });

  it('create: the override changes the data, the answer is the core one (201)', async () => {
    const created = await api.post('/categories', { data: { name: 'Sport' } }, admin);
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('Sport (new)');
    expect((await api.get(`/categories/${news}`)).body.data.name).toBe('News (new)');
  });

  it('find: the override shapes the results; the caller is still sanitised (no articles.find: no articles populated)', async () => {
    const response = await api.get('/categories?sort=name&populate=articles');
    expect(response.status).toBe(200);
    expect(response.body.data.map((c: { name: string }) => c.name)).toEqual(['NEWS (NEW)', 'SPORT (NEW)']);
    expect(response.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    expect(response.body.data[0]).not.toHaveProperty('articles');
    const full = await api.get('/categories?sort=name&populate=articles', admin);
    expect(full.body.data[0].articles.map((a: { title: string }) => a.title)).toEqual(['Hidden']);
  });

  it('find: bad input is still a 400 naming the parameter', async () => {
    const response = await api.get('/categories?sort=nope');
    expect(response.status).toBe(400);
    expect(response.body.error.name).toBe('ValidationError');
  });

  it('findOne, update and delete through the overrides; a missing document is 404', async () => {
    const one = await api.get(`/categories/${news}`);
    expect(one.body.data).toMatchObject({ documentId: news, viaService: true });
    expect((await api.get('/categories/nope')).status).toBe(404);
    const updated = await api.put(`/categories/${news}`, { data: { name: 'Renamed' } }, admin);
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Renamed (edited)');
    expect((await api.put(`/categories/${news}`, { data: { name: 'x' } })).status).toBe(401);
    const sport = (await api.get('/categories?filters[name][$startsWith]=Sport')).body.data[0].documentId as string;
    expect((await api.delete(`/categories/${sport}`, admin)).status).toBe(204);
    expect(app.logs.some((line) => line.includes(`category service delete ${sport}`))).toBe(true);
    expect((await api.delete(`/categories/${sport}`, admin)).status).toBe(404);
  });

  it('the service from code runs with full access (no caller), as in Strapi', async () => {
    const service = app.app.service('api::category.category') as { find(p?: object): Promise<{ results: Array<{ name: string; articles?: unknown[] }> }> };
    const { results } = await service.find({ populate: ['articles'] });
    expect(results.map((c) => c.name)).toEqual(['RENAMED (EDITED)']);
    expect(results[0]?.articles).toHaveLength(1);
  });

  it('a single type: find and createOrUpdate overrides serve GET and PUT; the permission check stays', async () => {
    expect((await api.get('/setting')).status).toBe(401);
    const put = await api.put('/setting', { data: { motto: '  carpe diem ' } }, admin);
    expect(put.status).toBe(200);
    expect(put.body.data.motto).toBe('carpe diem');
    const read = await api.get('/setting', admin);
    expect(read.body.data.motto).toBe('carpe diem!');
  });
});
