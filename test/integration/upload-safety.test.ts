/**
 * Hostile and broken uploads over real HTTP: `fileInfo` that is not JSON or not the right shape,
 * too many fields or files, odd file names, limits reached mid-stream, a database write that
 * fails; what `/uploads` serves (active content never inline); a media attribute's
 * `allowedTypes` on REST, GraphQL and the document service. Nothing a client sends is a 500, and
 * a refused upload leaves no bytes behind.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

const SIZE_LIMIT = 256 * 1024;

interface Part { readonly field: string; readonly value?: string; readonly file?: { name: string; type: string; bytes: Uint8Array } }

describeEachDialect('upload safety', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'config/plugins.js': `module.exports = { upload: { config: { sizeLimit: ${SIZE_LIMIT} } } };` },
  });
  const api = client(() => t.url, () => t.authHeaders);
  const stored = async (): Promise<string[]> => (await readdir(join(t.dir, 'public', 'uploads'))).sort();

  async function post(parts: readonly Part[]) {
    const form = new FormData();
    for (const part of parts) {
      if (part.file) form.append(part.field, new Blob([part.file.bytes], { type: part.file.type }), part.file.name);
      else form.append(part.field, part.value ?? '');
    }
    const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    return { status: response.status, body: (await response.json()) as any };
  }
  const png = (name: string): Part => ({ field: 'files', file: { name, type: 'image/png', bytes: pngBytes(4, 3) } });
  const text = (name: string, type: string, content: string): Part => ({ field: 'files', file: { name, type, bytes: new TextEncoder().encode(content) } });

  /** a refused upload: the status, the error name, and nothing left in the database or on disk */
  async function expectRefused(parts: readonly Part[], status: number, name: string) {
    const before = await stored();
    const res = await post(parts);
    expect(res.status).toBe(status);
    expect(res.body.data).toBeNull();
    expect(res.body.error.name).toBe(name);
    expect(await stored()).toEqual(before);
    expect((await api.get('/api/upload/files?filters[name][$startsWith]=refused')).body).toEqual([]);
    return res.body.error;
  }

  it('answers 400 naming fileInfo when it is not JSON, whether it comes before or after the files', async () => {
    const after = await expectRefused([png('refused-a.png'), { field: 'fileInfo', value: '{not json' }], 400, 'ValidationError');
    expect(after).toEqual({
      status: 400, name: 'ValidationError', message: 'fileInfo must be JSON',
      details: { errors: [{ path: ['fileInfo'], message: 'fileInfo must be JSON', name: 'ValidationError' }] },
    });
    const before = await expectRefused([{ field: 'fileInfo', value: 'nope' }, png('refused-b.png')], 400, 'ValidationError');
    expect(before.details.errors[0].path).toEqual(['fileInfo']);
  });

  it('answers 400 naming the fileInfo key of the wrong shape', async () => {
    const scalar = await expectRefused([png('refused-c.png'), { field: 'fileInfo', value: '42' }], 400, 'ValidationError');
    expect(scalar.details.errors[0].path).toEqual(['fileInfo']);
    const alt = await expectRefused([png('refused-d.png'), { field: 'fileInfo', value: JSON.stringify({ alternativeText: 5 }) }], 400, 'ValidationError');
    expect(alt.details.errors[0]).toEqual({ path: ['fileInfo', 'alternativeText'], message: 'fileInfo.alternativeText must be a string or null', name: 'ValidationError' });
    const inArray = await expectRefused([png('refused-e.png'), png('refused-f.png'), { field: 'fileInfo', value: JSON.stringify([{ caption: 'ok' }, { name: ['x'] }]) }], 400, 'ValidationError');
    expect(inArray.details.errors[0].path).toEqual(['fileInfo', '1', 'name']);
    const long = await expectRefused([png('refused-g.png'), { field: 'fileInfo', value: JSON.stringify({ caption: 'c'.repeat(256) }) }], 400, 'ValidationError');
    expect(long.details.errors[0].path).toEqual(['fileInfo', 'caption']);
  });

  it('takes fileInfo as one field per file or one array, and ignores keys it does not know (Strapi `folder`)', async () => {
    const res = await post([
      { field: 'fileInfo', value: JSON.stringify({ name: 'First', caption: 'one', folder: 3 }) },
      png('a.png'),
      png('b.png'),
      { field: 'fileInfo', value: JSON.stringify({ alternativeText: 'two' }) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((f: any) => [f.name, f.caption, f.alternativeText, f.width, f.height, f.size])).toEqual([
      ['First', 'one', null, 4, 3, expect.any(Number)],
      ['b.png', null, 'two', 4, 3, expect.any(Number)],
    ]);
    const bytes = await readFile(join(t.dir, 'public', res.body[0].url));
    expect(bytes.equals(pngBytes(4, 3))).toBe(true);
    expect(res.body[0].size).toBe(Math.round((bytes.length / 1000) * 100) / 100);
  });

  it('answers 413 for too many form fields or too many files, and keeps none of the files', async () => {
    const fields = Array.from({ length: 101 }, (_, i): Part => ({ field: `f${i}`, value: 'x' }));
    const tooManyFields = await expectRefused([png('refused-h.png'), ...fields], 413, 'PayloadTooLargeError');
    expect(tooManyFields.message).toBe('Too many form fields');
    const files = Array.from({ length: 51 }, (_, i) => png(`refused-i${i}.png`));
    const tooManyFiles = await expectRefused(files, 413, 'PayloadTooLargeError');
    expect(tooManyFiles.message).toBe('Too many files');
  });

  it('answers 4xx, not 500, for a field named like an Object.prototype member or JSON declared and not sent', async () => {
    const form = new FormData();
    form.append('files', new Blob([pngBytes(2, 2)], { type: 'image/png' }), 'refused-j.png');
    form.append('fileInfo', new Blob(['{oops'], { type: 'application/json' }));
    const declared = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    expect(declared.status).toBe(400);
    await expectRefused([png('refused-k.png'), { field: 'toString', value: 'x' }], 400, 'ValidationError');
  });


  // found by `npm run fuzz` (family upload): the multipart parser's own errors carry no code
  it('answers 400, not 500, for a multipart content type without a boundary or a body cut short, and keeps no file', async () => {
    const before = await stored();
    const raw = async (contentType: string, body: string) => {
      const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body, headers: { ...t.authHeaders, 'content-type': contentType } });
      return { status: response.status, body: (await response.json()) as any };
    };
    for (const body of ['', '{"files":[]}', '--x--']) {
      const noBoundary = await raw('multipart/form-data', body);
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'Malformed multipart body: Multipart: Boundary not found' });
    }
    const png = Buffer.from(pngBytes(2, 2)).toString('latin1');
    const whole = `--x\r\nContent-Disposition: form-data; name="files"; filename="refused-n.png"\r\nContent-Type: image/png\r\n\r\n${png}\r\n`;
    // the second file ends with the body, inside its part; the first was whole and stored by then
    const cut = await raw('multipart/form-data; boundary=x', `${whole}--x\r\nContent-Disposition: form-data; name="files"; filename="refused-o.png"\r\n\r\nabc`);
    expect(cut.status).toBe(400);
    expect(cut.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(cut.body.error.message).toMatch(/^Malformed multipart body: /);
    const headOnly = await raw('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="files"; filename="refused-p.png"\r\n');
    expect(headOnly.status).toBe(400);
    expect(headOnly.body.error.name).toBe('ValidationError');
    expect(await stored()).toEqual(before);
    expect((await api.get('/api/upload/files?filters[name][$startsWith]=refused')).body).toEqual([]);
  });
  it('answers 400 naming files for a very long extension, an extension with odd characters, or a very long name', async () => {
    const longExt = await expectRefused([text(`refused.${'x'.repeat(100)}`, 'text/plain', 'hi')], 400, 'ValidationError');
    expect(longExt.details.errors[0].path).toEqual(['files']);
    expect(longExt.message).toMatch(/extension .* at most 32 characters/);
    await expectRefused([text(`refused.${'x'.repeat(300)}`, 'text/plain', 'hi')], 400, 'ValidationError');
    await expectRefused([text('refused.p?g', 'text/plain', 'hi')], 400, 'ValidationError');
    await expectRefused([text(`refused-${'n'.repeat(300)}.txt`, 'text/plain', 'hi')], 400, 'ValidationError');
    await expectRefused([text('refused.txt', `text/${'p'.repeat(300)}`, 'hi')], 400, 'ValidationError');
  });

  it('answers 413 when a file goes over the size limit mid-stream, and removes the files of the same request', async () => {
    const big: Part = { field: 'files', file: { name: 'refused-big.bin', type: 'application/octet-stream', bytes: new Uint8Array(SIZE_LIMIT + 1) } };
    const error = await expectRefused([png('refused-l.png'), big, png('refused-m.png')], 413, 'PayloadTooLargeError');
    expect(error.message).toBe('File too large');
    const exact: Part = { field: 'files', file: { name: 'exact.bin', type: 'application/octet-stream', bytes: new Uint8Array(SIZE_LIMIT) } };
    const ok = await post([exact]);
    expect(ok.status).toBe(201);
    expect((await readFile(join(t.dir, 'public', ok.body[0].url))).length).toBe(SIZE_LIMIT);
  });

  it('removes the stored files when the database write fails', async () => {
    const before = await stored();
    const knex = t.app.db.knex;
    await knex.schema.renameTable('files', 'files_away');
    try {
      const res = await post([png('lost-a.png'), png('lost-b.png')]);
      expect(res.status).toBe(500);
    } finally {
      await knex.schema.renameTable('files_away', 'files');
    }
    expect(await stored()).toEqual(before);
    expect((await api.get('/api/upload/files?filters[name][$startsWith]=lost')).body).toEqual([]);
  });

  it('serves images inline and HTML, JavaScript and SVG as sandboxed downloads, all with nosniff', async () => {
    const res = await post([
      png('inline.png'),
      text('page.html', 'text/html', '<script>alert(document.cookie)</script>'),
      text('app.js', 'text/javascript', 'alert(1)'),
      text('vector.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      // the declared type does not matter: the served type comes from the stored name
      text('disguised.html', 'image/png', '<script>alert(2)</script>'),
    ]);
    expect(res.status).toBe(201);
    const served = await Promise.all(res.body.map(async (file: { url: string }) => {
      const response = await fetch(`${t.url}${file.url}`);
      await response.arrayBuffer();
      const h = response.headers;
      return [response.status, h.get('content-type'), h.get('x-content-type-options'), h.get('content-disposition'), h.get('content-security-policy')];
    }));
    const download = ['nosniff', 'attachment', "sandbox; default-src 'none'"];
    expect(served).toEqual([
      [200, 'image/png', 'nosniff', null, expect.not.stringContaining('sandbox')],
      [200, 'text/html; charset=utf-8', ...download],
      [200, 'application/javascript; charset=utf-8', ...download],
      [200, 'image/svg+xml', ...download],
      [200, 'text/html; charset=utf-8', ...download],
    ]);
    // the API's own responses are never sniffed either
    expect((await fetch(`${t.url}/api/articles`)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("enforces a media attribute's allowedTypes on REST, GraphQL and document service writes, naming the attribute", async () => {
    const uploaded = await post([text('notes.txt', 'text/plain', 'plain text'), png('photo.png'), text('clip.mp4', 'video/mp4', 'not really a video')]);
    expect(uploaded.status).toBe(201);
    const [textFile, image, video] = uploaded.body as Array<{ id: number }>;

    const rest = await api.post('/api/articles', { data: { title: 'Cover is text', cover: textFile!.id } });
    expect(rest.status).toBe(400);
    expect(rest.body.error.name).toBe('ValidationError');
    expect(rest.body.error.details.errors).toEqual([{ path: ['cover'], message: `cover accepts only images; file ${textFile!.id} is text/plain`, name: 'ValidationError' }]);

    const nested = await api.post('/api/articles', { data: { title: 'Gallery and SEO', gallery: [image!.id, textFile!.id], seo: { metaTitle: 'm', shareImage: video!.id } } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details.errors.map((e: { path: string[] }) => e.path)).toEqual([['gallery'], ['seo', 'shareImage']]);

    const allowed = await api.post('/api/articles', { data: { title: 'Allowed', cover: image!.id, gallery: [image!.id, video!.id], blocks: [{ __component: 'shared.media', file: textFile!.id }] } });
    expect(allowed.status).toBe(201);

    const gql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...t.authHeaders },
      body: JSON.stringify({ query: `mutation { createArticle(data: { title: "GraphQL", cover: "${textFile!.id}" }) { data { id } } }` }),
    });
    const gqlBody = (await gql.json()) as { data: unknown; errors: Array<{ message: string; extensions: { code: string; error: { details: { errors: Array<{ path: string[] }> } } } }> };
    expect(gqlBody.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(gqlBody.errors[0]!.message).toBe(`cover accepts only images; file ${textFile!.id} is text/plain`);
    expect(gqlBody.errors[0]!.extensions.error.details.errors[0]!.path).toEqual(['cover']);

    await expect(t.app.documents('api::article.article').create({ data: { title: 'Service', cover: textFile!.id } }))
      .rejects.toMatchObject({ name: 'ValidationError', message: `cover accepts only images; file ${textFile!.id} is text/plain` });
    expect((await api.get('/api/articles?filters[title][$in][0]=Cover is text&filters[title][$in][1]=GraphQL&filters[title][$in][2]=Service&status=draft')).body.data).toEqual([]);
  });

  it('keeps the existing upload flow working (png with alternative text)', async () => {
    const res = await uploadFile(t.url, 'kept.png', pngBytes(3, 2), { alternativeText: 'Alt' }, t.authHeaders);
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ name: 'kept.png', alternativeText: 'Alt', width: 3, height: 2, mime: 'image/png', ext: '.png' });
  });
});
