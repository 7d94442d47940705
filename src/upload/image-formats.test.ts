import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_OPTIONS, optimizeImage, plannedVariants, probeImage } from './image-formats.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vellum-image-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function jpegFile(name: string, width: number, height: number, orientation?: number): Promise<string> {
  const path = join(dir, name);
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 100 });
  if (orientation !== undefined) image = image.withMetadata({ orientation });
  await writeFile(path, await image.toBuffer());
  return path;
}

describe('image formats', () => {
  const png = { format: 'png', width: 1200, height: 800 };

  it('plans the thumbnail, then each breakpoint the image exceeds on either side', () => {
    expect(plannedVariants(png, png, DEFAULT_IMAGE_OPTIONS).map((v) => v.key)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    expect(plannedVariants(png, { width: 600, height: 200 }, DEFAULT_IMAGE_OPTIONS).map((v) => v.key)).toEqual(['thumbnail', 'small']);
    expect(plannedVariants(png, { width: 200, height: 600 }, DEFAULT_IMAGE_OPTIONS).map((v) => v.key)).toEqual(['thumbnail', 'small']);
    expect(plannedVariants(png, { width: 245, height: 156 }, DEFAULT_IMAGE_OPTIONS)).toEqual([]);
  });

  it('follows breakpoints and responsiveDimensions, and never resizes SVG', () => {
    const options = { ...DEFAULT_IMAGE_OPTIONS, breakpoints: { xlarge: 1100, tiny: 300 } };
    expect(plannedVariants(png, png, options).map((v) => [v.key, v.resize.width])).toEqual([['thumbnail', 245], ['xlarge', 1100], ['tiny', 300]]);
    expect(plannedVariants(png, png, { ...DEFAULT_IMAGE_OPTIONS, responsiveDimensions: false }).map((v) => v.key)).toEqual(['thumbnail']);
    expect(plannedVariants({ format: 'svg', width: 2000, height: 2000 }, { width: 2000, height: 2000 }, DEFAULT_IMAGE_OPTIONS)).toEqual([]);
  });

  it('rotates by EXIF orientation with autoOrientation, and leaves the image as it is without', async () => {
    const path = await jpegFile('rotated.jpg', 400, 200, 6);
    const probed = await probeImage(path);
    expect(probed).toEqual({ format: 'jpeg', width: 400, height: 200 });
    const source = { path, width: 400, height: 200, bytes: 1_000_000 };
    const work = await mkdtemp(join(dir, 'work-'));
    const rotated = await optimizeImage(source, probed!, { ...DEFAULT_IMAGE_OPTIONS, sizeOptimization: false, autoOrientation: true }, work);
    expect([rotated.width, rotated.height]).toEqual([200, 400]);
    const off = await optimizeImage(source, probed!, { ...DEFAULT_IMAGE_OPTIONS, sizeOptimization: false, autoOrientation: false }, work);
    expect(off).toBe(source);
  });

  it('keeps the optimized image only when it is not larger than the original', async () => {
    const path = await jpegFile('plain.jpg', 300, 300);
    const probed = (await probeImage(path))!;
    const work = await mkdtemp(join(dir, 'work-'));
    const smaller = await optimizeImage({ path, width: 300, height: 300, bytes: 10_000_000 }, probed, DEFAULT_IMAGE_OPTIONS, work);
    expect(smaller.path).not.toBe(path);
    const tinySource = { path, width: 300, height: 300, bytes: 1 };
    expect(await optimizeImage(tinySource, probed, DEFAULT_IMAGE_OPTIONS, work)).toBe(tinySource);
  });

  it('reads a non-image as no image, and refuses a broken one', async () => {
    const text = join(dir, 'text');
    await writeFile(text, 'not an image');
    expect(await probeImage(text)).toBeNull();
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } }).png().toBuffer();
    const broken = join(dir, 'broken');
    await writeFile(broken, whole.subarray(0, whole.length - 40));
    await expect(probeImage(broken)).rejects.toThrow('File is not a valid image');
  });
});
