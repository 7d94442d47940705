import { describe, expect, it } from 'vitest';
import { bytesToKilobytes, fileHash } from './file-naming.js';

describe('file naming', () => {
  it('builds hashes as Strapi does: slug with "_", case kept, 10 hex digits', () => {
    expect(fileHash('img-15.png', '.png')).toMatch(/^img_15_[0-9a-f]{10}$/);
    expect(fileHash('My Photo (1).JPG', '.JPG')).toMatch(/^My_Photo_1_[0-9a-f]{10}$/);
    expect(fileHash('fooBar.png', '.png')).toMatch(/^foo_Bar_[0-9a-f]{10}$/);
    expect(fileHash('Ünïcödé & co.png', '.png')).toMatch(/^Uenicoede_and_co_[0-9a-f]{10}$/);
    // the extension is stripped only when the name ends with it (a fileInfo name may not)
    expect(fileHash('renamed', '.png')).toMatch(/^renamed_[0-9a-f]{10}$/);
    expect(fileHash(`${'a'.repeat(250)}.png`, '.png')).toMatch(/^a{180}_[0-9a-f]{10}$/);
  });

  it('reports kilobytes of 1000 bytes with two decimals', () => {
    expect(bytesToKilobytes(5)).toBe(0.01);
    expect(bytesToKilobytes(12_345)).toBe(12.35);
    expect(bytesToKilobytes(200_000_000)).toBe(200_000);
  });
});
