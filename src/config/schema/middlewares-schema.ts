import { Type } from '@sinclair/typebox';
import { oneOf } from './fields.js';

/** the list a new Strapi 5 project's `config/middlewares` holds */
const STRAPI_MIDDLEWARES = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

/** `config/middlewares`: the whole file is the list */
export const MiddlewaresSchema = Type.Array(
  oneOf(
    [
      Type.String(),
      Type.Function([], Type.Unknown()),
      Type.Object({ name: Type.String() }),
      Type.Object({ resolve: Type.String() }),
    ],
    {
      errorMessage: 'must be a middleware name or an object with a name or resolve',
      docType: 'name, or { name | resolve, config }',
    },
  ),
  {
    description: 'Middlewares in order: Strapi names (`strapi::cors`), `global::x`, `api::<api>.x`, or `{ name | resolve, config }`.',
    default: STRAPI_MIDDLEWARES,
    errorMessage: 'must be an array of middleware names or { name, config } objects',
    docType: 'array',
  },
);
