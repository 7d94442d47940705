/**
 * Which files get signed: only with a private provider, only files of that provider (or whose
 * provider is not selected), each format with its own URL; `isUrlSigned` says whether the URL
 * changed.
 */
import { describe, expect, it } from 'vitest';
import type { UploadProvider } from './provider.js';
import { fileSigner } from './sign-media.js';

const provider = (isPrivate: boolean): UploadProvider => ({
  name: '@strapi/provider-upload-aws-s3',
  upload: () => Promise.reject(new Error('not used')),
  delete: () => Promise.resolve(),
  isPrivate: () => isPrivate,
  // signs the bucket's URLs only, as the aws-s3 provider does
  signedUrl: ({ url }) => Promise.resolve(url.startsWith('https://bucket/') ? `${url}?signed` : url),
});

describe('fileSigner', () => {
  it('signs nothing when the provider is public', () => {
    expect(fileSigner(provider(false))).toBeUndefined();
  });

  it('signs a file of the same provider (by either of its names) and each format', async () => {
    const sign = fileSigner(provider(true))!;
    const signed = await sign({
      id: 1, provider: 'aws-s3', url: 'https://bucket/a.png', hash: 'a', ext: '.png',
      formats: { thumbnail: { url: 'https://bucket/thumbnail_a.png', hash: 'thumbnail_a', ext: '.png' } },
    });
    expect(signed).toMatchObject({ url: 'https://bucket/a.png?signed', isUrlSigned: true, formats: { thumbnail: { url: 'https://bucket/thumbnail_a.png?signed', isUrlSigned: true } } });
  });

  it('leaves files of another provider, and URLs outside the bucket, unsigned', async () => {
    const sign = fileSigner(provider(true))!;
    expect(await sign({ provider: 'local', url: '/uploads/a.png' })).toEqual({ provider: 'local', url: '/uploads/a.png', isUrlSigned: false });
    expect(await sign({ url: 'https://elsewhere/a.png' })).toEqual({ url: 'https://elsewhere/a.png', isUrlSigned: false });
    // a selection without provider (GraphQL `url` alone) is judged by its URL
    expect(await sign({ url: 'https://bucket/a.png' })).toEqual({ url: 'https://bucket/a.png?signed', isUrlSigned: true });
  });
});
