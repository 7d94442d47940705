/**
 * The upload plugin's GraphQL operations over real HTTP on every dialect: `upload`,
 * `multipleUpload` (GraphQL multipart request spec, built with FormData as Apollo's upload link
 * sends it), `updateFileInfo`, `removeFile`, `uploadFile(s)`; the CSRF header multipart needs;
 * and broken requests (no `map`, a `map` pointing nowhere, a file over the size limit), which get
 * a clean 4xx or GraphQL error and store nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes } from '../helpers/upload.js';
import { graphql } from './graphql-helpers.js';

const SIZE_LIMIT = 64 * 1024;
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

interface FilePart { readonly name: string; readonly type: string; readonly bytes: Uint8Array }

describeEachDialect('GraphQL uploads', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'config/plugins.js': `module.exports = { upload: { config: { sizeLimit: ${SIZE_LIMIT} } } };` },
  });
  const gql = graphql(() => t.url, '/graphql', () => t.authHeaders);
  const anonymousGql = graphql(() => t.url);
  const stored = async (): Promise<string[]> => (await readdir(join(t.dir, 'public', 'uploads'))).sort();
  const fileCount = async (): Promise<number> =>
    (await gql.data('{ uploadFiles(pagination: { limit: -1 }) { meta { pagination { total } } } }')).uploadFiles.meta.pagination.total;

  /** a multipart request as Apollo's upload link builds it: operations, map, then the files */
  async function multipart(
    operations: unknown,
    map: unknown,
    files: Record<string, FilePart>,
    headers: Record<string, string> = { ...t.authHeaders, ...PREFLIGHT },
  ) {
    const form = new FormData();
    if (operations !== undefined) form.append('operations', typeof operations === 'string' ? operations : JSON.stringify(operations));
    if (map !== undefined) form.append('map', typeof map === 'string' ? map : JSON.stringify(map));
    for (const [key, file] of Object.entries(files)) form.append(key, new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${t.url}/graphql`, { method: 'POST', body: form, headers });
    return { status: response.status, body: (await response.json()) as any };
  }
  const png = (name: string, width = 4, height = 3): FilePart => ({ name, type: 'image/png', bytes: pngBytes(width, height) });
  const text = (name: string, content: string): FilePart => ({ name, type: 'text/plain', bytes: new TextEncoder().encode(content) });

  const UPLOAD = `mutation($file: Upload!, $info: FileInfoInput, $ref: String, $refId: ID, $field: String) {
    upload(file: $file, info: $info, ref: $ref, refId: $refId, field: $field) { data { id attributes { name alternativeText caption ext mime size width height url formats } } }
  }`;
  const MULTIPLE = `mutation($files: [Upload]!, $ref: String, $refId: ID, $field: String) {
    multipleUpload(files: $files, ref: $ref, refId: $refId, field: $field) { data { id attributes { name mime url } } }
  }`;

  it('uploads one file with its info and answers the v4 UploadFileEntityResponse', async () => {
    const res = await multipart(
      { query: UPLOAD, variables: { file: null, info: { name: 'Cover art', alternativeText: 'alt', caption: 'cap' } } },
      { 0: ['variables.file'] },
      { 0: png('cover.png', 4, 3) },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    const { id, attributes } = res.body.data.upload.data;
    expect(id).toEqual(expect.any(String));
    expect(attributes).toMatchObject({ name: 'Cover art', alternativeText: 'alt', caption: 'cap', ext: '.png', mime: 'image/png', width: 4, height: 3, formats: null });
    expect(attributes.url).toMatch(/^\/uploads\/Cover_art_[0-9a-f]{10}\.png$/);
    expect(await readFile(join(t.dir, 'public', attributes.url))).toEqual(pngBytes(4, 3));
    // the same entry as the REST media library shows
    const rest = (await (await fetch(`${t.url}/api/upload/files?filters[documentId][$eq]=${id}`, { headers: t.authHeaders })).json()) as any[];
    expect(rest.map((file) => [file.name, file.url, file.size])).toEqual([[attributes.name, attributes.url, attributes.size]]);
  });

  it('uploads several files and links them to an entry (ref, refId, field), as REST does', async () => {
    const article = (await gql.data('mutation { createArticle(data: { title: "With gallery" }) { data { id } } }')).createArticle.data.id;
    const res = await multipart(
      { query: MULTIPLE, variables: { files: [null, null], ref: 'api::article.article', refId: article, field: 'gallery' } },
      { a: ['variables.files.0'], b: ['variables.files.1'] },
      { a: png('one.png'), b: png('two.png', 8, 8) },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.multipleUpload.map((r: any) => [r.data.attributes.name, r.data.attributes.mime])).toEqual([['one.png', 'image/png'], ['two.png', 'image/png']]);
    const gallery = (await gql.data(`{ article(id: "${article}") { data { attributes { gallery { data { id attributes { name } } } } } } }`)).article.data.attributes.gallery.data;
    expect(gallery.map((file: any) => file.attributes.name)).toEqual(['one.png', 'two.png']);
    expect(gallery.map((file: any) => file.id)).toEqual(res.body.data.multipleUpload.map((r: any) => r.data.id));
    // the media attribute's allowedTypes apply as in REST: a text file is refused, and neither file is kept
    const before = [await stored(), await fileCount()];
    const refused = await multipart(
      { query: MULTIPLE, variables: { files: [null, null], ref: 'api::article.article', refId: article, field: 'gallery' } },
      { a: ['variables.files.0'], b: ['variables.files.1'] },
      { a: png('three.png'), b: text('four.txt', 'hello') },
    );
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions.error.message).toMatch(/^gallery accepts only images, videos/);
    expect([await stored(), await fileCount()]).toEqual(before);
  });

  it('updates file info and removes a file (by documentId or numeric id), bytes included', async () => {
    const uploaded = (await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, { 0: text('notes.txt', 'abc') })).body.data.upload.data;
    const updated = await gql.data('mutation($id: ID!) { updateFileInfo(id: $id, info: { alternativeText: "described", name: "renamed.txt" }) { data { id attributes { name alternativeText caption } } } }', { id: uploaded.id });
    expect(updated.updateFileInfo.data).toEqual({ id: uploaded.id, attributes: { name: 'renamed.txt', alternativeText: 'described', caption: null } });
    const numeric = ((await (await fetch(`${t.url}/api/upload/files?filters[documentId][$eq]=${uploaded.id}`, { headers: t.authHeaders })).json()) as any[])[0].id;
    const removed = await gql.data('mutation($id: ID!) { removeFile(id: $id) { data { id attributes { name } } } }', { id: String(numeric) });
    expect(removed.removeFile.data).toEqual({ id: uploaded.id, attributes: { name: 'renamed.txt' } });
    expect(await stored()).not.toContain(uploaded.attributes.url.slice('/uploads/'.length));
    expect((await gql.data('mutation { removeFile(id: "999999") { data { id } } }')).removeFile).toBeNull();
    const missing = await gql.post('mutation { updateFileInfo(id: "999999", info: { caption: "x" }) { data { id } } }');
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lists files with filters, sort and pagination (uploadFiles, uploadFile)', async () => {
    for (const name of ['list-b.txt', 'list-a.txt', 'list-c.txt']) {
      const res = await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, { 0: text(name, name) });
      expect(res.body.errors).toBeUndefined();
    }
    const page = await gql.data(`{ uploadFiles(filters: { name: { startsWith: "list-" } }, sort: ["name:desc"], pagination: { page: 1, pageSize: 2 }) {
      data { id attributes { name } } meta { pagination { total page pageSize pageCount } } } }`);
    expect(page.uploadFiles.data.map((file: any) => file.attributes.name)).toEqual(['list-c.txt', 'list-b.txt']);
    expect(page.uploadFiles.meta.pagination).toEqual({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    const one = await gql.data('query($id: ID) { uploadFile(id: $id) { data { id attributes { name } } } }', { id: page.uploadFiles.data[0].id });
    expect(one.uploadFile.data.attributes.name).toBe('list-c.txt');
  });

  it('refuses a multipart request without a preflight header (CSRF) and stores nothing', async () => {
    const before = [await stored(), await fileCount()];
    const res = await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, { 0: png('csrf.png') }, t.authHeaders);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.body.errors[0].message).toMatch(/Apollo-Require-Preflight/);
    const named = await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, { 0: text('named.txt', 'x') }, { ...t.authHeaders, 'x-apollo-operation-name': 'Upload' });
    expect(named.body.errors).toBeUndefined();
    expect(await fileCount()).toBe((before[1] as number) + 1);
  });

  it('answers 400 for a missing or broken map, a map pointing nowhere, and bad operations; nothing is stored', async () => {
    const before = [await stored(), await fileCount()];
    const cases = [
      await multipart({ query: UPLOAD, variables: { file: null } }, undefined, { 0: png('no-map.png') }),
      await multipart({ query: UPLOAD, variables: { file: null } }, '{nope', { 0: png('bad-map.png') }),
      await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.nowhere'] }, { 0: png('nowhere.png') }),
      await multipart({ query: UPLOAD, variables: { file: 'x' } }, { 0: ['variables.file'] }, { 0: png('not-null.png') }),
      await multipart({ query: UPLOAD, variables: { file: null } }, { 0: 'variables.file' }, { 0: png('not-array.png') }),
      await multipart('{nope', { 0: ['variables.file'] }, { 0: png('bad-ops.png') }),
      await multipart([{ query: UPLOAD, variables: { file: null } }], { 0: ['0.variables.file'] }, { 0: png('batch.png') }),
      await multipart(undefined, undefined, { 0: png('only-file.png') }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    }
    expect(cases[2]!.body.errors[0].message).toBe('`map` entry "0" points to "variables.nowhere", which is not a null placeholder in `operations`.');
    expect(cases[0]!.body.errors[0].message).toBe('Misordered multipart fields: `map` must come before the files.');
    const noMapAtAll = await multipart({ query: UPLOAD, variables: { file: null } }, undefined, {});
    expect([noMapAtAll.status, noMapAtAll.body.errors[0].message]).toEqual([400, 'Missing multipart field `map` (GraphQL multipart request spec: `operations`, `map`, then the files).']);
    expect([await stored(), await fileCount()]).toEqual(before);
  });

  it('fails cleanly when a mapped file is missing, or when the Upload is not a file', async () => {
    const before = [await stored(), await fileCount()];
    const missing = await multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, {});
    expect(missing.status).toBe(200);
    expect(missing.body.data).toBeNull();
    expect(missing.body.errors[0]).toMatchObject({ path: ['upload'], extensions: { code: 'BAD_USER_INPUT' } });
    expect(missing.body.errors[0].message).toMatch(/"0" named in `map` is missing/);
    const json = await gql.post(UPLOAD, { file: 'not a file' });
    expect(json.status).toBe(400);
    expect(json.body.errors?.[0]?.message).toMatch(/Upload value invalid/);
    expect([await stored(), await fileCount()]).toEqual(before);
  });

  it('answers 413 for a file over the size limit and keeps none of the request\'s files', async () => {
    const before = [await stored(), await fileCount()];
    const big: FilePart = { name: 'big.bin', type: 'application/octet-stream', bytes: new Uint8Array(SIZE_LIMIT + 1) };
    const res = await multipart(
      { query: MULTIPLE, variables: { files: [null, null] } },
      { 0: ['variables.files.0'], 1: ['variables.files.1'] },
      { 0: png('before-big.png'), 1: big },
    );
    expect(res.status).toBe(413);
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions.error.name, JSON.stringify(res.body.errors)).toBe('PayloadTooLargeError');
    expect([await stored(), await fileCount()]).toEqual(before);
  });

  it('checks the REST upload permissions before storing a byte (upload, update on ref, update, delete on files)', async () => {
    const FILE = 'plugin::upload.file';
    const before = [await stored(), await fileCount()];
    const anonymous = (operations: unknown, files: Record<string, FilePart>) => multipart(operations, { 0: ['variables.file'] }, files, PREFLIGHT);
    await t.app.permissions.revoke('public', [`${FILE}.create`, `${FILE}.update`, `${FILE}.delete`, 'api::article.article.update']);
    try {
      const refused = await anonymous({ query: UPLOAD, variables: { file: null } }, { 0: png('anon.png') });
      expect(refused.body.data).toBeNull();
      // the code anonymous callers get everywhere for a missing permission
      expect(refused.body.errors[0].extensions.code).toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
      await t.app.permissions.grant('public', [`${FILE}.create`]);
      const article = (await gql.data('mutation { createArticle(data: { title: "Locked", publishedAt: "2024-01-01T00:00:00Z" }) { data { id } } }')).createArticle.data.id;
      const linked = await anonymous({ query: UPLOAD, variables: { file: null, ref: 'api::article.article', refId: article, field: 'cover' } }, { 0: png('anon-linked.png') });
      expect(linked.body.errors[0].extensions.code).toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
      expect([await stored(), await fileCount()]).toEqual(before);
      const own = (await anonymous({ query: UPLOAD, variables: { file: null } }, { 0: text('anon-ok.txt', 'ok') })).body.data.upload.data.id;
      const update = await anonymousGql.post('mutation($id: ID!) { updateFileInfo(id: $id, info: { caption: "x" }) { data { id } } }', { id: own });
      const remove = await anonymousGql.post('mutation($id: ID!) { removeFile(id: $id) { data { id } } }', { id: own });
      for (const res of [update, remove]) expect(res.body.errors?.[0]?.extensions?.code).toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
      expect((await gql.data('query($id: ID) { uploadFile(id: $id) { data { id } } }', { id: own })).uploadFile.data.id).toBe(own);
    } finally {
      await t.app.permissions.grant('public', [`${FILE}.create`, `${FILE}.update`, `${FILE}.delete`, 'api::article.article.update']);
    }
  });

  it('refuses a wrong ref, refId or field with BAD_USER_INPUT / NOT_FOUND and stores nothing', async () => {
    const before = [await stored(), await fileCount()];
    const wrongField = await multipart({ query: UPLOAD, variables: { file: null, ref: 'api::article.article', refId: '1', field: 'title' } }, { 0: ['variables.file'] }, { 0: png('wrong-field.png') });
    expect(wrongField.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const noEntry = await multipart({ query: UPLOAD, variables: { file: null, ref: 'api::article.article', refId: '999999', field: 'cover' } }, { 0: ['variables.file'] }, { 0: png('no-entry.png') });
    expect(noEntry.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect([await stored(), await fileCount()]).toEqual(before);
  });
});
