/**
 * Where file bytes live. The local provider is the default, `aws-s3` the other built-in one
 * (`choose-provider.ts` picks one from `config/plugins`); both stream, as Strapi's upload
 * providers' `uploadStream` does.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  /**
   * The bytes, streamed from the request: a provider must consume it to the end (or fail). The
   * stream errors when the upload goes over a limit or the client leaves; the provider then
   * rejects and leaves nothing behind.
   */
  readonly stream: Readable;
}

export interface UploadProvider {
  readonly name: string;
  /** stores the bytes; returns the public URL (absolute or relative to the server) */
  upload(file: StoredFile): Promise<{ url: string; providerMetadata?: unknown }>;
  delete(file: { hash: string; ext: string; url: string }): Promise<void>;
  /** true when the stored objects are not publicly readable: answered URLs are signed (`signedUrl`) */
  isPrivate?(): boolean;
  /**
   * a pre-signed, expiring URL that reads the object; a URL that is not this store's comes back
   * unchanged. Without `hash` and `ext` (a GraphQL selection of `url` alone) the object is the
   * one the URL names.
   */
  signedUrl?(file: { url: string; hash?: string; ext?: string }): Promise<string>;
  /** releases connections when the app stops */
  close?(): void;
}

/** Strapi's names of the built-in providers: a Strapi project's config and stored files keep working. */
const KIND: Readonly<Record<string, 'local' | 'aws-s3'>> = {
  local: 'local',
  '@strapi/provider-upload-local': 'local',
  'aws-s3': 'aws-s3',
  '@strapi/provider-upload-aws-s3': 'aws-s3',
};

/** which built-in provider a (stored or configured) `provider` name means; undefined: none of Vellum's */
export function providerKind(name: string): 'local' | 'aws-s3' | undefined {
  return Object.hasOwn(KIND, name) ? KIND[name] : undefined;
}
