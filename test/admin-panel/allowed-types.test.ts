/**
 * The media picker's reading of `allowedTypes` (admin-panel/src/fields/allowed-types.ts) agrees
 * with the server's check of every write (src/documents/file-types.ts): the picker offers and
 * uploads exactly the files a save will accept.
 */
import { describe, expect, it } from 'vitest';
import { acceptOf, isAllowedMime } from '../../admin-panel/src/fields/allowed-types.js';
import { isAllowedType } from '../../src/documents/file-types.js';

const MIMES = ['image/png', 'IMAGE/JPEG', 'image/svg+xml; charset=utf-8', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain', ''];
const RULES = [['images'], ['videos'], ['audios'], ['files'], ['images', 'videos'], ['application/pdf'], ['image/*'], ['Image/PNG'], ['text/*', 'audios']];

describe('the picker reads allowedTypes as the server does', () => {
  it.each(RULES.map((rules) => [rules.join(',')] as const))('%s', (joined) => {
    const rules = joined.split(',');
    for (const mime of MIMES) expect([mime, isAllowedMime(mime, rules)]).toEqual([mime, isAllowedType(mime, rules)]);
  });

  it('allows everything without allowedTypes', () => {
    expect(MIMES.every((mime) => isAllowedMime(mime, undefined) && isAllowedMime(mime, []))).toBe(true);
  });

  it("gives the file input an accept unless 'files' (anything else) is allowed", () => {
    expect(acceptOf(['images'])).toBe('image/*');
    expect(acceptOf(['images', 'videos'])).toBe('image/*,video/*');
    expect(acceptOf(['application/pdf', 'audio/*'])).toBe('application/pdf,audio/*');
    expect(acceptOf(['images', 'files'])).toBeUndefined();
    expect(acceptOf(undefined)).toBeUndefined();
  });
});
