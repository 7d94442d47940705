import { Type } from '@sinclair/typebox';
import { object } from './fields.js';

/** `config/admin`: Vellum has no admin panel; only the API token salt is read. */
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
});
