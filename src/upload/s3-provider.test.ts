/**
 * The aws-s3 provider's configuration, read as Strapi's `@strapi/provider-upload-aws-s3` reads
 * it, against a real S3-compatible server (s3rver): `baseUrl` and `rootPath` in keys and URLs,
 * the default and disabled ACL, `actionOptions` that may not move an object elsewhere, and the
 * configurations refused at startup with a message naming the key (never the secret).
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/helpers/s3-server.js';
import { loadConfig } from '../config/load-config.js';
import { StartupError } from '../errors/index.js';
import { chooseUploadProvider } from './choose-provider.js';
import { s3Provider, type S3ProviderOptions } from './s3-provider.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(async () => {
  await s3.empty();
});

const warnings: string[] = [];
const context = { name: 'aws-s3', actionOptions: {}, warn: (message: string) => warnings.push(message) };
const s3Options = (params: Record<string, unknown> = {}) => ({
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, params: { Bucket: s3.bucket, ...params },
});
const file = (hash: string, text: string) => ({ hash, ext: '.txt', mime: 'text/plain', stream: Readable.from([Buffer.from(text)]) });

describe('the aws-s3 provider', () => {
  it('builds urls from baseUrl and keys from rootPath, as Strapi does', async () => {
    const provider = await s3Provider({ baseUrl: 'https://cdn.example.com/assets/', rootPath: '/site/media/', s3Options: s3Options() }, context);
    const stored = await provider.upload(file('a_1', 'one'));
    expect(stored.url).toBe('https://cdn.example.com/assets/site/media/a_1.txt');
    expect((await s3.read('site/media/a_1.txt')).bytes.toString()).toBe('one');
    await provider.delete({ hash: 'a_1', ext: '.txt', url: stored.url });
    expect(await s3.keys()).toEqual([]);
    provider.close?.();
  });

  it('stores objects public-read by default and sends no ACL when ACL is null', async () => {
    const byDefault = await s3Provider({ s3Options: s3Options() }, context);
    const url = (await byDefault.upload(file('pub', 'x'))).url;
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/pub.txt`);
    expect((await fetch(url)).status).toBe(200);
    const none = await s3Provider({ s3Options: s3Options({ ACL: null }) }, context);
    expect((await none.upload(file('plain', 'y'))).url).toBe(`${s3.endpoint}/${s3.bucket}/plain.txt`);
    const puts = s3.requests.filter((line) => line.startsWith('PUT '));
    expect(puts.find((line) => line.includes('/pub.txt'))).toMatch(/ acl=public-read$/);
    expect(puts.find((line) => line.includes('/plain.txt'))).not.toMatch(/acl=/);
    expect(await s3.keys()).toEqual(['plain.txt', 'pub.txt']);
  });

  it('passes actionOptions on, but never lets them change the bucket, key or body', async () => {
    const provider = await s3Provider({ s3Options: s3Options() }, {
      ...context,
      actionOptions: { uploadStream: { Bucket: 'elsewhere', Key: 'other', ContentDisposition: 'attachment' }, delete: { Key: 'other' } },
    });
    await provider.upload(file('opts', 'z'));
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'opts.txt' }));
    expect(head.ContentDisposition).toBe('attachment');
    await provider.delete({ hash: 'opts', ext: '.txt', url: '' });
    expect(await s3.keys()).toEqual([]);
  });

  it('refuses at startup a configuration it cannot honour, naming the key', async () => {
    const refused = async (options: S3ProviderOptions) => {
      try {
        await s3Provider(options, context);
      } catch (error) {
        expect(error).toBeInstanceOf(StartupError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(await refused({ s3Options: { region: 'us-east-1' } })).toMatch(/s3Options\.params\.Bucket must name the bucket/);
    expect(await refused({ s3Options: { ...s3Options(), credentials: { accessKeyId: 'only-the-id' } } })).toMatch(/needs both accessKeyId and secretAccessKey/);
    const legacy = { params: { Bucket: 'b' }, s3Options: {} } as unknown as S3ProviderOptions;
    expect(await refused(legacy)).toMatch(/params belong inside providerOptions\.s3Options/);
  });
});

describe('a private bucket (ACL private): signed URLs, as Strapi\'s getSignedUrl', () => {
  const signature = (url: string) => new URL(url).searchParams;

  it('is private only with ACL private, and signs the objects of its own bucket for signedUrlExpires seconds', async () => {
    expect((await s3Provider({ s3Options: s3Options() }, context)).isPrivate?.()).toBe(false);
    const provider = await s3Provider({ rootPath: 'media', s3Options: s3Options({ ACL: 'private', signedUrlExpires: 60 }) }, context);
    expect(provider.isPrivate?.()).toBe(true);
    const { url } = await provider.upload(file('kept_abc', 'private bytes'));
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/media/kept_abc.txt`);
    for (const signed of [await provider.signedUrl!({ url, hash: 'kept_abc', ext: '.txt' }), await provider.signedUrl!({ url })]) {
      expect(signed.split('?')[0]).toBe(url);
      expect(signature(signed).get('X-Amz-Expires')).toBe('60');
      expect(await (await fetch(signed)).text()).toBe('private bytes');
    }
    // 15 minutes when signedUrlExpires is not set
    const defaults = await s3Provider({ s3Options: s3Options({ ACL: 'private' }) }, context);
    expect(signature(await defaults.signedUrl!({ url: `${s3.endpoint}/${s3.bucket}/x.txt` })).get('X-Amz-Expires')).toBe('900');
  });

  it('leaves a URL that is not its bucket\'s unchanged; with baseUrl, only URLs under it are signed', async () => {
    const provider = await s3Provider({ s3Options: s3Options({ ACL: 'private' }) }, context);
    for (const url of ['https://elsewhere.example.com/other-bucket/a.png', '/uploads/a.png', 'not a url']) {
      expect(await provider.signedUrl!({ url, hash: 'a', ext: '.png' })).toBe(url);
    }
    const behindCdn = await s3Provider({ baseUrl: 'https://cdn.example.com/assets', s3Options: s3Options({ ACL: 'private' }) }, context);
    expect(await behindCdn.signedUrl!({ url: `${s3.endpoint}/${s3.bucket}/a.png` })).toBe(`${s3.endpoint}/${s3.bucket}/a.png`);
    const signed = await behindCdn.signedUrl!({ url: 'https://cdn.example.com/assets/a%20b.png' });
    // the object is signed at the store, under its key
    expect(new URL(signed).pathname).toBe(`/${s3.bucket}/a%20b.png`);
  });
});

describe('choosing the provider from config/plugins', () => {
  async function project(plugins: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'vellum-s3-config-'));
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'plugins.js'), plugins);
    return dir;
  }

  it('resolves aws-s3 and the Strapi package name to the built-in provider; local stays the default', async () => {
    for (const name of ['aws-s3', '@strapi/provider-upload-aws-s3']) {
      const dir = await project(`module.exports = ({ env }) => ({ upload: { config: { provider: '${name}', providerOptions: { s3Options: {
        credentials: { accessKeyId: env('KEY'), secretAccessKey: env('SECRET') }, region: 'us-east-1', endpoint: env('ENDPOINT'), forcePathStyle: true,
        params: { Bucket: '${s3.bucket}' } } } } } });`);
      const config = await loadConfig(dir, { KEY: s3.accessKeyId, SECRET: s3.secretAccessKey, ENDPOINT: s3.endpoint });
      const provider = await chooseUploadProvider(config.plugins.upload.config, { publicDir: join(dir, 'public'), warn: () => undefined });
      expect(provider.name).toBe(name);
      expect((await provider.upload(file(`via_${name.length}`, name))).url).toBe(`${s3.endpoint}/${s3.bucket}/via_${name.length}.txt`);
      provider.close?.();
      await rm(dir, { recursive: true, force: true });
    }
    const dir = await project('module.exports = {};');
    const config = await loadConfig(dir, {});
    expect((await chooseUploadProvider(config.plugins.upload.config, { publicDir: join(dir, 'public'), warn: () => undefined })).name).toBe('local');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an unknown provider and a wrong ACL, and never shows a secret value', async () => {
    const dir = await project(`module.exports = { upload: { config: { provider: 'cloudinary', providerOptions: { s3Options: {
      credentials: { accessKeyId: 'id', secretAccessKey: 12345678 }, params: { ACL: 'everyone' } } } } } };`);
    const error: unknown = await loadConfig(dir, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartupError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^config\/plugins\.js: plugins\.upload\.config\.provider must be one of "local", .*"aws-s3".* \(got "cloudinary"\)$/),
      expect.stringMatching(/^config\/plugins\.js: plugins\.upload\.config\.providerOptions\.s3Options\.credentials\.secretAccessKey must be a string \(got a value that is not shown\)$/),
      expect.stringMatching(/^config\/plugins\.js: plugins\.upload\.config\.providerOptions\.s3Options\.params\.ACL must be one of private, public-read.* \(got "everyone"\)$/),
    ]);
    expect((error as Error).message).not.toContain('12345678');
    await rm(dir, { recursive: true, force: true });
  });
});
