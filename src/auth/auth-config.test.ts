import { describe, expect, it } from 'vitest';
import { StartupError } from '../errors/index.js';
import { readAuthConfig } from './auth-config.js';

const plugins = (config: unknown) => ({ plugins: { upload: { config: { sizeLimit: 1 } }, 'users-permissions': { config } } });

describe('readAuthConfig', () => {
  it("has Strapi's defaults: 30 day JWTs, 10 auth requests a minute, passwords of 6 characters", () => {
    expect(readAuthConfig({ plugins: { upload: { config: { sizeLimit: 1 } } } })).toEqual({
      jwtSecret: undefined, jwtExpiresIn: '30d', ratelimit: { enabled: true, interval: 60_000, max: 10 }, passwordMinLength: 6,
      advanced: { unique_email: true, allow_register: true, email_confirmation: false, email_confirmation_redirection: '', email_reset_password: '', default_role: 'authenticated' },
      resetPasswordLifetime: 3600, emailConfirmationLifetime: 86_400,
    });
  });

  it("reads Strapi's keys, koa2-ratelimit's `interval: { min }` and password.minLength", () => {
    expect(readAuthConfig(plugins({ jwtSecret: 's', jwt: { expiresIn: '7d' }, ratelimit: { interval: { min: 5 }, max: 3 }, password: { minLength: 10 } }))).toEqual({
      jwtSecret: 's', jwtExpiresIn: '7d', ratelimit: { enabled: true, interval: 300_000, max: 3 }, passwordMinLength: 10,
      advanced: { unique_email: true, allow_register: true, email_confirmation: false, email_confirmation_redirection: '', email_reset_password: '', default_role: 'authenticated' },
      resetPasswordLifetime: 3600, emailConfirmationLifetime: 86_400,
    });
    expect(readAuthConfig(plugins({ ratelimit: { enabled: false } })).ratelimit.enabled).toBe(false);
  });

  it('reports every wrong value in one StartupError', () => {
    let caught: unknown;
    try {
      readAuthConfig(plugins({ ratelimit: { max: -1 }, password: { minLength: 'six' } }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StartupError);
    expect((caught as Error).message.split('\n')).toEqual([
      "config/plugins: 'users-permissions'.config.ratelimit.max must be a positive integer (got -1)",
      "config/plugins: 'users-permissions'.config.password.minLength must be a positive integer (got \"six\")",
    ]);
  });
});
