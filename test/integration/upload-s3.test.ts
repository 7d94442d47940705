/**
 * The `aws-s3` upload provider against a real S3-compatible server (s3rver, started here on a
 * free port; see helpers/s3-server.ts), configured as Strapi's `@strapi/provider-upload-aws-s3`
 * is: files uploaded over REST land in the bucket under `rootPath` (a large one as a multipart
 * upload, part by part), each entry's url and its formats' urls are the store's, the objects
 * read back through the SDK are the bytes sent, deleting a file removes its objects, and a
 * failed request (database write, size limit) leaves no object behind. No byte touches
 * `public/uploads`, and the secret key appears in no log line.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { S3_OPTIONS_FROM_ENV, startS3Server, type TestS3 } from '../helpers/s3-server.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const MB = 1024 * 1024;
const SIZE_LIMIT = 16 * MB;

const PLUGINS = `module.exports = ({ env }) => ({
  upload: {
    config: {
      provider: env('UPLOAD_PROVIDER'),
      sizeLimit: ${SIZE_LIMIT},
      providerOptions: {
        rootPath: 'media/',
        s3Options: ${S3_OPTIONS_FROM_ENV},
      },
    },
  },
});
`;

/** bytes no encoder can shrink to nothing, the same for the same seed */
function noise(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + seed + (i >> 9) * 17) % 251;
  return bytes;
}

