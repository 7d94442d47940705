import { describe, expect, it } from 'vitest';
import { transportOptions } from './nodemailer-provider.js';

describe('nodemailer transport options', () => {
  it('drops an auth of blank credentials (Strapi’s template with SMTP_USERNAME/PASSWORD unset): no login', () => {
    expect(transportOptions({ host: 'h', port: '2525', auth: { user: undefined, pass: undefined } })).toEqual({ host: 'h', port: '2525' });
    expect(transportOptions({ host: 'h', auth: { user: '', pass: null } })).toEqual({ host: 'h' });
  });

  it('keeps any credential, and auth of other kinds, as written', () => {
    expect(transportOptions({ host: 'h', auth: { user: 'u', pass: undefined } })).toEqual({ host: 'h', auth: { user: 'u', pass: undefined } });
    const oauth = { type: 'OAuth2', user: 'u', accessToken: 't' };
    expect(transportOptions({ host: 'h', auth: oauth })).toEqual({ host: 'h', auth: oauth });
    expect(transportOptions({ host: 'h', secure: true })).toEqual({ host: 'h', secure: true });
  });
});
