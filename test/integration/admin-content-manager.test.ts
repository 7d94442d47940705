/**
 * The content manager's admin API (`/content-manager/*`) under the shipped server (bin/vellum.js,
 * its own process) on every dialect: init, the list (paging, sort, `_q`, filters, locale, each
 * row's status) at a statement count that does not grow with the page, an entry with every
 * attribute kind created and read back through REST, relation options searched past the first
 * page, draft → publish → modify → discard → unpublish, bulk actions, validation errors naming
 * the field with nothing written, a locale version keeping the shared fields, single types, and
 * no access without an admin token.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { BLOG_EXAMPLE, BLOG_MODEL } from '../helpers/fixtures.js';
import { client, request, statementCount } from '../helpers/http.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const PAGE = 'api::page.page';
const TAGS = 25;
const ARTICLES = 60;

/** seeds tags and articles through the document service, and prints a full-access API token (REST read-back, uploads) */
const INDEX = `
module.exports = {
  async bootstrap({ strapi }) {
    const tags = strapi.documents('${TAG}');
    for (let i = 1; i <= ${TAGS}; i += 1) await tags.create({ data: { name: 'Tag ' + String(i).padStart(2, '0') } });
    const articles = strapi.documents('${ARTICLE}');
    for (let i = 1; i <= ${ARTICLES}; i += 1) {
      await articles.create({ data: { title: 'Seeded ' + String(i).padStart(3, '0'), views: i, tone: i % 2 === 0 ? 'serious' : 'playful' }, status: i <= 10 ? 'published' : 'draft' });
    }
    const token = await strapi.tokens.create({ name: 'rest', type: 'full-access' });
    console.log('REST_TOKEN=' + token.accessKey);
  },
};
`;

