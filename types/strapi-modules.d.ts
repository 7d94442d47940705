/**
 * Types of `@strapi/strapi` and `@strapi/utils` for the repo's own TypeScript (examples/blog):
 * at run time Vellum hands project code its own modules under these names (src/strapi/strapi-modules.ts).
 */
declare module '@strapi/strapi' {
  export const factories: typeof import('../src/strapi/rest/factories.js').factories;
}
declare module '@strapi/utils' {
  export const errors: typeof import('../src/errors/strapi-errors.js').errors;
}
