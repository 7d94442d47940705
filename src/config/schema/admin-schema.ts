import { Type } from '@sinclair/typebox';
import { boolean, integer, object } from './fields.js';

/** a lifespan in seconds, as Strapi 5's `auth.sessions` keys take it */
const seconds = (description: string, value: number) => integer({ description, min: 1, default: value });

/**
 * `config/admin`: the admin realm (docs/admin.md). Strapi's keys: `url` (where the admin API and
 * panel live), `auth.secret` (signs admin access tokens), `auth.sessions` (lifespans), and
 * `apiToken.salt`.
 */
export const AdminSchema = object({
  url: Type.String({
    description: 'Path of the admin API and panel (Strapi\'s `admin.url`); the refresh cookie is scoped to it.',
    pattern: '^/[A-Za-z0-9_~./-]*$',
    errorMessage: 'must be a path starting with "/" (letters, digits, "-", "_", ".", "~", "/")',
    default: '/admin',
  }),
  serveAdminPanel: boolean({
    description: 'Serve the built admin panel at `url`; `false` leaves the admin API only (Strapi\'s key).',
    default: true,
  }),
  auth: object({
    secret: Type.Optional(
      Type.String({
        description: 'Signs admin access tokens, used when the `ADMIN_JWT_SECRET` environment variable is not set.',
        errorMessage: 'must be a string',
        secret: true,
      }),
    ),
    sessions: object({
      accessTokenLifespan: seconds('Seconds an admin access token (the JWT in the response body) is valid.', 30 * 60),
      maxRefreshTokenLifespan: seconds('"Remember me" sessions: seconds a session lasts at most from its login.', 30 * 24 * 60 * 60),
      idleRefreshTokenLifespan: seconds('"Remember me" sessions: seconds a session survives without a refresh.', 14 * 24 * 60 * 60),
      maxSessionLifespan: seconds('Sessions without "remember me": seconds a session lasts at most from its login.', 24 * 60 * 60),
      idleSessionLifespan: seconds('Sessions without "remember me": seconds a session survives without a refresh.', 2 * 60 * 60),
    }),
  }),
  apiToken: object({
    salt: Type.Optional(
      Type.String({
        description: 'Keys the API token HMAC, used when the `API_TOKEN_SALT` environment variable is not set.',
        errorMessage: 'must be a string',
        secret: true,
      }),
    ),
  }),
  transfer: object({
    token: object({
      salt: Type.Optional(
        Type.String({
          description: 'Keys the transfer token HMAC (`strapi transfer --to`), used when the `TRANSFER_TOKEN_SALT` environment variable is not set.',
          errorMessage: 'must be a string',
          secret: true,
        }),
      ),
    }),
  }),
});
