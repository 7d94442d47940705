/**
 * Image work on a file already on local disk (a temporary copy of the upload), with sharp, as
 * Strapi's upload plugin does it: probe (format, width, height), refuse a broken image, optimize
 * (quality 80 and/or EXIF rotation, kept only when it is not larger), and resized variants
 * (`thumbnail` fit inside 245×156; one per breakpoint, fit inside N×N). sharp reads the file
 * from disk and writes each output to disk, so an image is never held whole in JS memory.
 */
import { join } from 'node:path';
import type { Metadata, ResizeOptions } from 'sharp';
import { ValidationError } from '../errors/index.js';
import { loadPackage } from '../util/load-package.js';

/** `plugins.upload.config` keys that shape image handling (Strapi's settings and breakpoints) */
export interface ImageOptions {
  readonly breakpoints: Readonly<Record<string, number>>;
  readonly responsiveDimensions: boolean;
  readonly sizeOptimization: boolean;
  readonly autoOrientation: boolean;
}

export const DEFAULT_IMAGE_OPTIONS: ImageOptions = {
  breakpoints: { large: 1000, medium: 750, small: 500 },
  responsiveDimensions: true,
  sizeOptimization: true,
  autoOrientation: false,
};

/** formats Strapi treats as images (dimensions kept), resizes, and optimizes */
const PROCESSED = new Set(['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif', 'avif']);
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif']);

const THUMBNAIL: ResizeOptions = { width: 245, height: 156, fit: 'inside' };

type Sharp = typeof import('sharp');
let loaded: Promise<Sharp> | undefined;

/** loaded on the first image: most starts never need it */
function sharp(): Promise<Sharp> {
  loaded ??= loadPackage(() => import('sharp')).then((module) => {
    // no cache of decoded images between requests: memory stays bounded by the work at hand
    module.default.cache(false);
    return module.default;
  });
  return loaded;
}

export interface ProbedImage {
  readonly format: string;
  readonly width: number | null;
  readonly height: number | null;
}

/** The image's format and size, or null when sharp does not read it as an image Strapi processes. */
export async function probeImage(path: string): Promise<ProbedImage | null> {
  const s = await sharp();
  let meta: Metadata;
  try {
    meta = await s(path).metadata();
  } catch {
    return null;
  }
  if (meta.format === undefined || !PROCESSED.has(meta.format)) return null;
  try {
    // decoding every pixel: a truncated or corrupt image fails here (Strapi's isFaultyImage)
    await s(path).stats();
  } catch {
    throw new ValidationError('File is not a valid image', { errors: [{ path: ['files'], message: 'File is not a valid image', name: 'ValidationError' }] });
  }
  return { format: meta.format, width: meta.width ?? null, height: meta.height ?? null };
}

export interface ImageFile {
  readonly path: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly bytes: number;
}

/**
 * Strapi's `optimize`: re-encode at quality 80 (`sizeOptimization`) and/or rotate by EXIF
 * (`autoOrientation`); the result replaces the original only when it is not larger.
 */
export async function optimizeImage(source: ImageFile, image: ProbedImage, options: ImageOptions, workDir: string): Promise<ImageFile> {
  if (!(options.sizeOptimization || options.autoOrientation) || !OPTIMIZED.has(image.format)) return source;
  const s = await sharp();
  const format = image.format as 'jpeg' | 'png' | 'webp' | 'tiff' | 'avif';
  let pipeline = s(source.path).toFormat(format, { quality: options.sizeOptimization ? 80 : 100 });
  if (options.autoOrientation) pipeline = pipeline.rotate();
  const path = join(workDir, 'optimized');
  const info = await pipeline.toFile(path);
  // Strapi's own rule, which its code never applies to a file on disk (decisions.md "Image optimization")
  if (info.size > source.bytes) return source;
  return { path, width: info.width, height: info.height, bytes: info.size };
}

export interface Variant extends ImageFile {
  /** `thumbnail`, or a breakpoint's name */
  readonly key: string;
}

/** The formats Strapi makes for this image: the thumbnail, then one per breakpoint it exceeds. */
export function plannedVariants(image: ProbedImage, size: { width: number | null; height: number | null }, options: ImageOptions): Array<{ key: string; resize: ResizeOptions }> {
  if (!RESIZED.has(image.format) || size.width === null || size.height === null) return [];
  const { width, height } = size;
  const planned: Array<{ key: string; resize: ResizeOptions }> = [];
  if (width > THUMBNAIL.width! || height > THUMBNAIL.height!) planned.push({ key: 'thumbnail', resize: THUMBNAIL });
  if (options.responsiveDimensions) {
    for (const [key, breakpoint] of Object.entries(options.breakpoints)) {
      if (breakpoint < width || breakpoint < height) planned.push({ key, resize: { width: breakpoint, height: breakpoint, fit: 'inside' } });
    }
  }
  return planned;
}

/** writes one resized variant next to the source, in the source's format */
export async function resizeImage(source: ImageFile, key: string, resize: ResizeOptions, workDir: string): Promise<Variant> {
  const s = await sharp();
  const path = join(workDir, `variant-${key}`);
  // no extension on the output path: sharp keeps the input's format (GIF stays GIF)
  const info = await s(source.path).resize(resize).toFile(path);
  return { key, path, width: info.width, height: info.height, bytes: info.size };
}
