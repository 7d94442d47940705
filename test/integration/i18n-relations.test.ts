/**
 * Localized content beyond scalars, over REST on every dialect: `populate[localizations]` (with
 * `fields` and nested `populate`) and `filters[localizations]`; relations to a localized type
 * read the target's version in the source's locale (default locale from a type that is not
 * localized); shared components, dynamic zones and media are copied to every locale on each
 * write, localized ones stay per locale.
 */
import { beforeAll, expect, it } from 'vitest';
import { uploadFile } from '../graphql/graphql-helpers.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, statementCount } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const localized = { i18n: { localized: true } };
const shared = { i18n: { localized: false } };

const GUIDE = {
  kind: 'collectionType', collectionName: 'guides',
  info: { singularName: 'guide', pluralName: 'guides', displayName: 'Guide' },
  options: { draftAndPublish: false }, pluginOptions: localized,
  attributes: {
    title: { type: 'string', pluginOptions: localized },
    seo: { type: 'component', component: 'shared.seo', pluginOptions: shared },
    intro: { type: 'component', component: 'shared.rich-text', pluginOptions: localized },
    blocks: { type: 'dynamiczone', components: ['shared.rich-text', 'shared.quote'], pluginOptions: shared },
    cover: { type: 'media', multiple: false, pluginOptions: shared },
    section: { type: 'relation', relation: 'manyToOne', target: 'api::section.section', inversedBy: 'guides' },
  },
};
const SECTION = {
  kind: 'collectionType', collectionName: 'sections',
  info: { singularName: 'section', pluralName: 'sections', displayName: 'Section' },
  options: { draftAndPublish: false }, pluginOptions: localized,
  attributes: {
    name: { type: 'string', pluginOptions: localized },
    guides: { type: 'relation', relation: 'oneToMany', target: 'api::guide.guide', mappedBy: 'section' },
  },
};
const BROCHURE = {
  kind: 'collectionType', collectionName: 'brochures',
  info: { singularName: 'brochure', pluralName: 'brochures', displayName: 'Brochure' },
  options: { draftAndPublish: true }, pluginOptions: localized,
  attributes: { title: { type: 'string', pluginOptions: localized }, seo: { type: 'component', component: 'shared.seo', pluginOptions: shared } },
};
const NOTE = {
  kind: 'collectionType', collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { text: { type: 'string' }, section: { type: 'relation', relation: 'manyToOne', target: 'api::section.section' } },
};

