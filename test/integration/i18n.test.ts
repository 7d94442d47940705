/**
 * Internationalization over real HTTP on every dialect: locales (`GET /api/i18n/locales`, the
 * bootstrap API), a localized type (test/fixtures/i18n/page-schema.json: `title` and `code`
 * localized, `views` shared, `slug` a uid, draft & publish) through REST and the document
 * service, shared attributes, uniqueness per locale, drafts per locale, bad `locale` values and
 * the statement cost of a list with `locale`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, statementCount } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const PAGE_SCHEMA = readFileSync(fileURLToPath(new URL('../fixtures/i18n/page-schema.json', import.meta.url)), 'utf8');
const PLUGINS = `export default { i18n: { config: { locales: ['fr', 'pt-BR'] } } };\n`;

describeEachDialect('i18n', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'src/api/page/content-types/page/schema.json': PAGE_SCHEMA, 'config/plugins.ts': PLUGINS },
  });
  const api = client(() => t.url, () => t.authHeaders);

  beforeAll(async () => {
    // each test starts from no pages
    await t.app.documents('api::page.page').delete({ documentId: '-', locale: '*' });
  });

  it('lists the locales as Strapi does: en default, the configured ones added', async () => {
    const res = await api.get('/api/i18n/locales');
    expect(res.status).toBe(200);
    expect(res.body.map((l: { code: string; name: string; isDefault: boolean }) => [l.code, l.name, l.isDefault])).toEqual([
      ['en', 'English (en)', true], ['fr', 'French (fr)', false], ['pt-BR', 'Brazilian Portuguese (pt-BR)', false],
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['code', 'createdAt', 'documentId', 'id', 'isDefault', 'name', 'publishedAt', 'updatedAt']);
  });

  it('creates, reads, lists and deletes versions per locale under one documentId', async () => {
    const en = await api.post('/api/pages?status=published', { data: { title: 'Hello', code: 'c1', views: 3 } });
    expect(en.status, JSON.stringify(en.body)).toBe(201);
    expect(en.body.data).toMatchObject({ title: 'Hello', slug: 'hello', locale: 'en', views: 3 });
    const { documentId } = en.body.data;

    const fr = await api.put(`/api/pages/${documentId}?locale=fr&status=published`, { data: { title: 'Bonjour' } });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    // shared `views` comes from the en version; the uid is per locale
    expect(fr.body.data).toMatchObject({ documentId, title: 'Bonjour', slug: 'bonjour', locale: 'fr', views: 3 });

    expect((await api.get(`/api/pages/${documentId}`)).body.data).toMatchObject({ title: 'Hello', locale: 'en' });
    expect((await api.get(`/api/pages/${documentId}?locale=fr`)).body.data).toMatchObject({ title: 'Bonjour', locale: 'fr' });
    expect((await api.get(`/api/pages/${documentId}?locale=pt-BR`)).status).toBe(404);

    const list = async (query: string): Promise<string[]> =>
      (await api.get(`/api/pages?${query}`)).body.data.map((e: { title: string; locale: string }) => `${e.locale}:${e.title}`).sort();
    expect(await list('')).toEqual(['en:Hello']);
    expect(await list('locale=fr')).toEqual(['fr:Bonjour']);
    expect(await list('locale=*')).toEqual(['en:Hello', 'fr:Bonjour']);
    expect(await list('locale=*&filters[locale][$eq]=fr')).toEqual(['fr:Bonjour']);
    expect((await api.get('/api/pages?locale=*')).body.meta.pagination.total).toBe(2);

    // shared attributes stay in sync on every write
    await api.put(`/api/pages/${documentId}?locale=fr&status=published`, { data: { views: 9 } });
    expect((await api.get(`/api/pages/${documentId}`)).body.data.views).toBe(9);

    expect((await api.delete(`/api/pages/${documentId}?locale=fr`)).status).toBe(204);
    expect(await list('locale=*')).toEqual(['en:Hello']);
    expect((await api.delete(`/api/pages/${documentId}?locale=*`)).status).toBe(204);
    expect(await list('locale=*')).toEqual([]);
  });

  it('POST ?locale=fr creates a document in fr; unique attributes are unique per locale', async () => {
    const fr = await api.post('/api/pages?locale=fr', { data: { title: 'Salut', code: 'same' } });
    expect(fr.status, JSON.stringify(fr.body)).toBe(201);
    expect(fr.body.data).toMatchObject({ locale: 'fr', title: 'Salut' });
    const en = await api.post('/api/pages', { data: { title: 'Hi', code: 'same' } });
    expect(en.status, JSON.stringify(en.body)).toBe(201);
    const clash = await api.post('/api/pages?locale=fr', { data: { title: 'Autre', code: 'same' } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.details.errors[0].path).toEqual(['code']);
    await api.delete(`/api/pages/${fr.body.data.documentId}?locale=*`);
    await api.delete(`/api/pages/${en.body.data.documentId}?locale=*`);
  });

  it('publishes and unpublishes one locale, leaving the others as they were', async () => {
    const en = await api.post('/api/pages?status=draft', { data: { title: 'Draft en' } });
    const { documentId } = en.body.data;
    await api.put(`/api/pages/${documentId}?locale=fr&status=draft`, { data: { title: 'Brouillon fr' } });
    const docs = t.app.documents('api::page.page');
    const published = await docs.publish({ documentId, locale: 'fr' });
    expect(published).toMatchObject({ locale: 'fr', title: 'Brouillon fr' });
    expect(published?.publishedAt).toBeTypeOf('string');
    expect((await api.get(`/api/pages/${documentId}?locale=fr`)).status).toBe(200);
    expect((await api.get(`/api/pages/${documentId}`)).status).toBe(404);
    expect(await docs.count({ status: 'published', locale: '*' })).toBe(1);
    expect(await docs.count({ status: 'draft', locale: '*' })).toBe(2);
    expect((await docs.findMany({ locale: 'fr', status: 'published' })).map((e) => e.title)).toEqual(['Brouillon fr']);
    expect(await docs.findOne({ documentId, locale: 'en', status: 'published' })).toBeNull();
    await docs.unpublish({ documentId, locale: 'fr' });
    expect(await docs.count({ status: 'published', locale: '*' })).toBe(0);
    await docs.delete({ documentId, locale: '*' });
    expect(await docs.count({ locale: '*' })).toBe(0);
  });

  it('refuses an unknown or malformed locale with a 400 naming locale; ignores locale on other types', async () => {
    for (const bad of ['de', 'not a locale', '']) {
      const res = await api.get(`/api/pages?locale=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ name: 'ValidationError', details: { param: 'locale' } });
    }
    expect((await api.get('/api/pages?locale[0]=fr')).status).toBe(400);
    expect((await api.post('/api/pages?locale=de', { data: { title: 'x' } })).status).toBe(400);
    expect((await api.get('/api/pages/abc?locale=*')).status).toBe(400);
    const articles = await api.get('/api/articles?locale=de');
    expect(articles.status).toBe(200);
    expect(articles.body.data[0] ?? {}).not.toHaveProperty('locale');
  });

  it('manages locales from bootstrap code: add, default, remove (refused while used or default)', async () => {
    const locales = t.app.plugin('i18n')?.service('locales');
    expect(locales).toBe(t.app.i18n);
    await t.app.i18n.create({ code: 'de' });
    expect((await api.get('/api/pages?locale=de')).status).toBe(200);
    await t.app.i18n.setDefaultLocale({ code: 'de' });
    expect(await t.app.i18n.getDefaultLocale()).toBe('de');
    const created = await api.post('/api/pages', { data: { title: 'Hallo' } });
    expect(created.body.data.locale).toBe('de');
    await expect(t.app.i18n.delete('de')).rejects.toThrow(/default locale/);
    await t.app.i18n.setDefaultLocale({ code: 'en' });
    await expect(t.app.i18n.delete('de')).rejects.toThrow(/still has content in api::page.page/);
    await api.delete(`/api/pages/${created.body.data.documentId}?locale=*`);
    await t.app.i18n.delete('de');
    expect((await api.get('/api/pages?locale=de')).status).toBe(400);
  });

  it('a list with locale costs no extra statement', async () => {
    const plain = await api.get('/api/pages');
    const localized = await api.get('/api/pages?locale=fr');
    const all = await api.get('/api/pages?locale=*');
    expect(statementCount(localized.headers)).toBe(statementCount(plain.headers));
    expect(statementCount(all.headers)).toBe(statementCount(plain.headers));
  });
});
