/**
 * The package entry (`import { createApp, factories, errors } from 'vellum'`): the app, and
 * what Strapi projects import from `@strapi/strapi` and `@strapi/utils`.
 */
export { createApp, type CreateAppOptions, type VellumApp } from './app/create-app.js';
export { factories } from './strapi/rest/factories.js';
export { errors } from './errors/strapi-errors.js';
