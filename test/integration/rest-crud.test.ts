/**
 * Foundation: REST CRUD for every attribute kind, relations (both sides), components, dynamic
 * zones, media, draft & publish, single types, validation and the error shape — over real HTTP
 * on every dialect.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

const ACCOUNT_SCHEMA = JSON.stringify({
  kind: 'collectionType',
  collectionName: 'accounts',
  info: { singularName: 'account', pluralName: 'accounts', displayName: 'Account' },
  options: { draftAndPublish: false },
  attributes: {
    login: { type: 'string', required: true, minLength: 3, regex: '^[a-z]+$' },
    secret: { type: 'password' },
    note: { type: 'string', private: true },
    level: { type: 'integer', min: 1, max: 5 },
  },
});

const fullArticle = (extra: Record<string, unknown> = {}) => ({
  title: 'Every kind',
  summary: 'A long text\nwith lines',
  body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
  notes: '# Markdown\n\n*richtext*',
  views: 42,
  likes: '9007199254740993',
  rating: 4.25,
  score: 0.125,
  featured: true,
  tone: 'playful',
  contactEmail: 'ed@example.com',
  publishDate: '2024-02-29',
  readingTime: '00:07:30',
  lastReviewedAt: '2025-03-01T10:20:30.456Z',
  meta: { nested: { list: [1, 'two', null] }, ok: true },
  ...extra,
});

describeEachDialect('REST CRUD', (dialect) => {
  const t = useTestApp({ dialect, files: { 'src/api/account/content-types/account/schema.json': ACCOUNT_SCHEMA } });
  const api = client(() => t.url, () => t.authHeaders);

  it('creates an entry with every scalar kind and returns it flat with id, documentId and timestamps', async () => {
    const created = await api.post('/api/articles', { data: fullArticle() });
    expect(created.status).toBe(201);
    const entry = created.body.data;
    expect(entry).toMatchObject({ ...fullArticle(), slug: 'every-kind', readingTime: '00:07:30.000' });
    expect(entry.id).toBeTypeOf('number');
    expect(entry.documentId).toMatch(/^[a-z0-9]{24}$/);
    for (const stamp of ['createdAt', 'updatedAt', 'publishedAt']) expect(new Date(entry[stamp]).toISOString()).toBe(entry[stamp]);
    expect(created.body.meta).toEqual({});

    const read = await api.get(`/api/articles/${entry.documentId}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(entry);
    // Not populated by default: relation, media, component and dynamic-zone keys are absent.
    for (const key of ['cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks']) expect(read.body.data).not.toHaveProperty(key);
  });

  it('keeps biginteger precision as a string and applies schema defaults', async () => {
    const { body } = await api.post('/api/articles', { data: { title: 'Defaults', likes: '-9223372036854775808' } });
    expect(body.data.likes).toBe('-9223372036854775808');
    expect(body.data.views).toBe(0);
    expect(body.data.featured).toBe(false);
  });

  it('never returns password or private attributes', async () => {
    const created = await api.post('/api/accounts', { data: { login: 'alice', secret: 's3cret-value', note: 'internal', level: 2 } });
    expect(created.status).toBe(201);
    expect(created.body.data).not.toHaveProperty('secret');
    expect(created.body.data).not.toHaveProperty('note');
    const list = await api.get('/api/accounts');
    expect(JSON.stringify(list.body)).not.toContain('s3cret-value');
    expect(JSON.stringify(list.body)).not.toContain('internal');
    const stored = await t.app.db.knex('accounts').first('secret');
    expect(String(stored?.secret)).not.toContain('s3cret-value');
  });

  it('lists with { data, meta.pagination } defaults', async () => {
    const { status, body } = await api.get('/api/accounts');
    expect(status).toBe(200);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: body.data.length });
  });

  it('writes relations by documentId and keeps both sides consistent', async () => {
    const tech = (await api.post('/api/categories', { data: { name: 'Tech' } })).body.data;
    const ada = (await api.post('/api/authors', { data: { name: 'Ada' } })).body.data;
    const tags = [];
    for (const name of ['a', 'b', 'c']) tags.push((await api.post('/api/tags', { data: { name } })).body.data);
    const article = (await api.post('/api/articles', {
      data: { title: 'Related', category: tech.documentId, author: { documentId: ada.documentId }, tags: [tags[2].documentId, tags[0].documentId] },
    })).body.data;

    const read = await api.get(`/api/articles/${article.documentId}?populate[0]=category&populate[1]=author&populate[2]=tags`);
    expect(read.body.data.category.name).toBe('Tech');
    expect(read.body.data.author.name).toBe('Ada');
    expect(read.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['c', 'a']);

    const inverse = await api.get(`/api/categories/${tech.documentId}?populate=articles`);
    expect(inverse.body.data.articles.map((a: { title: string }) => a.title)).toEqual(['Related']);
    const tagSide = await api.get(`/api/tags/${tags[0].documentId}?populate=articles`);
    expect(tagSide.body.data.articles.map((a: { title: string }) => a.title)).toEqual(['Related']);

    // connect appends (moving an existing link to the end), disconnect removes
    await api.put(`/api/articles/${article.documentId}`, { data: { tags: { connect: [tags[1].documentId, tags[2].documentId], disconnect: [tags[0].documentId] } } });
    const after = await api.get(`/api/articles/${article.documentId}?populate=tags`);
    expect(after.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['b', 'c']);

    // writing from the inverse side moves the article to another category
    const design = (await api.post('/api/categories', { data: { name: 'Design', articles: [article.documentId] } })).body.data;
    const moved = await api.get(`/api/articles/${article.documentId}?populate=category`);
    expect(moved.body.data.category.documentId).toBe(design.documentId);
    expect((await api.get(`/api/categories/${tech.documentId}?populate=articles`)).body.data.articles).toEqual([]);

    // set replaces, null clears
    await api.put(`/api/articles/${article.documentId}`, { data: { tags: { set: [tags[0].documentId] }, category: null } });
    const cleared = await api.get(`/api/articles/${article.documentId}?populate[0]=tags&populate[1]=category`);
    expect(cleared.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['a']);
    expect(cleared.body.data.category).toBeNull();

    // deleting a target removes the links to it
    expect((await api.delete(`/api/tags/${tags[0].documentId}`)).status).toBe(204);
    expect((await api.get(`/api/articles/${article.documentId}?populate=tags`)).body.data.tags).toEqual([]);
  });

  it('rejects relations to documents that do not exist, writing nothing', async () => {
    const before = (await api.get('/api/articles?status=draft&pagination[pageSize]=0')).body.meta.pagination.total;
    const res = await api.post('/api/articles', { data: { title: 'Ghost', category: 'doesnotexist00000000000' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
    expect((await api.get('/api/articles?status=draft&pagination[pageSize]=0')).body.meta.pagination.total).toBe(before);
  });

  it('stores components and dynamic zones, replaced as a whole on update', async () => {
    const quoted = (await api.post('/api/authors', { data: { name: 'Quoted' } })).body.data;
    const article = (await api.post('/api/articles', {
      data: {
        title: 'Composed',
        seo: { metaTitle: 'Meta', metaDescription: 'Desc', social: [{ network: 'github', url: 'https://g' }, { network: 'mastodon', url: 'https://m' }] },
        blocks: [
          { __component: 'shared.rich-text', body: 'First' },
          { __component: 'shared.quote', text: 'Quote', attribution: 'Q', author: quoted.documentId },
        ],
      },
    })).body.data;
    const q = '?populate[seo][populate]=social&populate[blocks][on][shared.quote][populate]=author&populate[blocks][on][shared.rich-text]=true';
    const read = (await api.get(`/api/articles/${article.documentId}${q}`)).body.data;
    expect(read.seo).toMatchObject({ metaTitle: 'Meta', metaDescription: 'Desc' });
    expect(read.seo.social.map((s: { network: string }) => s.network)).toEqual(['github', 'mastodon']);
    expect(read.blocks.map((b: { __component: string }) => b.__component)).toEqual(['shared.rich-text', 'shared.quote']);
    expect(read.blocks[0].body).toBe('First');
    expect(read.blocks[1].author.name).toBe('Quoted');

    await api.put(`/api/articles/${article.documentId}`, { data: { seo: { metaTitle: 'New' }, blocks: [{ __component: 'shared.rich-text', body: 'Only' }] } });
    const updated = (await api.get(`/api/articles/${article.documentId}?populate[seo][populate]=social&populate[blocks]=true`)).body.data;
    expect(updated.seo.metaTitle).toBe('New');
    expect(updated.seo.metaDescription).toBeNull();
    expect(updated.seo.social).toEqual([]);
    expect(updated.blocks).toEqual([expect.objectContaining({ __component: 'shared.rich-text', body: 'Only' })]);
  });

  it('rejects an unknown dynamic-zone component and a component missing a required field', async () => {
    const res = await api.post('/api/articles', { data: { title: 'Bad zone', blocks: [{ __component: 'shared.seo', metaTitle: 'x' }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].path).toEqual(['blocks', '0', '__component']);
    const missing = await api.post('/api/articles', { data: { title: 'Bad seo', seo: { metaDescription: 'no title' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.errors[0].path).toEqual(['seo', 'metaTitle']);
  });

  it('uploads media, links it by file id, and unlinks it when the file is deleted', async () => {
    const upload = await uploadFile(t.url, 'cover.png', pngBytes(3, 2), { alternativeText: 'Alt', caption: 'Cap' });
    expect(upload.status).toBe(201);
    const file = upload.body[0];
    expect(file).toMatchObject({ name: 'cover.png', alternativeText: 'Alt', caption: 'Cap', width: 3, height: 2, ext: '.png', mime: 'image/png' });
    expect(file.url).toMatch(/^\/uploads\/cover_[0-9a-f]+\.png$/);
    expect((await fetch(`${t.url}${file.url}`)).status).toBe(200);

    const article = (await api.post('/api/articles', { data: { title: 'With cover', cover: file.id, gallery: [file.id, file.id] } })).body.data;
    const read = (await api.get(`/api/articles/${article.documentId}?populate[0]=cover&populate[1]=gallery`)).body.data;
    expect(read.cover).toMatchObject({ id: file.id, url: file.url, name: 'cover.png' });
    expect(read.gallery).toHaveLength(2);

    expect((await api.get(`/api/upload/files/${file.id}`)).body.url).toBe(file.url);
    expect((await api.get('/api/upload/files')).body.some((f: { id: number }) => f.id === file.id)).toBe(true);
    const deleted = await api.delete(`/api/upload/files/${file.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(file.id);
    const after = (await api.get(`/api/articles/${article.documentId}?populate[0]=cover&populate[1]=gallery`)).body.data;
    expect(after.cover).toBeNull();
    expect(after.gallery).toEqual([]);
    expect((await api.get(`/api/upload/files/${file.id}`)).status).toBe(404);
    expect((await api.post('/api/articles', { data: { title: 'Dangling', cover: file.id } })).status).toBe(400);
  });

  it('answers a malformed fileInfo (object or array) with 400 in the error shape and stores nothing', async () => {
    const before = (await api.get('/api/upload/files')).body.length;
    const notJson = 'fileInfo must be JSON';
    const notObject = 'fileInfo must be a JSON object (or an array of them)';
    for (const [fileInfo, message] of [['{"caption": ', notJson], ['[{"caption": "x"}', notJson], ['"text"', notObject]] as const) {
      const form = new FormData();
      form.append('files', new Blob([pngBytes(2, 2)], { type: 'image/png' }), 'bad.png');
      form.append('fileInfo', fileInfo);
      const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form });
      expect([fileInfo, response.status, await response.json()]).toEqual([
        fileInfo,
        400,
        { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] } } },
      ]);
    }
    expect((await api.get('/api/upload/files')).body).toHaveLength(before);
  });

  it('follows draft & publish: status=draft writes drafts, writes without status publish', async () => {
    const draft = await api.post('/api/articles?status=draft', { data: { title: 'Draft only' } });
    expect(draft.status).toBe(201);
    expect(draft.body.data.publishedAt).toBeNull();
    const id = draft.body.data.documentId;
    expect((await api.get(`/api/articles/${id}`)).status).toBe(404);
    expect((await api.get(`/api/articles/${id}?status=draft`)).body.data.title).toBe('Draft only');

    const published = await api.put(`/api/articles/${id}`, { data: {} });
    expect(published.status).toBe(200);
    expect(published.body.data.publishedAt).not.toBeNull();

    await api.put(`/api/articles/${id}?status=draft`, { data: { title: 'Edited draft' } });
    expect((await api.get(`/api/articles/${id}`)).body.data.title).toBe('Draft only');
    expect((await api.get(`/api/articles/${id}?status=draft`)).body.data.title).toBe('Edited draft');
    const list = await api.get('/api/articles?filters[documentId][$eq]=' + id);
    expect(list.body.data.map((a: { title: string }) => a.title)).toEqual(['Draft only']);
  });

  it('serves single types at the singular name', async () => {
    expect((await api.get('/api/global')).status).toBe(404);
    const created = await api.put('/api/global', { data: { siteName: 'Site', defaultSeo: { metaTitle: 'Home' } } });
    expect(created.status).toBe(200);
    const read = await api.get('/api/global?populate=defaultSeo');
    expect(read.body.data).toMatchObject({ siteName: 'Site', documentId: created.body.data.documentId, defaultSeo: { metaTitle: 'Home' } });
    await api.put('/api/global', { data: { siteName: 'Renamed' } });
    expect((await api.get('/api/global')).body.data).toMatchObject({ siteName: 'Renamed', documentId: created.body.data.documentId });
    expect((await api.post('/api/global', { data: {} })).status).toBe(405);
    expect((await api.delete('/api/global')).status).toBe(204);
    expect((await api.get('/api/global')).status).toBe(404);
  });

  it('validates writes and names each failing path', async () => {
    const cases: Array<[unknown, string[], string]> = [
      [{ title: 'x'.repeat(201) }, ['title'], 'title must be at most 200 characters'],
      [{ summary: 'no title' }, ['title'], 'title must be defined.'],
      [{ title: 'T', tone: 'angry' }, ['tone'], 'tone must be one of the following values: neutral, playful, serious'],
      [{ title: 'T', contactEmail: 'nope' }, ['contactEmail'], 'contactEmail must be a valid email'],
      [{ title: 'T', views: 'many' }, ['views'], 'views must be an integer'],
      [{ title: 'T', publishDate: '2024-13-45' }, ['publishDate'], 'publishDate must be a valid date (YYYY-MM-DD)'],
      [{ title: 'T', unknownField: 1 }, ['unknownField'], 'Invalid key unknownField'],
      [{ title: 'T', documentId: 'abc' }, ['documentId'], 'Invalid key documentId'],
      // found by `npm run fuzz` (rest-write): a dynamic zone entry without, or with a foreign, __component
      [{ title: 'T', blocks: [{ text: 'x' }] }, ['blocks', '0', '__component'], 'blocks[0].__component is a required field'],
      [{ title: 'T', blocks: [{ __component: 'shared.seo' }] }, ['blocks', '0', '__component'], 'blocks[0].__component must be one of the following values: shared.rich-text, shared.quote, shared.media'],
      [{ title: 'T', blocks: [{ __component: 'shared.quote', text: 'q' }, { __component: 7 }] }, ['blocks', '1', '__component'], 'blocks[1].__component must be one of the following values: shared.rich-text, shared.quote, shared.media'],
      [{ title: 'T', blocks: ['x'] }, ['blocks', '0', '__component'], 'blocks[0].__component is a required field'],
    ];
    for (const [data, path, message] of cases) {
      const res = await api.post('/api/articles', { data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toEqual({
        data: null,
        error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path, message, name: 'ValidationError' }] } },
      });
    }
    const account = await api.post('/api/accounts', { data: { login: 'A1', level: 9 } });
    expect(account.body.error.details.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(['level', 'login']);
  });

  it('enforces unique attributes', async () => {
    expect((await api.post('/api/categories', { data: { name: 'Unique' } })).status).toBe(201);
    const dup = await api.post('/api/categories', { data: { name: 'Unique' } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.details.errors[0].path).toEqual(['name']);
  });

  it('rolls back a multi-table write that fails half way', async () => {
    const first = (await api.post('/api/articles', { data: { title: 'Dup', slug: 'dup-slug' } })).body.data;
    await api.put(`/api/articles/${first.documentId}?status=draft`, { data: { slug: 'other-slug' } });
    const seoRowsBefore = (await t.app.db.knex('components_shared_seos').count({ n: '*' }))[0]!.n;
    // Passes the draft checks, then fails when publishing (the published slug is taken).
    const res = await api.post('/api/articles', { data: { title: 'Second', slug: 'dup-slug', seo: { metaTitle: 'x' } } });
    expect(res.status).toBe(400);
    const drafts = await api.get('/api/articles?status=draft&filters[title][$eq]=Second');
    expect(drafts.body.data).toEqual([]);
    expect((await t.app.db.knex('components_shared_seos').count({ n: '*' }))[0]!.n).toEqual(seoRowsBefore);
  });

  it('answers errors in one shape with the right status codes', async () => {
    expect((await api.get('/api/articles/nope')).body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    expect((await api.get('/api/unknown-things')).status).toBe(404);
    expect((await api.put('/api/articles/nope', { data: { title: 'x' } })).status).toBe(404);
    expect((await api.delete('/api/articles/nope')).status).toBe(404);
    const patch = await fetch(`${t.url}/api/articles`, { method: 'PATCH' });
    expect(patch.status).toBe(405);
    expect((await api.post('/api/articles', { title: 'no data wrapper' })).body.error.message).toBe('Missing "data" payload in the request body');
    const malformed = await fetch(`${t.url}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data": {' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { name: string } }).error.name).toBe('ValidationError');
    const huge = await api.post('/api/articles', { data: { title: 'big', summary: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.name).toBe('PayloadTooLargeError');
  });

  it('deletes with 204 and no body', async () => {
    const { body } = await api.post('/api/tags', { data: { name: 'temp' } });
    const res = await fetch(`${t.url}/api/tags/${body.data.documentId}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await api.get(`/api/tags/${body.data.documentId}`)).status).toBe(404);
  });
});

describe('test helpers', () => {
  it('builds a valid PNG of the requested size', () => {
    const png = pngBytes(5, 7);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(5);
    expect(png.readUInt32BE(20)).toBe(7);
  });
});
