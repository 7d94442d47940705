/**
 * Strapi 5's file objects and image formats over real HTTP: names, hashes, URLs and sizes built
 * as Strapi builds them; `thumbnail` and the responsive `small`/`medium`/`large` variants made
 * with sharp for PNG, JPEG, WebP and GIF, none for SVG or small images, each stored and deleted
 * with its file; the upload routes (`ref`/`refId`/`field` linking, `?id=` file info). The test
 * images are made by sharp itself.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { useTestApp } from '../helpers/test-app.js';

const FILE_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
  'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt', 'isUrlSigned',
];
const FORMAT_KEYS = ['name', 'hash', 'ext', 'mime', 'path', 'width', 'height', 'size', 'sizeInBytes', 'url'];

/** a noisy image (so encoders cannot shrink it to nothing) of the given format */
async function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 31 + (i >> 7) * 17) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

const svg = (width: number, height: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#c82"/></svg>`);

describeEachDialect('upload formats and routes', (dialect) => {
  const t = useTestApp({ dialect });
  const api = client(() => t.url, () => t.authHeaders);
  const uploadsDir = () => join(t.dir, 'public', 'uploads');
  const onDisk = (url: string) => join(t.dir, 'public', url);

  async function upload(files: Array<{ name: string; type: string; bytes: Buffer }>, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    return { status: response.status, body: (await response.json()) as any };
  }

  /** every format: Strapi's keys, its bytes on disk, the size sharp reads there, the original's format */
  async function expectFormats(file: any, expected: Record<string, [number, number]>, format: string) {
    expect(Object.keys(file.formats ?? {}).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, [width, height]] of Object.entries(expected)) {
      const variant = file.formats[key];
      expect(Object.keys(variant).sort()).toEqual([...FORMAT_KEYS].sort());
      const bytes = (await stat(onDisk(variant.url))).size;
      expect(variant).toEqual({
        name: `${key}_${file.name}`, hash: `${key}_${file.hash}`, ext: file.ext, mime: file.mime, path: null,
        width, height, size: Math.round((bytes / 1000) * 100) / 100, sizeInBytes: bytes, url: `/uploads/${key}_${file.hash}${file.ext}`,
      });
      const meta = await sharp(onDisk(variant.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, width, height]);
    }
  }

  it('answers a file object with exactly Strapi 5 keys: hash from the slug with "_", size in kB of the stored bytes', async () => {
    const res = await upload([{ name: 'img-15.png', type: 'image/png', bytes: await image('png', 1200, 800) }]);
    expect(res.status).toBe(201);
    const [file] = res.body;
    expect(Object.keys(file)).toEqual(FILE_KEYS);
    expect(file.hash).toMatch(/^img_15_[0-9a-f]{10}$/);
    const bytes = (await stat(onDisk(file.url))).size;
    expect(file).toMatchObject({
      name: 'img-15.png', alternativeText: null, caption: null, focalPoint: null, width: 1200, height: 800,
      ext: '.png', mime: 'image/png', url: `/uploads/${file.hash}.png`, previewUrl: null, provider: 'local',
      provider_metadata: null, isUrlSigned: false, size: Math.round((bytes / 1000) * 100) / 100,
    });
    await expectFormats(file, { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] }, 'png');

    const one = await api.get(`/api/upload/files/${file.id}`);
    expect(one.body).toEqual(file);
    const list = await api.get(`/api/upload/files?filters[id][$eq]=${file.id}`);
    expect(list.body).toEqual([file]);
  });

  it("stores the bytes Strapi's sharp options make: the original re-encoded at quality 80, each format resized from it", async () => {
    const input = await image('png', 800, 600);
    const [file] = (await upload([{ name: 'noise.png', type: 'image/png', bytes: input }])).body;
    // Strapi 5's optimize (sizeOptimization on by default): the same format at quality 80
    const optimized = await sharp(input).png({ quality: 80 }).toBuffer();
    expect(optimized.length).toBeLessThan(input.length);
    const stored = await readFile(onDisk(file.url));
    expect(stored.equals(optimized)).toBe(true);
    expect(file.size).toBe(Math.round((optimized.length / 1000) * 100) / 100);
    // formats: resize with fit inside (245×156, then N×N per breakpoint), the input's format and defaults
    for (const [key, box] of [['thumbnail', { width: 245, height: 156 }], ['small', { width: 500, height: 500 }], ['medium', { width: 750, height: 750 }]] as const) {
      const expected = await sharp(optimized).resize({ ...box, fit: 'inside' }).toBuffer();
      expect((await readFile(onDisk(file.formats[key].url))).equals(expected), key).toBe(true);
      expect(file.formats[key]).toMatchObject({ sizeInBytes: expected.length, size: Math.round((expected.length / 1000) * 100) / 100 });
    }
  });

  it('keeps the uploaded bytes when re-encoding would make them larger (decisions.md: Strapi keeps the larger file)', async () => {
    const pixels = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < pixels.length; i += 3) [pixels[i], pixels[i + 1], pixels[i + 2]] = [(i / 3) % 400 * 255 / 400, Math.floor(i / 1200) * 255 / 300, 128];
    const input = await sharp(pixels, { raw: { width: 400, height: 300, channels: 3 } }).png({ palette: true, colours: 8, dither: 0, effort: 10 }).toBuffer();
    expect((await sharp(input).png({ quality: 80 }).toBuffer()).length).toBeGreaterThan(input.length);
    const [file] = (await upload([{ name: 'palette.png', type: 'image/png', bytes: input }])).body;
    expect((await readFile(onDisk(file.url))).equals(input)).toBe(true);
    expect(file.size).toBe(Math.round((input.length / 1000) * 100) / 100);
    const thumbnail = await sharp(input).resize({ width: 245, height: 156, fit: 'inside' }).toBuffer();
    expect((await readFile(onDisk(file.formats.thumbnail.url))).equals(thumbnail)).toBe(true);
  });

  it('makes the formats of JPEG, WebP and GIF in their own format, and none for SVG or an image under every breakpoint', async () => {
    const res = await upload([
      { name: 'Photo One.jpg', type: 'image/jpeg', bytes: await image('jpeg', 800, 600) },
      { name: 'wide.webp', type: 'image/webp', bytes: await image('webp', 600, 400) },
      { name: 'anim.gif', type: 'image/gif', bytes: await image('gif', 300, 200) },
      { name: 'logo.svg', type: 'image/svg+xml', bytes: svg(2000, 1000) },
      { name: 'tiny.png', type: 'image/png', bytes: await image('png', 100, 50) },
    ]);
    expect(res.status).toBe(201);
    const [jpeg, webp, gif, vector, tiny] = res.body;
    expect(jpeg.hash).toMatch(/^Photo_One_[0-9a-f]{10}$/);
    expect([jpeg.width, jpeg.height, webp.width, webp.height, gif.width, gif.height]).toEqual([800, 600, 600, 400, 300, 200]);
    await expectFormats(jpeg, { thumbnail: [208, 156], small: [500, 375], medium: [750, 563] }, 'jpeg');
    await expectFormats(webp, { thumbnail: [234, 156], small: [500, 333] }, 'webp');
    await expectFormats(gif, { thumbnail: [234, 156] }, 'gif');
    expect(vector).toMatchObject({ width: 2000, height: 1000, formats: null, mime: 'image/svg+xml' });
    expect(tiny).toMatchObject({ width: 100, height: 50, formats: null });
  });

  it('deletes every format with its file', async () => {
    const [file] = (await upload([{ name: 'gone.png', type: 'image/png', bytes: await image('png', 900, 900) }])).body;
    const urls = [file.url, ...Object.values(file.formats).map((f: any) => f.url)];
    expect(urls).toHaveLength(4);
    for (const url of urls) expect((await stat(onDisk(url))).isFile()).toBe(true);
    const deleted = await api.delete(`/api/upload/files/${file.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: file.id, hash: file.hash, isUrlSigned: false });
    const left = await readdir(uploadsDir());
    expect(left.filter((name) => name.includes(file.hash))).toEqual([]);
    expect((await api.get(`/api/upload/files/${file.id}`)).status).toBe(404);
  });

  it('refuses a broken image with a 400 and stores nothing', async () => {
    const whole = await image('png', 400, 400);
    const before = (await readdir(uploadsDir())).sort();
    const res = await upload([{ name: 'broken.png', type: 'image/png', bytes: whole.subarray(0, Math.floor(whole.length / 2)) }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ name: 'ValidationError', message: 'File is not a valid image' });
    expect((await readdir(uploadsDir())).sort()).toEqual(before);
  });

  it('links uploaded files to an entry with ref, refId (id or documentId) and field', async () => {
    const article = (await api.post('/api/articles', { data: { title: 'Linked media' } })).body.data;
    const png = await image('png', 300, 200);
    const first = await upload([{ name: 'g1.png', type: 'image/png', bytes: png }], { ref: 'api::article.article', refId: String(article.id), field: 'gallery' });
    expect(first.status).toBe(201);
    const second = await upload(
      [{ name: 'g2.png', type: 'image/png', bytes: png }, { name: 'g3.png', type: 'image/png', bytes: png }],
      { ref: 'api::article.article', refId: article.documentId, field: 'gallery' },
    );
    expect(second.status).toBe(201);
    const cover = await upload([{ name: 'c.png', type: 'image/png', bytes: png }], { ref: 'api::article.article', refId: article.documentId, field: 'cover' });
    expect(cover.status).toBe(201);
    const read = await api.get(`/api/articles/${article.documentId}?status=draft&populate[0]=gallery&populate[1]=cover`);
    expect(read.body.data.gallery.map((f: any) => f.name)).toEqual(['g1.png', 'g2.png', 'g3.png']);
    expect(read.body.data.cover.name).toBe('c.png');
  });

  it('refuses a wrong ref, field or refId with a 4xx naming it, and stores nothing', async () => {
    const article = (await api.post('/api/articles', { data: { title: 'Not linked' } })).body.data;
    const png = await image('png', 20, 20);
    const before = (await readdir(uploadsDir())).sort();
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ref: 'api::nothing.nothing', refId: '1', field: 'cover' }, 400, 'ref'],
      [{ ref: 'api::article.article', refId: String(article.id), field: 'title' }, 400, 'field'],
      [{ ref: 'api::article.article', refId: '999999', field: 'cover' }, 404, 'refId'],
      [{ ref: 'api::article.article', field: 'cover' }, 400, 'refId'],
    ];
    for (const [fields, status, key] of cases) {
      const res = await upload([{ name: 'refused-link.png', type: 'image/png', bytes: png }], fields);
      expect([res.status, res.body.error.details.errors[0].path]).toEqual([status, [key]]);
    }
    const twoInOne = await upload([{ name: 'refused-a.png', type: 'image/png', bytes: png }, { name: 'refused-b.png', type: 'image/png', bytes: png }], { ref: 'api::article.article', refId: String(article.id), field: 'cover' });
    expect(twoInOne.status).toBe(400);
    const text = await upload([{ name: 'refused.txt', type: 'text/plain', bytes: Buffer.from('hi') }], { ref: 'api::article.article', refId: String(article.id), field: 'cover' });
    expect([text.status, text.body.error.details.errors[0].path]).toEqual([400, ['cover']]);
    expect((await readdir(uploadsDir())).sort()).toEqual(before);
    expect((await api.get('/api/upload/files?filters[name][$startsWith]=refused')).body).toEqual([]);
  });

  it('updates a file\'s info with POST /api/upload?id=, from JSON or a form, keeping values not given', async () => {
    const [file] = (await upload([{ name: 'info.png', type: 'image/png', bytes: await image('png', 30, 30) }])).body;
    const json = await api.post(`/api/upload?id=${file.id}`, { fileInfo: { name: 'renamed.png', alternativeText: 'Alt', caption: 'Cap' } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ id: file.id, name: 'renamed.png', alternativeText: 'Alt', caption: 'Cap', hash: file.hash, url: file.url, isUrlSigned: false });
    const form = new FormData();
    form.append('fileInfo', JSON.stringify({ caption: 'From a form', alternativeText: null }));
    const viaForm = await fetch(`${t.url}/api/upload?id=${file.id}`, { method: 'POST', body: form, headers: t.authHeaders });
    expect(viaForm.status).toBe(200);
    expect(await viaForm.json()).toMatchObject({ name: 'renamed.png', alternativeText: 'Alt', caption: 'From a form' });
    expect((await api.post('/api/upload?id=999999', { fileInfo: { name: 'x' } })).status).toBe(404);
    const replace = new FormData();
    replace.append('files', new Blob([await image('png', 10, 10)], { type: 'image/png' }), 'other.png');
    const replaced = await fetch(`${t.url}/api/upload?id=${file.id}`, { method: 'POST', body: replace, headers: t.authHeaders });
    expect(replaced.status).toBe(400);
    expect((await api.get(`/api/upload/files/${file.id}`)).body).toMatchObject({ hash: file.hash, width: 30 });
    const bad = await api.post(`/api/upload?id=${file.id}`, { fileInfo: { name: 5 } });
    expect([bad.status, bad.body.error.details.errors[0].path]).toEqual([400, ['fileInfo', 'name']]);
  });
});