describeEachDialect('content-manager admin API (shipped server)', (dialect) => {
  let database: TestDatabase;
  let dir = '';
  let server: VellumProcess;
  let restToken = '';
  let adminToken = '';
  const admin = client(() => server.url, () => ({ authorization: `Bearer ${adminToken}` }));
  const rest = client(() => server.url, () => ({ authorization: `Bearer ${restToken}` }));
  const cm = (path: string) => `/content-manager/${path}`;
  const list = (uid: string, query = '') => admin.get(cm(`collection-types/${uid}${query ? `?${query}` : ''}`));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = await writeProject({
      'config/server.js': 'module.exports = { serverTiming: true };',
      'config/plugins.js': "module.exports = { i18n: { config: { locales: ['fr'] } } };",
      'src/index.js': INDEX,
      'src/api/homepage/content-types/homepage/schema.json': JSON.stringify({
        kind: 'singleType', collectionName: 'homepages', info: { singularName: 'homepage', pluralName: 'homepages', displayName: 'Homepage' },
        options: { draftAndPublish: true }, attributes: { headline: { type: 'string', required: true } },
      }),
      'src/api/page/content-types/page/schema.json': await readFile(join(BLOG_EXAMPLE, 'src/api/page/content-types/page/schema.json'), 'utf8'),
    });
    await cp(join(BLOG_MODEL, 'src'), join(dir, 'src'), { recursive: true });
    server = await startVellumProcess(dir, { ...TEST_SECRETS, ...databaseEnv(database.config) });
    restToken = /REST_TOKEN=(\S+)/.exec(server.output())![1]!;
    const registered = await request(`${server.url}/admin/register-admin`, { method: 'POST', json: { email: 'ada@example.com', password: 'Lovelace1815', firstname: 'Ada', lastname: 'Lovelace' } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    adminToken = registered.body.data.token;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('no admin token: 401 on every content-manager route; an API token is no admin credential', async () => {
    for (const path of ['init', `collection-types/${ARTICLE}`, `collection-types/${ARTICLE}/x`, `single-types/api::global.global`, `relations/${ARTICLE}/tags`]) {
      for (const authorization of ['', `Bearer ${restToken}`]) {
        const res = await admin.get(cm(path), { authorization });
        expect([res.status, res.body.error?.name], `${path} ${authorization}`).toEqual([401, 'UnauthorizedError']);
      }
    }
    const write = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'Anonymous' }, { authorization: '' });
    expect(write.status).toBe(401);
    expect((await admin.post(cm(`collection-types/${ARTICLE}/actions/bulkDelete`), { documentIds: ['x'] }, { authorization: '' })).status).toBe(401);
  });

  it('an Author creates and edits their own entries, cannot publish, and is refused (403) on another admin\'s entry', async () => {
    const roles = await admin.get('/admin/roles');
    const author = roles.body.data.find((r: any) => r.code === 'strapi-author');
    const invite = await admin.post('/admin/users', { email: 'grace@example.com', firstname: 'Grace', roles: [author.id] });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const registered = await request(`${server.url}/admin/register`, { method: 'POST', json: { registrationToken: invite.body.data.registrationToken, userInfo: { firstname: 'Grace', lastname: 'Hopper', password: 'Cobol-1959' } } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const as = { authorization: `Bearer ${registered.body.data.token}` };

    const others = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'By the Super Admin' });
    const own = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'By Grace' }, as);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const ownItem = cm(`collection-types/${ARTICLE}/${own.body.data.documentId}`);
    const othersItem = cm(`collection-types/${ARTICLE}/${others.body.data.documentId}`);
    expect((await admin.put(ownItem, { title: 'By Grace, edited' }, as)).body.data.title).toBe('By Grace, edited');
    const listed = await admin.get(cm(`collection-types/${ARTICLE}?pageSize=100`), as);
    expect(listed.body.results.map((r: any) => r.title)).toEqual(['By Grace, edited']);

    expect((await admin.get(othersItem, as)).status).toBe(403);
    expect((await admin.put(othersItem, { title: 'Taken over' }, as)).status).toBe(403);
    expect((await admin.delete(othersItem, as)).status).toBe(403);
    expect((await admin.post(`${ownItem}/actions/publish`, {}, as)).status).toBe(403);
    expect((await admin.post(`${ownItem}/actions/publish`, { title: 'Saved?' }, as)).status).toBe(403);
    expect((await admin.post(cm(`collection-types/${ARTICLE}/actions/publish`), { title: 'Published by Grace?' }, as)).status).toBe(403);
    expect((await admin.get(othersItem)).body.data.title).toBe('By the Super Admin');
    expect((await admin.get(ownItem)).body.data).toMatchObject({ title: 'By Grace, edited', status: 'draft' });
    expect((await list(ARTICLE, '_q=Grace')).body.results.map((r: any) => r.title)).toEqual(['By Grace, edited']);
    await admin.post(cm(`collection-types/${ARTICLE}/actions/bulkDelete`), { documentIds: [own.body.data.documentId, others.body.data.documentId] });
  });

  it('init: content types and components with attributes, main field and list layout', async () => {
    const res = await admin.get(cm('init'));
    expect(res.status).toBe(200);
    const article = res.body.data.contentTypes.find((t: any) => t.uid === ARTICLE);
    expect(article).toMatchObject({ kind: 'collectionType', mainField: 'title', isDisplayed: true, info: { displayName: 'Article', pluralName: 'articles' } });
    expect(article.attributes.title).toEqual({ type: 'string', required: true, maxLength: 200 });
    expect(res.body.data.components.map((c: any) => c.uid)).toContain('shared.seo');
  });

  it('list: drafts by default, paged, sorted, searched, filtered, each row with its status and only its columns', async () => {
    const first = await list(ARTICLE);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 6, total: ARTICLES });
    expect(first.body.results.map((r: any) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Seeded ${String(i + 1).padStart(3, '0')}`));
    expect(first.body.results[0]).toMatchObject({ status: 'published', publishedAt: null });
    expect(first.body.results[9].status).toBe('published');
    expect(first.body.results).not.toContainEqual(expect.objectContaining({ summary: expect.anything() }));
    expect(Object.keys(first.body.results[0]).sort()).toEqual(['createdAt', 'documentId', 'id', 'publishedAt', 'slug', 'status', 'title', 'updatedAt', 'views'].sort());

    const third = await list(ARTICLE, 'page=3&pageSize=25&sort=views:DESC');
    expect(third.body.pagination).toEqual({ page: 3, pageSize: 25, pageCount: 3, total: ARTICLES });
    expect(third.body.results.map((r: any) => r.views)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(third.body.results.map((r: any) => r.status)).toEqual(Array(10).fill('published'));
    expect((await list(ARTICLE, 'page=2&pageSize=25&sort=views:DESC')).body.results.every((r: any) => r.status === 'draft')).toBe(true);

    const searched = await list(ARTICLE, '_q=eded%2005');
    expect(searched.body.results.map((r: any) => r.title)).toEqual(['Seeded 050', 'Seeded 051', 'Seeded 052', 'Seeded 053', 'Seeded 054', 'Seeded 055', 'Seeded 056', 'Seeded 057', 'Seeded 058', 'Seeded 059']);
    const filtered = await list(ARTICLE, 'filters[$and][0][tone][$eq]=serious&filters[$and][1][views][$lte]=10&sort=views:ASC');
    expect(filtered.body.results.map((r: any) => r.views)).toEqual([2, 4, 6, 8, 10]);
    const published = await list(ARTICLE, 'status=published&pageSize=100');
    expect(published.body.pagination.total).toBe(10);

    const bad = await list(ARTICLE, 'sort=nope:ASC');
    expect([bad.status, bad.body.error.details.param]).toEqual([400, 'sort']);
  });

  it('a list page costs the same statements for 10 and 100 rows (no statement per row)', async () => {
    const cost = async (size: number): Promise<number> => {
      await list(ARTICLE, 'pageSize=1');
      const res = await list(ARTICLE, `pageSize=${size}&sort=views:ASC`);
      expect(res.body.results).toHaveLength(Math.min(size, ARTICLES));
      return statementCount(res.headers);
    };
    const ten = await cost(10);
    expect(await cost(60)).toBe(ten);
    // the page, its count, the page's published versions (+ the auth stamp and the admin's lookup)
    expect(ten).toBeLessThanOrEqual(6);
  });

  it('relation options: searched on the server by the main field, paged past the first page, with their status', async () => {
    const page3 = await admin.get(cm(`relations/${ARTICLE}/tags?_q=tag&page=3&pageSize=10`));
    expect(page3.status, JSON.stringify(page3.body)).toBe(200);
    expect(page3.body.pagination).toEqual({ page: 3, pageSize: 10, pageCount: 3, total: TAGS });
    expect(page3.body.results.map((r: any) => r.name)).toEqual(['Tag 21', 'Tag 22', 'Tag 23', 'Tag 24', 'Tag 25']);
    expect(Object.keys(page3.body.results[0]).sort()).toEqual(['documentId', 'id', 'name', 'status']);
    const narrowed = await admin.get(cm(`relations/${ARTICLE}/tags?_q=G%201`));
    expect(narrowed.body.results.map((r: any) => r.name)).toEqual(['Tag 10', 'Tag 11', 'Tag 12', 'Tag 13', 'Tag 14', 'Tag 15', 'Tag 16', 'Tag 17', 'Tag 18', 'Tag 19']);
    const omitted = await admin.get(cm(`relations/${ARTICLE}/tags?_q=Tag%2001&idsToOmit[0]=${narrowed.body.results[0].documentId}`));
    expect(omitted.body.results.map((r: any) => r.name)).toEqual(['Tag 01']);
    const notRelation = await admin.get(cm(`relations/${ARTICLE}/title`));
    expect([notRelation.status, notRelation.body.error.details.errors[0].path]).toEqual([400, ['title']]);
  });

  it('an entry with every attribute kind, created in the content manager and read back through REST', async () => {
    const upload = await uploadFile(server.url, 'cover.png', pngBytes(4, 3), undefined, { authorization: `Bearer ${restToken}` });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const fileId = upload.body[0].id;
    const tags = (await admin.get(cm(`relations/${ARTICLE}/tags?_q=Tag%200&pageSize=3`))).body.results;
    const category = await admin.post(cm('collection-types/api::category.category'), { name: 'News' });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const author = await admin.post(cm('collection-types/api::author.author'), { name: 'Ada' });
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }];
    const input = {
      title: 'Every kind', slug: 'every-kind', summary: 'A summary', body, notes: '# Notes', views: 5, likes: '9007199254740993',
      rating: 4.5, score: 0.25, featured: true, tone: 'playful', contactEmail: 'ada@example.com', publishDate: '2025-03-04',
      readingTime: '00:05:00.000', lastReviewedAt: '2025-03-04T05:06:07.000Z', meta: { a: [1, 2] },
      cover: fileId, gallery: [{ id: fileId }],
      category: { connect: [{ documentId: category.body.data.documentId }] },
      author: { connect: [{ documentId: author.body.data.documentId }] },
      tags: { connect: tags.map((t: any) => ({ documentId: t.documentId })) },
      seo: { metaTitle: 'SEO', social: [{ network: 'github', url: 'https://github.com/x' }] },
      blocks: [
        { __component: 'shared.rich-text', body: 'Rich' },
        { __component: 'shared.quote', text: 'Quoted', author: { connect: [{ documentId: author.body.data.documentId }] } },
        { __component: 'shared.media', file: fileId, caption: 'A picture' },
      ],
      // what the panel sends back as it read it is ignored
      id: 999, documentId: 'ignored', status: 'published', createdAt: '2000-01-01T00:00:00.000Z',
    };
    const created = await admin.post(cm(`collection-types/${ARTICLE}`), input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ title: 'Every kind', status: 'draft', publishedAt: null });
    expect(created.body.meta).toEqual({ availableLocales: [], availableStatus: [] });
    const documentId = created.body.data.documentId;
    expect(documentId).not.toBe('ignored');

    const edit = await admin.get(cm(`collection-types/${ARTICLE}/${documentId}`));
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      status: 'draft', cover: { id: fileId }, gallery: [{ id: fileId }], category: { name: 'News' }, author: { name: 'Ada' },
      tags: tags.map((t: any) => ({ documentId: t.documentId, name: t.name })),
      seo: { metaTitle: 'SEO', social: [{ network: 'github' }] },
      blocks: [{ __component: 'shared.rich-text', body: 'Rich' }, { __component: 'shared.quote', author: { name: 'Ada' } }, { __component: 'shared.media', file: { id: fileId } }],
    });

    const read = await rest.get(`/api/articles/${documentId}?status=draft&populate=*`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const { data } = read.body;
    for (const key of ['title', 'slug', 'summary', 'notes', 'views', 'likes', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'lastReviewedAt'] as const) {
      expect(data[key], key).toEqual(input[key]);
    }
    expect(data.body).toEqual(body);
    expect(Number(data.rating)).toBe(4.5);
    expect(data.readingTime).toMatch(/^00:05:00/);
    expect(data.meta).toEqual({ a: [1, 2] });
    expect(data.cover.id).toBe(fileId);
    expect(data.gallery.map((f: any) => f.id)).toEqual([fileId]);
    expect(data.category.documentId).toBe(category.body.data.documentId);
    expect(data.author.documentId).toBe(author.body.data.documentId);
    expect(data.tags.map((t: any) => t.documentId)).toEqual(tags.map((t: any) => t.documentId));
    expect(data.seo).toMatchObject({ metaTitle: 'SEO' });
    expect(data.blocks.map((b: any) => b.__component)).toEqual(['shared.rich-text', 'shared.quote', 'shared.media']);
  });

  it('to-many relations reorder with connect positions (drag and drop), and disconnect', async () => {
    const tags = (await admin.get(cm(`relations/${ARTICLE}/tags?pageSize=4`))).body.results.map((t: any) => t.documentId);
    const created = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'Ordered', tags: { connect: tags.slice(0, 3).map((documentId: string) => ({ documentId })) } });
    const item = cm(`collection-types/${ARTICLE}/${created.body.data.documentId}`);
    const order = async (): Promise<string[]> => (await admin.get(item)).body.data.tags.map((t: any) => t.documentId);
    expect(await order()).toEqual(tags.slice(0, 3));
    await admin.put(item, { tags: { connect: [{ documentId: tags[2], position: { before: tags[0] } }] } });
    expect(await order()).toEqual([tags[2], tags[0], tags[1]]);
    await admin.put(item, { tags: { connect: [{ documentId: tags[3], position: { after: tags[2] } }], disconnect: [{ documentId: tags[1] }] } });
    expect(await order()).toEqual([tags[2], tags[3], tags[0]]);
    const bad = await admin.put(item, { tags: { connect: [{ documentId: tags[1], position: { nowhere: true } }] } });
    expect([bad.status, bad.body.error.details.errors[0].path]).toEqual([400, ['tags', 'connect', '0', 'position']]);
    expect(await order()).toEqual([tags[2], tags[3], tags[0]]);
  });

  it('draft → publish → modify (modified) → discard → modify → unpublish, with meta.availableStatus', async () => {
    const created = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'Lifecycle' });
    const id = created.body.data.documentId;
    const item = `collection-types/${ARTICLE}/${id}`;
    const published = await admin.post(cm(`${item}/actions/publish`), {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ title: 'Lifecycle', status: 'published' });
    expect(published.body.meta.availableStatus).toEqual([expect.objectContaining({ documentId: id, publishedAt: null })]);
    expect((await rest.get(`/api/articles/${id}`)).body.data.title).toBe('Lifecycle');

    const modified = await admin.put(cm(item), { title: 'Lifecycle, edited' });
    expect(modified.body.data).toMatchObject({ title: 'Lifecycle, edited', status: 'modified', publishedAt: null });
    expect((await list(ARTICLE, `filters[documentId][$eq]=${id}`)).body.results[0].status).toBe('modified');
    expect((await rest.get(`/api/articles/${id}`)).body.data.title).toBe('Lifecycle');

    const discarded = await admin.post(cm(`${item}/actions/discard`), {});
    expect(discarded.body.data).toMatchObject({ title: 'Lifecycle', status: 'published' });

    await admin.put(cm(item), { title: 'Lifecycle, again' });
    const unpublished = await admin.post(cm(`${item}/actions/unpublish`), {});
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect(unpublished.body.data).toMatchObject({ title: 'Lifecycle, again', status: 'draft' });
    expect(unpublished.body.meta.availableStatus).toEqual([]);
    expect((await rest.get(`/api/articles/${id}`)).status).toBe(404);
    expect((await admin.post(cm(`${item}/actions/discard`), {})).status).toBe(404);
  });

  it('create and publish in one request', async () => {
    const res = await admin.post(cm(`collection-types/${ARTICLE}/actions/publish`), { title: 'Straight out' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Straight out', status: 'published' });
    expect((await rest.get(`/api/articles/${res.body.data.documentId}`)).body.data.title).toBe('Straight out');
    const before = (await list(ARTICLE)).body.pagination.total;
    const refused = await admin.post(cm(`collection-types/${ARTICLE}/actions/publish`), { summary: 'no title' });
    expect([refused.status, refused.body.error.details.errors[0].path]).toEqual([400, ['title']]);
    expect((await list(ARTICLE)).body.pagination.total).toBe(before);
  });

  it('publish refuses a draft missing a required field, naming it; a draft may lack it', async () => {
    const draft = await admin.post(cm(`collection-types/${ARTICLE}`), { summary: 'no title yet' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const refused = await admin.post(cm(`collection-types/${ARTICLE}/${draft.body.data.documentId}/actions/publish`), {});
    expect([refused.status, refused.body.error.details.errors?.[0]?.path]).toEqual([400, ['title']]);
  });

  it('publish checks required attributes inside components too', async () => {
    const draft = await admin.post(cm(`collection-types/${ARTICLE}`), { title: 'Half an SEO', seo: { metaDescription: 'no title' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const refused = await admin.post(cm(`collection-types/${ARTICLE}/${draft.body.data.documentId}/actions/publish`), {});
    expect([refused.status, refused.body.error.details.errors.map((e: any) => e.path)]).toEqual([400, [['seo', 'metaTitle']]]);
    expect((await admin.get(cm(`collection-types/${ARTICLE}/${draft.body.data.documentId}`))).body.data.status).toBe('draft');
    await admin.delete(cm(`collection-types/${ARTICLE}/${draft.body.data.documentId}`));
  });

  it('a single type with draft & publish: save, publish, modify, unpublish', async () => {
    const home = cm('single-types/api::homepage.homepage');
    const saved = await admin.put(home, { headline: 'Welcome' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ headline: 'Welcome', status: 'draft' });
    expect((await admin.post(`${home}/actions/publish`, {})).body.data).toMatchObject({ headline: 'Welcome', status: 'published' });
    expect((await rest.get('/api/homepage')).body.data.headline).toBe('Welcome');
    expect((await admin.put(home, { headline: 'Welcome back' })).body.data).toMatchObject({ headline: 'Welcome back', status: 'modified' });
    expect((await admin.get(home)).body.data.status).toBe('modified');
    const unpublished = await admin.post(`${home}/actions/unpublish`, {});
    expect(unpublished.body.data).toMatchObject({ headline: 'Welcome back', status: 'draft' });
    expect((await rest.get('/api/homepage')).status).toBe(404);
    expect((await admin.post(`${home}/actions/discard`, {})).status).toBe(404);
  });

  it('bulk publish, unpublish and delete answer { data: { count } }', async () => {
    const ids: string[] = [];
    for (const title of ['Bulk 1', 'Bulk 2', 'Bulk 3']) ids.push((await admin.post(cm(`collection-types/${ARTICLE}`), { title })).body.data.documentId);
    const action = (name: string, documentIds: unknown) => admin.post(cm(`collection-types/${ARTICLE}/actions/${name}`), { documentIds });
    expect((await action('bulkPublish', ids)).body).toEqual({ data: { count: 3 } });
    expect((await list(ARTICLE, '_q=Bulk')).body.results.map((r: any) => r.status)).toEqual(['published', 'published', 'published']);
    expect((await action('bulkUnpublish', ids.slice(0, 2))).body).toEqual({ data: { count: 2 } });
    expect((await list(ARTICLE, '_q=Bulk')).body.results.map((r: any) => r.status)).toEqual(['draft', 'draft', 'published']);
    const bad = await action('bulkDelete', []);
    expect([bad.status, bad.body.error.details.errors[0].path]).toEqual([400, ['documentIds']]);
    expect((await action('bulkDelete', ids)).body).toEqual({ data: { count: 3 } });
    expect((await list(ARTICLE, '_q=Bulk')).body.pagination.total).toBe(0);
  });

  it('every constraint but required is a 400 naming the field, and nothing is written', async () => {
    const before = (await list(ARTICLE)).body.pagination.total;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ title: 'x'.repeat(201) }, ['title']],
      [{ title: 'Enum', tone: 'angry' }, ['tone']],
      [{ title: 'Type', views: 'many' }, ['views']],
      [{ title: 'Target', tags: { connect: [{ documentId: 'nosuchdocument' }] } }, ['tags']],
      [{ title: 'Component', blocks: [{ __component: 'shared.nope' }] }, ['blocks', '0', '__component']],
      [{ name: 'News' }, ['name']],
    ];
    for (const [input, path] of cases) {
      const uid = 'name' in input ? 'api::category.category' : ARTICLE;
      const res = await admin.post(cm(`collection-types/${uid}`), input);
      expect([res.status, res.body.error?.details?.errors?.[0]?.path], JSON.stringify(input)).toEqual([400, path]);
    }
    expect((await list(ARTICLE)).body.pagination.total).toBe(before);
    expect((await list('api::category.category')).body.pagination.total).toBe(1);
  });

  it('a locale version keeps the shared (non-localized) fields of the document', async () => {
    const en = await admin.post(cm(`collection-types/${PAGE}`), { title: 'About', position: 7 });
    expect(en.status, JSON.stringify(en.body)).toBe(201);
    const id = en.body.data.documentId;
    const fr = await admin.put(cm(`collection-types/${PAGE}/${id}?locale=fr`), { title: 'À propos' });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    expect(fr.body.data).toMatchObject({ title: 'À propos', locale: 'fr', position: 7, status: 'draft' });
    expect(fr.body.meta.availableLocales).toEqual([expect.objectContaining({ locale: 'en', documentId: id, status: 'draft' })]);
    const enAgain = await admin.get(cm(`collection-types/${PAGE}/${id}?locale=en`));
    expect(enAgain.body.data).toMatchObject({ title: 'About', position: 7 });
    const frList = await list(PAGE, 'locale=fr');
    expect(frList.body.results.map((r: any) => [r.title, r.locale])).toEqual([['À propos', 'fr']]);
    const bad = await admin.get(cm(`collection-types/${PAGE}/${id}?locale=de`));
    expect([bad.status, bad.body.error.details.param]).toEqual([400, 'locale']);
    const other = await admin.post(cm(`collection-types/${PAGE}`), { title: 'Only English', position: 1 });
    const notInFrench = await admin.get(cm(`collection-types/${PAGE}/${other.body.data.documentId}?locale=fr`));
    expect(notInFrench.status).toBe(200);
    expect(notInFrench.body).toEqual({ data: {}, meta: { availableLocales: [expect.objectContaining({ locale: 'en', status: 'draft' })], availableStatus: [] } });
  });

  it('single types: PUT creates the one document, GET reads it, publish is refused on a type without draft & publish', async () => {
    const empty = await admin.get(cm('single-types/api::global.global'));
    expect(empty.status).toBe(404);
    const put = await admin.put(cm('single-types/api::global.global'), { siteName: 'Vellum', defaultSeo: { metaTitle: 'Home' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ siteName: 'Vellum', defaultSeo: { metaTitle: 'Home' } });
    expect(put.body.meta).toEqual({ availableLocales: [], availableStatus: [] });
    expect((await admin.get(cm('single-types/api::global.global'))).body.data.siteName).toBe('Vellum');
    expect((await rest.get('/api/global')).body.data.siteName).toBe('Vellum');
    expect((await admin.get(cm('collection-types/api::global.global'))).status).toBe(404);
    expect((await admin.get(cm('collection-types/plugin::upload.file'))).status).toBe(404);
  });
});
