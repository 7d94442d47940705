/**
 * Where file bytes live. The local provider is the default; a project can pass its own
 * (S3, …) with the same two methods, as Strapi's upload providers do.
 */
export interface StoredFile {
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly buffer: Buffer;
}

export interface UploadProvider {
  readonly name: string;
  /** stores the bytes; returns the public URL (absolute or relative to the server) */
  upload(file: StoredFile): Promise<{ url: string; providerMetadata?: unknown }>;
  delete(file: { hash: string; ext: string; url: string }): Promise<void>;
}