const png = (width: number, height: number) => sharp(noise(width * height * 3, width), { raw: { width, height, channels: 3 } }).png().toBuffer();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describeEachDialect('aws-s3 upload provider', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp({
      dialect,
      files: { 'config/plugins.js': PLUGINS },
      // the package name resolves to Vellum's built-in provider, as 'aws-s3' does
      env: { UPLOAD_PROVIDER: '@strapi/provider-upload-aws-s3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  beforeEach(async () => {
    await s3.empty();
    s3.requests.length = 0;
  });

  const key = (url: string) => url.slice(`${s3.endpoint}/${s3.bucket}/`.length);

  async function upload(files: Array<{ name: string; type: string; bytes: Buffer }>) {
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('stores a file in the bucket under rootPath; the entry\'s url is the object\'s and serves its bytes', async () => {
    const bytes = Buffer.from('plain text, stored in S3\n');
    const res = await upload([{ name: 'notes.txt', type: 'text/plain', bytes }]);
    expect(res.status).toBe(201);
    const [file] = res.body;
    expect(file).toMatchObject({ name: 'notes.txt', ext: '.txt', mime: 'text/plain', provider: '@strapi/provider-upload-aws-s3', formats: null, isUrlSigned: false });
    expect(file.url).toBe(`${s3.endpoint}/${s3.bucket}/media/${file.hash}.txt`);
    expect(await s3.keys()).toEqual([`media/${file.hash}.txt`]);
    const stored = await s3.read(`media/${file.hash}.txt`);
    expect([stored.bytes.toString(), stored.contentType]).toEqual([bytes.toString(), 'text/plain']);
    const served = await fetch(file.url);
    expect([served.status, await served.text()]).toEqual([200, bytes.toString()]);
    expect((await fetch(`${t.url}/api/upload/files/${file.id}`, { headers: t.authHeaders }).then((r) => r.json()) as any).url).toBe(file.url);
    expect(await readdir(join(t.dir, 'public', 'uploads'))).toEqual([]);
  });

  it('streams a large file as a multipart upload, part by part, and the object holds every byte', async () => {
    const bytes = noise(11 * MB, 3);
    const res = await upload([{ name: 'large.bin', type: 'application/octet-stream', bytes }]);
    expect(res.status).toBe(201);
    const [file] = res.body;
    const stored = await s3.read(key(file.url));
    expect([stored.bytes.length, sha256(stored.bytes)]).toEqual([bytes.length, sha256(bytes)]);
    // 5 MiB parts (lib-storage's default): the bytes never sat in one buffer
    const objectPath = `/${s3.bucket}/media/${file.hash}.bin`;
    const parts = s3.requests.filter((line) => line.startsWith(`PUT ${objectPath}?`) && line.includes('partNumber='));
    expect(parts).toHaveLength(3);
    expect(s3.requests.filter((line) => line.startsWith(`POST ${objectPath}?`))).toHaveLength(2); // create, complete
  });

  it('stores an image\'s formats through the provider, each url the store\'s, and deletes every object with the file', async () => {
    const res = await upload([{ name: 'photo.png', type: 'image/png', bytes: await png(1200, 800) }]);
    expect(res.status).toBe(201);
    const [file] = res.body;
    expect(file).toMatchObject({ width: 1200, height: 800, url: `${s3.endpoint}/${s3.bucket}/media/${file.hash}.png` });
    const expected: Record<string, [number, number]> = { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] };
    expect(Object.keys(file.formats).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [width, height]] of Object.entries(expected)) {
      const format = file.formats[name];
      expect(format.url).toBe(`${s3.endpoint}/${s3.bucket}/media/${name}_${file.hash}.png`);
      const stored = await s3.read(key(format.url));
      expect(stored.bytes.length).toBe(format.sizeInBytes);
      const meta = await sharp(stored.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    }
    const original = await sharp((await s3.read(key(file.url))).bytes).metadata();
    expect([original.width, original.height]).toEqual([1200, 800]);
    expect(await s3.keys('media/')).toHaveLength(5);

    const deleted = await fetch(`${t.url}/api/upload/files/${file.id}`, { method: 'DELETE', headers: t.authHeaders });
    expect(deleted.status).toBe(200);
    for (const url of [file.url, ...Object.values(file.formats).map((format: any) => format.url)]) expect(await s3.exists(key(url))).toBe(false);
    expect(await s3.keys()).toEqual([]);
    expect((await fetch(`${t.url}/api/upload/files/${file.id}`, { headers: t.authHeaders })).status).toBe(404);
  });

  it('removes the stored objects, formats included, when the database write fails', async () => {
    const knex = t.app.db.knex;
    await knex.schema.renameTable('files', 'files_away');
    try {
      const res = await upload([
        { name: 'lost.png', type: 'image/png', bytes: await png(600, 400) },
        { name: 'lost.txt', type: 'text/plain', bytes: Buffer.from('lost') },
      ]);
      expect(res.status).toBe(500);
    } finally {
      await knex.schema.renameTable('files_away', 'files');
    }
    // the objects were in the store before the write failed
    expect(s3.requests.filter((line) => line.startsWith('PUT ')).length).toBeGreaterThanOrEqual(4);
    expect(await s3.keys()).toEqual([]);
    const listed = await fetch(`${t.url}/api/upload/files?filters[name][$startsWith]=lost`, { headers: t.authHeaders });
    expect(await listed.json()).toEqual([]);
  });

  it('answers 413 for a file over the size limit, aborts its multipart upload and keeps no object of the request', async () => {
    const res = await upload([
      { name: 'first.txt', type: 'text/plain', bytes: Buffer.from('kept only if the request succeeds') },
      { name: 'too-big.bin', type: 'application/octet-stream', bytes: noise(SIZE_LIMIT + MB, 5) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ name: 'PayloadTooLargeError', message: 'File too large' });
    // the multipart upload is aborted (s3rver does not implement AbortMultipartUpload: the
    // provider then answers the request's own error and warns that parts may remain)
    expect(s3.requests.some((line) => line.startsWith('DELETE ') && line.includes('uploadId='))).toBe(true);
    expect(t.logs.some((line) => line.startsWith('warn: aws-s3: the multipart upload of media/') && line.includes('could not be aborted'))).toBe(true);
    expect(await s3.keys()).toEqual([]);
  });

  it('never writes the secret key to a log line', () => {
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(s3.secretAccessKey);
  });
});
