/**
 * The media library's admin routes (at the root: `/upload/*`, as Strapi 5 serves them) through
 * `node bin/vellum.js start` (issue 21 item 1): folders
 * (create, nest, rename, move, structure), many files uploaded into a folder and listed, filtered
 * by folder, type and date, searched and sorted, file info edited, a file replaced, where a file
 * is used, bulk move and bulk delete; an admin session is required (401), and an Editor, who
 * holds the media library's actions, may use it.
 */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useAdminProcess } from '../helpers/admin-process.js';
import { client, request } from '../helpers/http.js';
import { pngBytes } from '../helpers/upload.js';
import { allowedTypesFilter } from '../../admin-panel/src/fields/allowed-types.js';
import { appendNested } from '../../admin-panel/src/media-library/query-string.js';
import { isAllowedType } from '../../src/documents/file-types.js';

describeEachDialect('admin media library (process)', (dialect) => {
  const t = useAdminProcess(dialect);
  // Strapi's addresses: the upload plugin's admin routes at the root, with the admin JWT
  const base = () => t.url;
  const admin = client(() => t.url, () => t.adminHeaders);
  const upload = async (names: string[], info?: Record<string, unknown>[], query = '') => {
    const form = new FormData();
    for (const name of names) form.append('files', new Blob([name.endsWith('.png') ? pngBytes(3, 2) : Buffer.from(`text of ${name}`)], { type: name.endsWith('.png') ? 'image/png' : 'text/plain' }), name);
    if (info) form.append('fileInfo', JSON.stringify(info));
    const response = await fetch(`${base()}/upload${query}`, { method: 'POST', body: form, headers: t.adminHeaders });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('folders: create, nest, rename, move, structure', async () => {
    const photos = await admin.post('/upload/folders', { name: 'Photos', parent: null });
    expect(photos.status, JSON.stringify(photos.body)).toBe(201);
    expect(photos.body.data).toMatchObject({ name: 'Photos', pathId: 1, path: '/1', parent: null, children: { count: 0 }, files: { count: 0 } });
    const y2025 = await admin.post('/upload/folders', { name: '2025', parent: photos.body.data.id });
    expect(y2025.status, JSON.stringify(y2025.body)).toBe(201);
    expect(y2025.body.data).toMatchObject({ name: '2025', path: `/1/${y2025.body.data.pathId}`, parent: { id: photos.body.data.id, name: 'Photos' } });
    const dup = await admin.post('/upload/folders', { name: '2025', parent: photos.body.data.id });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toBe('A folder with this name already exists');
    const slash = await admin.post('/upload/folders', { name: 'a/b' });
    expect(slash.status).toBe(400);
    const docs = await admin.post('/upload/folders', { name: 'Docs' });
    expect(docs.status).toBe(201);
    const renamed = await admin.put(`/upload/folders/${y2025.body.data.id}`, { name: 'Year 2025' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Year 2025');
    // a file inside the nested folder follows its folder when it moves
    const up = await upload(['inside.png'], [{ name: 'inside.png', folder: y2025.body.data.id }]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body[0].folder).toMatchObject({ id: y2025.body.data.id });
    const moved = await admin.put(`/upload/folders/${y2025.body.data.id}`, { parent: docs.body.data.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ path: `${docs.body.data.path}/${y2025.body.data.pathId}`, parent: { id: docs.body.data.id } });
    const file = await admin.get(`/upload/files/${up.body[0].id}`);
    expect(file.body.folderPath).toBe(`${docs.body.data.path}/${y2025.body.data.pathId}`);
    const self = await admin.put(`/upload/folders/${docs.body.data.id}`, { parent: y2025.body.data.id });
    expect(self.status).toBe(400);
    const tree = await admin.get('/upload/folder-structure');
    expect(tree.body.data.map((n: any) => n.name)).toEqual(['Docs', 'Photos']);
    expect(tree.body.data[0].children.map((n: any) => n.name)).toEqual(['Year 2025']);
    const listed = await admin.get(`/upload/folders?filters[parent][id]=${docs.body.data.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((f: any) => [f.name, f.files.count])).toEqual([['Year 2025', 1]]);
  });

  it('uploads many files, lists, filters, searches and sorts them', async () => {
    const folder = (await admin.post('/upload/folders', { name: 'Many' })).body.data;
    const names = Array.from({ length: 12 }, (_, i) => `pic-${String(i).padStart(2, '0')}.png`);
    const up = await upload([...names, 'readme.txt'], [...names, 'readme.txt'].map((name) => ({ name, folder: folder.id, alternativeText: `alt ${name}` })));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toHaveLength(13);
    const page = await admin.get(`/upload/files?folder=${folder.id}&page=2&pageSize=5&sort=name:asc`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.pagination).toEqual({ page: 2, pageSize: 5, pageCount: 3, total: 13 });
    expect(page.body.results.map((f: any) => f.name)).toEqual(names.slice(5, 10));
    const images = await admin.get(`/upload/files?filters[$and][0][folder][id]=${folder.id}&filters[$and][1][mime][$contains]=image&pageSize=50`);
    expect(images.body.pagination.total).toBe(12);
    const text = await admin.get(`/upload/files?folder=${folder.id}&filters[mime][$notContains]=image`);
    expect(text.body.results.map((f: any) => f.name)).toEqual(['readme.txt']);
    const search = await admin.get('/upload/files?_q=pic-1');
    expect(search.body.results.map((f: any) => f.name).sort()).toEqual(['pic-10.png', 'pic-11.png']);
    const recent = await admin.get(`/upload/files?folder=${folder.id}&filters[createdAt][$gte]=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&pageSize=1`);
    expect(recent.body.pagination.total).toBe(13);
    const root = await admin.get('/upload/files?folder=root');
    expect(root.body.results.every((f: any) => f.folder === null && f.folderPath === '/')).toBe(true);
  });

  it('edits file info, replaces a file, lists where it is used, bulk-moves and bulk-deletes', async () => {
    const [file] = (await upload(['cover.png'])).body;
    const info = await admin.post(`/upload?id=${file.id}`, { fileInfo: { name: 'Cover', alternativeText: 'A cover', caption: 'Caption' } });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toMatchObject({ id: file.id, name: 'Cover', alternativeText: 'A cover', caption: 'Caption' });
    const article = await fetch(`${t.url}/api/articles`, { method: 'POST', headers: { ...(await t.apiToken()), 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Uses a cover', cover: file.id, seo: { metaTitle: 'x', shareImage: file.id } } }) });
    expect(article.status).toBe(201);
    const { data: entry } = (await article.json()) as any;
    const usage = await admin.get(`/upload/files/${file.id}/usage`);
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    expect(usage.body.data).toEqual(expect.arrayContaining([
      { uid: 'api::article.article', documentId: entry.documentId, locale: null, status: 'draft', field: 'cover' },
      { uid: 'api::article.article', documentId: entry.documentId, locale: null, status: 'draft', field: 'seo.shareImage' },
    ]));
    const form = new FormData();
    form.append('files', new Blob([pngBytes(8, 4)], { type: 'image/png' }), 'wide.png');
    const replaced = await fetch(`${base()}/upload?id=${file.id}`, { method: 'POST', body: form, headers: t.adminHeaders });
    const body = (await replaced.json()) as any;
    expect(replaced.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id: file.id, documentId: file.documentId, width: 8, height: 4, alternativeText: 'A cover' });
    expect(body.url).not.toBe(file.url);
    expect((await fetch(`${t.url}${file.url}`)).status).toBe(404);
    expect((await fetch(`${t.url}${body.url}`)).status).toBe(200);

    const target = (await admin.post('/upload/folders', { name: 'Target' })).body.data;
    const inner = (await admin.post('/upload/folders', { name: 'Inner' })).body.data;
    const nested = (await upload(['nested.txt'], [{ folder: inner.id }])).body[0];
    const move = await admin.post('/upload/actions/bulk-move', { fileIds: [file.id], folderIds: [inner.id], destinationFolderId: target.id });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    expect(move.body.data.files[0]).toMatchObject({ id: file.id, folderPath: target.path });
    expect(move.body.data.folders[0]).toMatchObject({ id: inner.id, path: `${target.path}/${inner.pathId}` });
    expect((await admin.get(`/upload/files/${nested.id}`)).body.folderPath).toBe(`${target.path}/${inner.pathId}`);
    const counts = (await admin.get(`/upload/folders/${target.id}`)).body.data;
    expect(counts).toMatchObject({ children: { count: 1 }, files: { count: 1 } });

    const removed = await admin.post('/upload/actions/bulk-delete', { fileIds: [], folderIds: [target.id] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.folders.map((f: any) => f.id)).toEqual([target.id]);
    expect((await admin.get(`/upload/files/${nested.id}`)).status).toBe(404);
    expect((await admin.get(`/upload/files/${file.id}`)).status).toBe(404);
    expect((await admin.get(`/upload/folders/${inner.id}`)).status).toBe(404);
    expect((await fetch(`${t.url}${body.url}`)).status).toBe(404);
  });

  it('needs an admin session; an Editor may use the media library', async () => {
    for (const [method, path] of [['GET', '/upload/files'], ['GET', '/upload/folders'], ['POST', '/upload/folders'], ['POST', '/upload/actions/bulk-delete']] as const) {
      const response = await fetch(`${base()}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const apiToken = await t.apiToken();
    expect((await fetch(`${base()}/upload/files`, { headers: apiToken })).status).toBe(401);
    await t.editor();
    const login = await request(`${t.url}/admin/login`, { method: 'POST', json: { email: 'editor@example.com', password: 'Editor-password1' } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const editor = client(() => t.url, () => ({ authorization: `Bearer ${login.body.data.token}` }));
    const folder = await editor.post('/upload/folders', { name: 'Editor folder' });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    expect((await editor.get('/upload/files')).status).toBe(200);
  });

  it("pages through exactly the files a media field's allowedTypes allows (the panel's filter agrees with the server's check)", async () => {
    const folder = (await admin.post('/upload/folders', { name: 'Kinds' })).body.data;
    const kinds: Array<[string, string]> = [['a.png', 'image/png'], ['b.mp4', 'video/mp4'], ['c.mp3', 'audio/mpeg'], ['d.pdf', 'application/pdf'], ['e.txt', 'text/plain'], ['f.svg', 'image/svg+xml']];
    const form = new FormData();
    for (const [name, type] of kinds) form.append('files', new Blob([name === 'a.png' ? pngBytes(2, 2) : Buffer.from(`bytes of ${name}`)], { type }), name);
    form.append('fileInfo', JSON.stringify(kinds.map(([name]) => ({ name, folder: folder.id }))));
    const stored = await fetch(`${t.url}/upload`, { method: 'POST', body: form, headers: t.adminHeaders });
    const files = (await stored.json()) as Array<{ name: string; mime: string }>;
    expect(stored.status, JSON.stringify(files)).toBe(201);
    expect(new Set(files.map((f) => f.mime.split('/')[0])).size).toBeGreaterThanOrEqual(4);
    for (const rules of [['images'], ['videos'], ['audios'], ['files'], ['images', 'videos'], ['application/pdf'], ['image/*'], ['text/*', 'audios']]) {
      const search = new URLSearchParams({ folder: String(folder.id), pageSize: '50', sort: 'name:asc' });
      appendNested(search, 'filters', { $and: [allowedTypesFilter(rules)] });
      const listed = await admin.get(`/upload/files?${search}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const expected = files.filter((f) => isAllowedType(f.mime, rules)).map((f) => f.name).sort();
      expect([rules.join(','), listed.body.results.map((f: any) => f.name)]).toEqual([rules.join(','), expected]);
    }
  });

  it('serves the admin routes at the root only; the content API keeps /api/upload', async () => {
    expect((await fetch(`${t.url}/admin/upload/files`, { headers: t.adminHeaders })).status).toBe(404);
    const [file] = (await upload(['root.txt'])).body;
    const token = await t.apiToken();
    const rest = await fetch(`${t.url}/api/upload/files/${file.id}`, { headers: token });
    expect(rest.status).toBe(200);
    // the content API's file: no folder path (private to the admin), a plain object
    expect(await rest.json()).toMatchObject({ id: file.id, name: 'root.txt' });
    const list = (await (await fetch(`${t.url}/api/upload/files`, { headers: token })).json()) as any[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((f: any) => f.id)).toContain(file.id);
    // the admin JWT is no content API credential
    expect((await fetch(`${t.url}/api/upload/files`, { headers: t.adminHeaders })).status).toBe(401);
  });
});