describeEachDialect('i18n relations and components', (dialect) => {
  const t = useTestApp({
    dialect,
    files: {
      'src/api/guide/content-types/guide/schema.json': JSON.stringify(GUIDE),
      'src/api/section/content-types/section/schema.json': JSON.stringify(SECTION),
      'src/api/note/content-types/note/schema.json': JSON.stringify(NOTE),
      'src/api/brochure/content-types/brochure/schema.json': JSON.stringify(BROCHURE),
      'config/plugins.ts': `export default { i18n: { config: { locales: ['fr', 'de'] } } };\n`,
    },
  });
  const api = client(() => t.url, () => t.authHeaders);
  let section = '';
  let guide = '';

  beforeAll(async () => {
    const en = await api.post('/api/sections', { data: { name: 'Basics' } });
    section = en.body.data.documentId;
    await api.put(`/api/sections/${section}?locale=fr`, { data: { name: 'Bases' } });
    const created = await api.post('/api/guides', { data: { title: 'Start', section, seo: { metaTitle: 'Start seo' }, intro: { body: 'Intro en' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    guide = created.body.data.documentId;
    const fr = await api.put(`/api/guides/${guide}?locale=fr`, { data: { title: 'Début', section, intro: { body: 'Intro fr' } } });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    await api.put(`/api/guides/${guide}?locale=de`, { data: { title: 'Anfang' } });
  });

  it('populates localizations with fields and nested populate', async () => {
    const res = await api.get(`/api/guides/${guide}?locale=fr&populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale&populate[localizations][populate][section][fields][0]=name&populate[localizations][sort]=locale:asc`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.localizations.map((l: { locale: string; title: string; section: { name: string } | null }) => [l.locale, l.title, l.section?.name ?? null]))
      .toEqual([['de', 'Anfang', null], ['en', 'Start', 'Basics']]);
    expect(Object.keys(res.body.data.localizations[0]).sort()).toEqual(['documentId', 'id', 'locale', 'section', 'title']);
    // a list: one statement for the localizations of every entry
    const all = await api.get('/api/guides?locale=*&populate=localizations');
    expect(all.body.data).toHaveLength(3);
    for (const entry of all.body.data) {
      expect(entry.localizations.map((l: { locale: string }) => l.locale).sort()).toEqual(['de', 'en', 'fr'].filter((c) => c !== entry.locale));
    }
    const plain = await api.get('/api/guides?locale=*');
    expect(statementCount(all.headers)).toBe(statementCount(plain.headers) + 1);
  });

  it('filters through localizations', async () => {
    const hit = await api.get('/api/guides?filters[localizations][title][$eq]=Début');
    expect(hit.body.data.map((e: { title: string }) => e.title)).toEqual(['Start']);
    const own = await api.get('/api/guides?locale=fr&filters[localizations][title][$eq]=Début');
    expect(own.body.data).toEqual([]);
    const bad = await api.get('/api/articles?populate=localizations');
    expect(bad.status).toBe(400);
  });

  it('reads a relation to a localized type in the source locale; the default locale from a type that is not localized', async () => {
    const name = async (path: string): Promise<unknown> => (await api.get(path)).body.data.section?.name ?? null;
    expect(await name(`/api/guides/${guide}?populate=section`)).toBe('Basics');
    expect(await name(`/api/guides/${guide}?locale=fr&populate=section`)).toBe('Bases');
    // de links no section of its own (relations are per locale); linked, it has no de version to show
    expect(await name(`/api/guides/${guide}?locale=de&populate=section`)).toBeNull();
    await api.put(`/api/guides/${guide}?locale=de`, { data: { section } });
    expect(await name(`/api/guides/${guide}?locale=de&populate=section`)).toBeNull();
    await api.put(`/api/sections/${section}?locale=de`, { data: { name: 'Grundlagen' } });
    expect(await name(`/api/guides/${guide}?locale=de&populate=section`)).toBe('Grundlagen');
    const note = await api.post('/api/notes?populate=section', { data: { text: 'n', section } });
    expect(note.body.data.section.name).toBe('Basics');
    // filters follow the same version
    expect((await api.get('/api/guides?locale=fr&filters[section][name][$eq]=Bases')).body.data).toHaveLength(1);
    expect((await api.get('/api/guides?locale=fr&filters[section][name][$eq]=Basics')).body.data).toHaveLength(0);
    // the inverse side lists the linking versions in the parent's locale, in lists of every locale too
    const inverse = await api.get(`/api/sections/${section}?locale=fr&populate[guides][fields][0]=title`);
    expect(inverse.body.data.guides.map((g: { title: string }) => g.title)).toEqual(['Début']);
    const all = await api.get('/api/sections?locale=*&fields[0]=locale&populate[guides][fields][0]=title&sort=locale');
    expect(all.body.data.map((s: { locale: string; guides: Array<{ title: string }> }) => [s.locale, s.guides.map((g) => g.title)]))
      .toEqual([['de', ['Anfang']], ['en', ['Start']], ['fr', ['Début']]]);
    expect((await api.get('/api/sections?locale=fr&filters[guides][title][$eq]=Start')).body.data).toEqual([]);
    expect((await api.get('/api/sections?locale=fr&filters[guides][title][$eq]=Début')).body.data).toHaveLength(1);
  });

  it('keeps shared components, zones and media equal in every locale, localized ones per locale', async () => {
    const file = await uploadFile(t.url, 'cover.png', t.authHeaders);
    const put = await api.put(`/api/guides/${guide}?locale=fr`, {
      data: { seo: { metaTitle: 'Shared seo' }, blocks: [{ __component: 'shared.rich-text', body: 'Block' }], cover: file.id, intro: { body: 'Intro fr 2' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = async (locale: string): Promise<Record<string, any>> =>
      (await api.get(`/api/guides/${guide}?locale=${locale}&populate[seo]=true&populate[intro]=true&populate[blocks]=true&populate[cover]=true`)).body.data;
    for (const locale of ['en', 'fr', 'de']) {
      const entry = await read(locale);
      expect(entry.seo.metaTitle, locale).toBe('Shared seo');
      expect(entry.blocks.map((b: { body: string }) => b.body), locale).toEqual(['Block']);
      expect(entry.cover?.id, locale).toBe(file.id);
    }
    expect((await read('en')).intro.body).toBe('Intro en');
    expect((await read('fr')).intro.body).toBe('Intro fr 2');
    expect((await read('de')).intro).toBeNull();

    // a new locale version takes the shared parts from the others
    await t.app.i18n.create({ code: 'it' });
    const it_ = await api.put(`/api/guides/${guide}?locale=it&populate=*`, { data: { title: 'Inizio' } });
    expect(it_.body.data.seo.metaTitle).toBe('Shared seo');
    expect(it_.body.data.cover.id).toBe(file.id);

    // clearing a shared media clears it everywhere; each locale keeps its own component rows
    await api.put(`/api/guides/${guide}`, { data: { cover: null } });
    expect((await read('fr')).cover).toBeNull();
    const ids = new Set(await Promise.all(['en', 'fr', 'de'].map(async (l) => (await read(l)).seo.id)));
    expect(ids.size).toBe(3);
  });

  it('with draft & publish: shared components follow per state, publishing copies them to the published versions', async () => {
    const docs = t.app.documents('api::brochure.brochure');
    const seo = async (locale: string, status: 'draft' | 'published'): Promise<string | null> => {
      const entry = await docs.findOne({ documentId, locale, status, populate: ['seo'] });
      return (entry?.['seo'] as { metaTitle: string } | null | undefined)?.metaTitle ?? null;
    };
    const en = await docs.create({ data: { title: 'Brochure', seo: { metaTitle: 'A' } } });
    const documentId = String(en.documentId);
    await docs.update({ documentId, locale: 'fr', data: { title: 'Brochure fr' } });
    expect(await seo('fr', 'draft')).toBe('A');
    await docs.update({ documentId, data: { seo: { metaTitle: 'B' } } });
    expect(await seo('fr', 'draft')).toBe('B');
    await docs.publish({ documentId, locale: 'fr' });
    await docs.publish({ documentId, locale: 'en' });
    expect([await seo('en', 'published'), await seo('fr', 'published')]).toEqual(['B', 'B']);
    // a draft change stays in the drafts until published
    await docs.update({ documentId, locale: 'fr', data: { seo: { metaTitle: 'C' } }, status: 'draft' });
    expect([await seo('en', 'draft'), await seo('fr', 'draft')]).toEqual(['C', 'C']);
    expect([await seo('en', 'published'), await seo('fr', 'published')]).toEqual(['B', 'B']);
    await docs.publish({ documentId, locale: 'en' });
    expect([await seo('en', 'published'), await seo('fr', 'published')]).toEqual(['C', 'C']);
    // the document service populates localizations too
    const withLocalizations = await docs.findOne({ documentId, locale: 'en', status: 'published', populate: ['localizations'] });
    expect((withLocalizations?.['localizations'] as Array<{ locale: string; title: string }>).map((l) => [l.locale, l.title])).toEqual([['fr', 'Brochure fr']]);
  });
});
