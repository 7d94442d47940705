import { Type } from '@sinclair/typebox';
import { boolean, object } from './fields.js';

/** `config/admin`: the admin panel's path and serving, and the API token salt. */
export const AdminSchema = object({
  apiToken: object({
    salt: Type.Optional(
      Type.String({
        description: 'Keys the API token HMAC, used when the `API_TOKEN_SALT` environment variable is not set.',
        errorMessage: 'must be a string',
        secret: true,
      }),
    ),
  }),
  url: Type.String({
    description:
      'Where the admin panel is served, as Strapi\'s `admin.url`: a path (`/dashboard`) or a full URL whose path is used (`https://cms.example.com/dashboard`). The admin API stays at `/admin/*` and `/content-manager/*`.',
    errorMessage: 'must be a path such as "/admin" or a URL',
    pattern: '^(/|https?://)',
    default: '/admin',
  }),
  serveAdminPanel: boolean({
    description: 'Serve the built admin panel at `admin.url`; `false` leaves the admin API only (Strapi\'s key).',
    default: true,
  }),
});
