/**
 * A private bucket (`params.ACL: 'private'`), as Strapi's aws-s3 provider serves one: objects are
 * uploaded with the private ACL, the stored URLs stay plain, and every file answered (media
 * routes, media attributes anywhere in an entry: top level, multiple, in a component, in a
 * dynamic zone, in a populated relation) carries a pre-signed URL for itself and each format,
 * valid `signedUrlExpires` seconds, with `isUrlSigned: true`. The store (s3rver, made to refuse
 * anonymous reads as S3 does for private objects) serves the signed URLs and refuses the plain ones.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { request } from '../helpers/http.js';
import { startS3Server, type TestS3 } from '../helpers/s3-server.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const EXPIRES = 120;

const PLUGINS = `module.exports = ({ env }) => ({
  upload: {
    config: {
      provider: 'aws-s3',
      providerOptions: {
        rootPath: 'private',
        s3Options: {
          credentials: { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY') },
          region: 'us-east-1',
          endpoint: env('S3_ENDPOINT'),
          forcePathStyle: true,
          params: { Bucket: env('S3_BUCKET'), ACL: 'private', signedUrlExpires: ${EXPIRES} },
        },
      },
    },
  },
});
`;

type Json = Record<string, any>;

describeEachDialect('aws-s3 provider with a private bucket: signed URLs', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let file: Json;
  beforeAll(async () => {
    s3 = await startS3Server('vellum-private', { privateReads: true });
    t = await startTestApp({
      dialect,
      files: { 'config/plugins.js': PLUGINS },
      env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
    const form = new FormData();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 10, g: 120, b: 80 } } }).png().toBuffer();
    form.append('files', new Blob([png], { type: 'image/png' }), 'secret.png');
    const response = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: t.authHeaders });
    expect(response.status).toBe(201);
    [file] = (await response.json()) as Json[];
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const plain = (hash: string) => `${s3.endpoint}/${s3.bucket}/private/${hash}.png`;

  /** a pre-signed URL of the object `hash`, as the AWS SDK's presigner makes it, that the store serves */
  async function expectSigned(object: Json, hash: string): Promise<void> {
    expect(object.isUrlSigned).toBe(true);
    const url = new URL(object.url);
    expect(`${url.origin}${url.pathname}`).toBe(plain(hash));
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${s3.accessKeyId}/\\d{8}/us-east-1/s3/aws4_request$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(EXPIRES));
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(object.url).not.toContain(s3.secretAccessKey);
    const served = await fetch(object.url);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png');
  }

  it('uploads with the private ACL and answers the upload with signed URLs; the plain URLs are refused', async () => {
    expect(s3.requests.filter((line) => line.startsWith('PUT ')).every((line) => line.endsWith(' acl=private'))).toBe(true);
    await expectSigned(file, file.hash);
    expect(Object.keys(file.formats).sort()).toEqual(['small', 'thumbnail']);
    for (const format of Object.values(file.formats) as Json[]) await expectSigned(format, format.hash);
    for (const hash of [file.hash, file.formats.thumbnail.hash]) expect((await fetch(plain(hash))).status).toBe(403);
  });

  it('signs on every read of the media routes; the stored URLs stay plain', async () => {
    const one = await request(`${t.url}/api/upload/files/${file.id}`, { headers: t.authHeaders });
    await expectSigned(one.body, file.hash);
    await expectSigned(one.body.formats.thumbnail, file.formats.thumbnail.hash);
    const list = await request(`${t.url}/api/upload/files`, { headers: t.authHeaders });
    expect(list.body).toHaveLength(1);
    await expectSigned(list.body[0], file.hash);
    const stored = await t.app.db.knex('files').where({ id: file.id }).first('url', 'formats');
    expect(stored.url).toBe(plain(file.hash));
    const formats = typeof stored.formats === 'string' ? JSON.parse(stored.formats) : stored.formats;
    expect(formats.thumbnail.url).toBe(plain(file.formats.thumbnail.hash));
  });

  it('signs media in entries: single and multiple media, in a component, in a dynamic zone and in a populated relation', async () => {
    const author = await request(`${t.url}/api/authors`, { method: 'POST', json: { data: { name: 'Private Author', avatar: file.id } }, headers: t.authHeaders });
    expect(author.status, JSON.stringify(author.body)).toBe(201);
    const article = await request(`${t.url}/api/articles?status=published`, {
      method: 'POST',
      headers: t.authHeaders,
      json: {
        data: {
          title: 'With private media',
          slug: 'with-private-media',
          cover: file.id,
          gallery: [file.id],
          seo: { metaTitle: 'Private', shareImage: file.id },
          blocks: [{ __component: 'shared.media', file: file.id, caption: 'in a zone' }],
          author: author.body.data.documentId,
        },
      },
    });
    expect(article.status, JSON.stringify(article.body)).toBe(201);
    const populate = 'populate[cover]=true&populate[gallery]=true&populate[seo][populate][0]=shareImage&populate[blocks][populate]=*&populate[author][populate][0]=avatar';
    const read = await request(`${t.url}/api/articles/${article.body.data.documentId}?${populate}`, { headers: t.authHeaders });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const entry = read.body.data;
    for (const media of [entry.cover, entry.gallery[0], entry.seo.shareImage, entry.blocks[0].file, entry.author.avatar]) {
      await expectSigned(media, file.hash);
      await expectSigned(media.formats.small, file.formats.small.hash);
    }
    // a list signs every entry's media too
    const list = await request(`${t.url}/api/authors?populate=avatar`, { headers: t.authHeaders });
    await expectSigned(list.body.data[0].avatar, file.hash);
  });

  it('signs media in GraphQL answers and in the document service', async () => {
    const graphql = await request(`${t.url}/graphql`, {
      method: 'POST',
      headers: t.authHeaders,
      json: { query: '{ authors { data { attributes { name avatar { data { attributes { url hash } } } } } } }' },
    });
    expect(graphql.status, JSON.stringify(graphql.body)).toBe(200);
    const avatar = graphql.body.data.authors.data[0].attributes.avatar.data.attributes;
    await expectSigned({ ...avatar, isUrlSigned: true }, file.hash);
    const [viaCode] = await t.app.documents('api::author.author').findMany({ populate: ['avatar'] }) as Json[];
    await expectSigned(viaCode!.avatar, file.hash);
  });
});
