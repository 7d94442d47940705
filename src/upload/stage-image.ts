/**
 * Staging of a file declared as an image: the upload is streamed to a temporary file first (the
 * size limit and a client that leaves fail it there), then read from disk by sharp: dimensions,
 * a broken image refused, the optimized original, then the original and each format streamed to
 * the provider. The temporary folder is always removed; when a step fails, every file already
 * given to the provider is deleted before the error goes on.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { bytesToKilobytes } from './file-naming.js';
import { optimizeImage, plannedVariants, probeImage, resizeImage, type ImageFile, type ImageOptions } from './image-formats.js';
import type { UploadProvider } from './provider.js';
import { StreamMeter } from './stream-meter.js';

/** One entry of a file's `formats`, shaped as Strapi 5 stores it. */
export interface FileFormat {
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly path: null;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly sizeInBytes: number;
  readonly url: string;
  readonly provider_metadata?: unknown;
}

export interface StoredImage {
  readonly bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly url: string;
  readonly providerMetadata: unknown;
  /** null when no format was made (not resizable, or small enough) */
  readonly formats: Record<string, FileFormat> | null;
}

interface Target {
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
}

export async function stageImage(source: Readable, target: Target, provider: UploadProvider, options: ImageOptions): Promise<StoredImage> {
  const workDir = await mkdtemp(join(tmpdir(), 'vellum-upload-'));
  const stored: Array<{ hash: string; ext: string; url: string }> = [];
  const store = async (hash: string, file: ImageFile) => {
    const result = await provider.upload({ hash, ext: target.ext, mime: target.mime, stream: createReadStream(file.path) });
    stored.push({ hash, ext: target.ext, url: result.url });
    return result;
  };
  try {
    const meter = new StreamMeter();
    const originalPath = join(workDir, 'original');
    await pipeline(source, meter, createWriteStream(originalPath));
    const probed = await probeImage(originalPath);
    let original: ImageFile = { path: originalPath, width: probed?.width ?? null, height: probed?.height ?? null, bytes: meter.bytes };
    if (probed) original = await optimizeImage(original, probed, options, workDir);
    const result = await store(target.hash, original);

    const formats: Record<string, FileFormat> = {};
    for (const { key, resize } of probed ? plannedVariants(probed, original, options) : []) {
      const variant = await resizeImage(original, key, resize, workDir);
      const hash = `${key}_${target.hash}`;
      const variantResult = await store(hash, variant);
      formats[key] = {
        name: `${key}_${target.name}`, hash, ext: target.ext, mime: target.mime, path: null,
        width: variant.width ?? 0, height: variant.height ?? 0,
        size: bytesToKilobytes(variant.bytes), sizeInBytes: variant.bytes, url: variantResult.url,
        ...(variantResult.providerMetadata === undefined ? {} : { provider_metadata: variantResult.providerMetadata }),
      };
      // free the disk as soon as the provider has the bytes
      await rm(variant.path, { force: true });
    }
    return {
      bytes: original.bytes, width: original.width, height: original.height, url: result.url,
      providerMetadata: result.providerMetadata ?? null,
      formats: Object.keys(formats).length > 0 ? formats : null,
    };
  } catch (error) {
    await Promise.allSettled(stored.map((file) => provider.delete(file)));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
