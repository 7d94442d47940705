import { describe, expect, it } from 'vitest';
import { StartupError } from '../errors/index.js';
import { readInlineTypes, uploadResponseHeaders } from './served-headers.js';

describe('served upload headers', () => {
  const inline = readInlineTypes({});

  it('shows passive images, video and audio inline, with nosniff', () => {
    for (const type of ['image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg', 'IMAGE/PNG; charset=binary']) {
      expect(uploadResponseHeaders(type, inline)).toEqual({ 'x-content-type-options': 'nosniff' });
    }
  });

  it('serves active or unknown types as sandboxed downloads (SVG included)', () => {
    for (const type of ['text/html; charset=utf-8', 'application/javascript', 'image/svg+xml', 'application/xhtml+xml', 'application/octet-stream', undefined]) {
      expect(uploadResponseHeaders(type, inline)).toEqual({
        'x-content-type-options': 'nosniff',
        'content-disposition': 'attachment',
        'content-security-policy': "sandbox; default-src 'none'",
      });
    }
  });

  it('takes the inline list from plugins.upload.config.inlineTypes, and refuses a list that is not MIME types', () => {
    const custom = readInlineTypes({ inlineTypes: ['application/pdf'] });
    expect(uploadResponseHeaders('application/pdf', custom)).toEqual({ 'x-content-type-options': 'nosniff' });
    expect(uploadResponseHeaders('image/png', custom)['content-disposition']).toBe('attachment');
    expect(() => readInlineTypes({ inlineTypes: 'image/png' })).toThrow(StartupError);
    expect(() => readInlineTypes({ inlineTypes: ['png'] })).toThrow(/inlineTypes must be a list of MIME types/);
  });
});
