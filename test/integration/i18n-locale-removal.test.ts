/**
 * `vellum locale remove CODE --force` deletes the locale's content with the locale, as Strapi's
 * locale deletion does: every version in CODE (drafts and published) of every localized type, their
 * component rows, relation and media links, and the links to documents that had no other locale; the
 * other locales' versions and the links to them stay. The command says what it deleted.
 */
import { expect, it } from 'vitest';
import type { Env } from '../../src/config/types.js';
import { COMPONENT_LINK_COLUMNS, LINK_COLUMNS, MEDIA_LINK_COLUMNS, MEDIA_LINK_TABLE, componentLinkTable, relationLinkTable } from '../../src/db/naming.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { localeCli } from '../helpers/locale-cli.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';
import { useTestApp } from '../helpers/test-app.js';

const GUIDE = JSON.stringify({
  kind: 'collectionType',
  collectionName: 'guides',
  info: { singularName: 'guide', pluralName: 'guides', displayName: 'Guide' },
  options: { draftAndPublish: true },
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    title: { type: 'string', required: true, pluginOptions: { i18n: { localized: true } } },
    seo: { type: 'component', component: 'shared.seo', pluginOptions: { i18n: { localized: true } } },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', pluginOptions: { i18n: { localized: true } } },
    cover: { type: 'media', multiple: false, allowedTypes: ['images'], pluginOptions: { i18n: { localized: true } } },
  },
});
// not localized: its links name guide documents, whatever their locales
const LINK = JSON.stringify({
  kind: 'collectionType',
  collectionName: 'links',
  info: { singularName: 'link', pluralName: 'links', displayName: 'Link' },
  options: { draftAndPublish: false },
  attributes: {
    label: { type: 'string' },
    guide: { type: 'relation', relation: 'manyToOne', target: 'api::guide.guide' },
  },
});

describeEachDialect('locale remove --force', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'src/api/guide/content-types/guide/schema.json': GUIDE, 'src/api/link/content-types/link/schema.json': LINK },
  });
  const env = (): Env => ({ ...process.env, NODE_ENV: 'test', ...databaseEnv(t.app.config.database) });
  const api = client(() => t.url, () => t.authHeaders);
  const locale = localeCli(() => t.dir, env);
  const count = async (table: string, where: (q: ReturnType<typeof t.app.db.knex>) => unknown = () => undefined): Promise<number> => {
    const query = t.app.db.knex(table).count({ n: '*' });
    where(query);
    const [row] = (await query) as Array<{ n: number | string }>;
    return Number(row?.n ?? 0);
  };

  it('deletes every version in the locale, with its components and links, and says so', async () => {
    await t.app.i18n.create({ code: 'pt-BR' });
    const guides = t.app.documents('api::guide.guide');
    const category = await t.app.documents('api::category.category').create({ data: { name: 'Docs', slug: 'docs' } });
    const uploaded = await uploadFile(t.url, 'cover.png', pngBytes(2, 2), undefined, t.authHeaders);
    expect(uploaded.status).toBe(201);
    const image = uploaded.body[0].id as number;
    const seo = (title: string, shareImage?: number) => ({ metaTitle: title, shareImage, social: [{ network: 'github', url: `https://github.example/${title}` }] });
    // both locales, published (a draft and a published row in each); the pt-BR seo has an image
    const shared = await guides.create({ data: { title: 'Start', seo: seo('start'), category: category.documentId, cover: image }, status: 'published' });
    await guides.update({ documentId: shared.documentId, locale: 'pt-BR', data: { title: 'Início', seo: seo('inicio', image), category: category.documentId, cover: image }, status: 'published' });
    // pt-BR only, a draft
    const only = await guides.create({ locale: 'pt-BR', data: { title: 'Rascunho', seo: seo('rascunho', image), category: category.documentId, cover: image } });
    const links = t.app.documents('api::link.link');
    await links.create({ data: { label: 'to shared', guide: shared.documentId } });
    await links.create({ data: { label: 'to pt-BR only', guide: only.documentId } });

    const locales = async (status: string) => (await api.get(`/api/guides?locale=*&status=${status}&sort=id`)).body.data.map((g: { locale: string }) => g.locale).sort();
    expect(await locales('draft')).toEqual(['en', 'pt-BR', 'pt-BR']);
    expect(await locales('published')).toEqual(['en', 'pt-BR']);
    const seoTable = t.app.registry.component('shared.seo').collectionName;
    const socialTable = t.app.registry.component('shared.social').collectionName;
    expect(await count(seoTable)).toBe(5);
    expect(await count(socialTable)).toBe(5);
    const mediaLinks = (type: string) => count(MEDIA_LINK_TABLE, (q) => q.where(MEDIA_LINK_COLUMNS.relatedType, type));
    expect(await mediaLinks('api::guide.guide')).toBe(5);
    expect(await mediaLinks('shared.seo')).toBe(3);

    const removed = await locale(['remove', 'pt-BR', '--force']);
    expect(removed.code, removed.errors.join('\n')).toBe(0);

    // the server sees it at its next request: pt-BR is unknown, and no pt-BR version is served under `*`
    expect((await api.get('/api/guides?locale=pt-BR')).status).toBe(400);
    expect(await locales('draft')).toEqual(['en']);
    expect(await locales('published')).toEqual(['en']);
    expect(await count('guides', (q) => q.where('locale', 'pt-BR'))).toBe(0);
    expect(await count('guides')).toBe(2);
    const enIds = (await t.app.db.knex('guides').select('id')).map((r: { id: number | string }) => Number(r.id));
    // the en versions keep their components (one seo with one social each); pt-BR's are gone
    expect(await count(seoTable)).toBe(2);
    expect(await count(socialTable)).toBe(2);
    // media links: the en versions' covers stay, every pt-BR one (the guides' and their seo's) is gone
    expect(await mediaLinks('api::guide.guide')).toBe(2);
    expect(await count(MEDIA_LINK_TABLE, (q) => q.where(MEDIA_LINK_COLUMNS.relatedType, 'api::guide.guide').whereNotIn(MEDIA_LINK_COLUMNS.related, enIds))).toBe(0);
    expect(await mediaLinks('shared.seo')).toBe(0);
    expect(await count(componentLinkTable('guides'), (q) => q.whereNotIn(COMPONENT_LINK_COLUMNS.entity, enIds))).toBe(0);
    expect(await count(relationLinkTable('guides', 'category'))).toBe(2);
    expect(await count(relationLinkTable('guides', 'category'), (q) => q.whereNotIn(LINK_COLUMNS.entity, enIds))).toBe(0);

    // a link to a document that still has a locale stays; a link to the document that is gone goes
    const linked = (await api.get('/api/links?populate=guide&sort=id')).body.data as Array<{ label: string; guide: { title: string } | null }>;
    expect(linked.map((l) => [l.label, l.guide?.title ?? null])).toEqual([['to shared', 'Start'], ['to pt-BR only', null]]);
    expect(await count('guides', (q) => q.where('document_id', only.documentId))).toBe(0);
    expect(await count(relationLinkTable('links', 'guide'))).toBe(1);
    // what the command said it deleted
    expect(removed.lines).toEqual([
      'Removed locale pt-BR.',
      'Deleted api::guide.guide: the pt-BR versions of 2 documents (3 rows); 1 document had no other locale and is deleted.',
    ]);
  });

  it('removes a locale nothing uses without --force, and says nothing was deleted', async () => {
    expect(await locale(['add', 'de'])).toMatchObject({ code: 0 });
    expect(await locale(['remove', 'de', '--force'])).toMatchObject({ code: 0, lines: ['Removed locale de.'] });
  });
});
