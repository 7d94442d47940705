/**
 * The v4 GraphQL i18n extension over real HTTP on every dialect, on the localized `page` type of
 * test/fixtures/i18n/page-schema.json: the `locale: I18NLocaleCode` argument of queries and
 * mutations, `locale` and `localizations` fields (with filters, sort, pagination and
 * publicationState), `create<Type>Localization`, the `I18NLocale` queries and bad locales.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { statementCount } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { graphql } from '../graphql/graphql-helpers.js';

const PAGE_SCHEMA = readFileSync(fileURLToPath(new URL('../fixtures/i18n/page-schema.json', import.meta.url)), 'utf8');
const PLUGINS = `export default { i18n: { config: { locales: ['fr', 'de'] } } };\n`;
const BANNER = JSON.stringify({
  kind: 'singleType', collectionName: 'banners', info: { singularName: 'banner', pluralName: 'banners', displayName: 'Banner' },
  options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: true } },
  attributes: { text: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
});

interface PageEntity { id: string; attributes: { title: string; locale: string; views: number | null; localizations?: { data: Array<{ id: string; attributes: { title: string; locale: string } }> } } }

describeEachDialect('i18n GraphQL', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'src/api/page/content-types/page/schema.json': PAGE_SCHEMA, 'src/api/banner/content-types/banner/schema.json': BANNER, 'config/plugins.ts': PLUGINS },
  });
  const gql = graphql(() => t.url, '/graphql', () => t.authHeaders);
  const anonymous = graphql(() => t.url);
  let documentId = '';

  beforeAll(async () => {
    const created = await gql.data<{ createPage: { data: PageEntity } }>(
      'mutation { createPage(data: { title: "Hello", views: 4, publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id attributes { title locale views } } } }',
    );
    documentId = created.createPage.data.id;
    expect(created.createPage.data.attributes).toEqual({ title: 'Hello', locale: 'en', views: 4 });
    const fr = await gql.data<{ createPageLocalization: { data: PageEntity } }>(
      'mutation($id: ID) { createPageLocalization(id: $id, locale: "fr", data: { title: "Bonjour", publishedAt: "2024-01-01T00:00:00.000Z" }) { data { id attributes { title locale views } } } }',
      { id: documentId },
    );
    // one document: the same id, shared `views` taken from the en version
    expect(fr.createPageLocalization.data).toEqual({ id: documentId, attributes: { title: 'Bonjour', locale: 'fr', views: 4 } });
  });

  it('reads one locale per query with the locale argument (default locale when absent, all = every locale)', async () => {
    const list = async (args: string): Promise<string[]> =>
      (await gql.data<{ pages: { data: PageEntity[] } }>(`{ pages${args} { data { attributes { title locale } } } }`)).pages.data.map((e) => `${e.attributes.locale}:${e.attributes.title}`).sort();
    expect(await list('')).toEqual(['en:Hello']);
    expect(await list('(locale: "fr")')).toEqual(['fr:Bonjour']);
    expect(await list('(locale: "all")')).toEqual(['en:Hello', 'fr:Bonjour']);
    expect(await list('(locale: "all", filters: { locale: { eq: "fr" } })')).toEqual(['fr:Bonjour']);
    expect(await list('(locale: "de")')).toEqual([]);
    const one = await gql.data<{ page: { data: PageEntity } }>('query($id: ID, $locale: I18NLocaleCode) { page(id: $id, locale: $locale) { data { id attributes { title locale } } } }', { id: documentId, locale: 'fr' });
    expect(one.page.data).toEqual({ id: documentId, attributes: { title: 'Bonjour', locale: 'fr' } });
    const missing = await gql.data<{ page: { data: PageEntity | null } }>(`{ page(id: "${documentId}", locale: "de") { data { id } } }`);
    expect(missing.page.data).toBeNull();
  });

  it('populates localizations (the other locales) with filters and publicationState, and filters through them', async () => {
    const res = await gql.data<{ pages: { data: PageEntity[] } }>(
      '{ pages(locale: "fr") { data { id attributes { title localizations { data { id attributes { title locale } } } } } } }',
    );
    expect(res.pages.data).toEqual([{ id: documentId, attributes: { title: 'Bonjour', localizations: { data: [{ id: documentId, attributes: { title: 'Hello', locale: 'en' } }] } } }]);

    const filtered = await gql.data<{ pages: { data: PageEntity[] } }>(
      '{ pages { data { attributes { localizations(filters: { locale: { eq: "de" } }) { data { id } } } } } }',
    );
    expect(filtered.pages.data[0]?.attributes.localizations?.data).toEqual([]);

    // a draft-only de version: seen with publicationState PREVIEW only
    await gql.data('mutation($id: ID) { createPageLocalization(id: $id, locale: "de", data: { title: "Hallo" }) { data { id } } }', { id: documentId });
    const states = await gql.data<{ pages: { data: PageEntity[] } }>(
      '{ pages { data { attributes { live: localizations { data { attributes { locale } } } preview: localizations(publicationState: PREVIEW, sort: "locale:asc") { data { attributes { locale } } } } } } }',
    );
    const attributes = states.pages.data[0]?.attributes as unknown as Record<string, { data: Array<{ attributes: { locale: string } }> }>;
    expect(attributes['live']?.data.map((e) => e.attributes.locale)).toEqual(['fr']);
    expect(attributes['preview']?.data.map((e) => e.attributes.locale)).toEqual(['de', 'fr']);
    // anonymous callers never read drafts, not through localizations either
    const refused = await anonymous.post('{ pages { data { attributes { localizations(publicationState: PREVIEW) { data { id } } } } } }');
    expect(refused.body.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');

    // alias variants are loaded apart, from the parents in the root query's locale
    const aliases = await gql.data<{ pages: { data: Array<{ attributes: Record<string, { data: Array<{ attributes: { title: string } }> }> }> } }>(
      '{ pages(locale: "fr") { data { attributes { a: localizations(filters: { locale: { eq: "de" } }) { data { attributes { title } } } b: localizations(filters: { locale: { eq: "en" } }) { data { attributes { title } } } } } } }',
    );
    expect(aliases.pages.data.map((e) => [e.attributes['a']?.data.length, e.attributes['b']?.data.map((l) => l.attributes.title)])).toEqual([[0, ['Hello']]]);

    const through = await gql.data<{ pages: { data: PageEntity[] } }>('{ pages(filters: { localizations: { title: { eq: "Bonjour" } } }) { data { attributes { title } } } }');
    expect(through.pages.data.map((e) => e.attributes.title)).toEqual(['Hello']);
    const none = await gql.data<{ pages: { data: PageEntity[] } }>('{ pages(filters: { localizations: { title: { eq: "Hello" } } }) { data { id } } }');
    expect(none.pages.data).toEqual([]);
  });

  it('writes one locale with update and delete; createLocalization refuses a used locale and an unknown document', async () => {
    const updated = await gql.data<{ updatePage: { data: PageEntity } }>(
      'mutation($id: ID!) { updatePage(id: $id, locale: "fr", data: { title: "Salut", views: 8 }) { data { attributes { title locale views } } } }',
      { id: documentId },
    );
    expect(updated.updatePage.data.attributes).toEqual({ title: 'Salut', locale: 'fr', views: 8 });
    // the shared attribute follows in en; en's title stays
    const en = await gql.data<{ page: { data: PageEntity } }>(`{ page(id: "${documentId}") { data { attributes { title views } } } }`);
    expect(en.page.data.attributes).toEqual({ title: 'Hello', views: 8 });

    const used = await gql.post(`mutation { createPageLocalization(id: "${documentId}", locale: "fr", data: { title: "Encore" }) { data { id } } }`);
    expect(used.body.errors?.[0]).toMatchObject({ message: 'locale is already used', extensions: { code: 'BAD_USER_INPUT' } });
    const unknown = await gql.post('mutation { createPageLocalization(id: "nope", locale: "de", data: { title: "x" }) { data { id } } }');
    expect(unknown.body.errors?.[0]?.extensions?.['code']).toBe('NOT_FOUND');
    const noLocale = await gql.post(`mutation { createPageLocalization(id: "${documentId}", data: { title: "x" }) { data { id } } }`);
    expect(noLocale.body.errors?.[0]).toMatchObject({ message: 'locale is missing', extensions: { code: 'BAD_USER_INPUT' } });

    const created = await gql.data<{ createPage: { data: PageEntity } }>('mutation { createPage(locale: "de", data: { title: "Nur deutsch" }) { data { id attributes { locale } } } }');
    expect(created.createPage.data.attributes.locale).toBe('de');
    const deleted = await gql.data<{ deletePage: { data: PageEntity } }>(
      `mutation { deletePage(id: "${created.createPage.data.id}", locale: "de") { data { attributes { title locale } } } }`,
    );
    expect(deleted.deletePage.data.attributes).toEqual({ title: 'Nur deutsch', locale: 'de' });
    const left = await gql.data<{ pages: { data: PageEntity[] } }>('{ pages(locale: "all", publicationState: PREVIEW) { data { id } } }');
    expect(new Set(left.pages.data.map((e) => e.id))).toEqual(new Set([documentId]));
  });

  it('a list with locale costs no extra statement; localizations cost one, whatever the number of entries', async () => {
    const cost = async (query: string): Promise<number> => {
      const res = await gql.post(query);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return statementCount(res.headers);
    };
    const plain = await cost('{ pages { data { id } } }');
    expect(await cost('{ pages(locale: "fr") { data { id } } }')).toBe(plain);
    expect(await cost('{ pages(locale: "all") { data { id } } }')).toBe(plain);
    expect(await cost('{ pages(locale: "all") { data { attributes { localizations { data { id } } } } } }')).toBe(plain + 1);
  });

  it('refuses an unknown or malformed locale with BAD_USER_INPUT naming locale', async () => {
    for (const query of ['{ pages(locale: "xx") { data { id } } }', '{ pages(locale: "not a locale") { data { id } } }', 'mutation { createPage(locale: "xx", data: { title: "x" }) { data { id } } }', `{ page(id: "${documentId}", locale: "all") { data { id } } }`]) {
      const res = await gql.post(query);
      expect(res.body.errors?.[0]?.extensions?.['code'], query).toBe('BAD_USER_INPUT');
      expect(res.body.errors?.[0]?.message, query).toMatch(/locale/);
    }
    const notString = await gql.post('{ pages(locale: 3) { data { id } } }');
    expect(notString.body.errors?.[0]?.message).toMatch(/Locale cannot represent non string type/);
  });

  it('createLocalization needs the create permission', async () => {
    const other = await gql.data<{ createPage: { data: PageEntity } }>('mutation { createPage(data: { title: "Other" }) { data { id } } }');
    const id = other.createPage.data.id;
    const res = await anonymous.post(`mutation { createPageLocalization(id: "${id}", locale: "fr", data: { title: "Autre" }) { data { attributes { locale } } } }`);
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    await t.app.permissions.revoke('public', ['api::page.page.create']);
    try {
      const denied = await anonymous.post(`mutation { createPageLocalization(id: "${id}", locale: "de", data: { title: "Andere" }) { data { id } } }`);
      expect(denied.body.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    } finally {
      await t.app.permissions.grant('public', ['api::page.page.create']);
    }
  });

  it('reads, writes and deletes one locale of a localized single type', async () => {
    await gql.data('mutation { updateBanner(data: { text: "Welcome" }) { data { id } } }');
    const fr = await gql.data<{ updateBanner: { data: { attributes: { text: string; locale: string } } } }>('mutation { updateBanner(locale: "fr", data: { text: "Bienvenue" }) { data { attributes { text locale } } } }');
    expect(fr.updateBanner.data.attributes).toEqual({ text: 'Bienvenue', locale: 'fr' });
    const read = async (locale: string): Promise<string | null> =>
      (await gql.data<{ banner: { data: { attributes: { text: string } } | null } }>(`{ banner(locale: "${locale}") { data { attributes { text } } } }`)).banner.data?.attributes.text ?? null;
    expect([await read('en'), await read('fr'), await read('de')]).toEqual(['Welcome', 'Bienvenue', null]);
    await gql.data('mutation { deleteBanner(locale: "fr") { data { id } } }');
    expect([await read('en'), await read('fr')]).toEqual(['Welcome', null]);
  });

  it('lists the locales as I18NLocale entities', async () => {
    const res = await anonymous.post<{ i18NLocales: { data: Array<{ id: string; attributes: { code: string; name: string } }>; meta: { pagination: { total: number } } } }>(
      '{ i18NLocales(sort: "code:asc") { data { id attributes { code name } } meta { pagination { total } } } }',
    );
    expect(res.body.errors).toBeUndefined();
    const locales = res.body.data!.i18NLocales;
    expect(locales.data.map((l) => [l.attributes.code, l.attributes.name])).toEqual([['de', 'German (de)'], ['en', 'English (en)'], ['fr', 'French (fr)']]);
    expect(locales.meta.pagination.total).toBe(3);
    const filtered = await gql.data<{ i18NLocales: { data: Array<{ id: string }> } }>('{ i18NLocales(filters: { code: { in: ["fr", "de"] } }, pagination: { limit: 1 }) { data { id } } }');
    expect(filtered.i18NLocales.data).toHaveLength(1);
    const fr = locales.data.find((l) => l.attributes.code === 'fr')!;
    const one = await gql.data<{ i18NLocale: { data: { id: string; attributes: { code: string } } } }>(`{ i18NLocale(id: "${fr.id}") { data { id attributes { code } } } }`);
    expect(one.i18NLocale.data).toEqual({ id: fr.id, attributes: { code: 'fr' } });
  });
});
