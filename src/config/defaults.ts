/**
 * Every default of the project configuration, in one place. Values follow Strapi 5 where it has
 * one (REST limits, port 1337, the generated middleware list) and the spec elsewhere.
 */
export const CONFIG_DEFAULTS = {
  server: {
    host: '127.0.0.1',
    port: 1337,
    bodyLimit: 1_048_576,
    serverTiming: false,
  },
  api: {
    rest: {
      prefix: '/api',
      defaultLimit: 25,
      maxLimit: 100,
      withCount: true,
      strictParams: false,
      populateDepthLimit: 10,
    },
    responses: {
      privateAttributes: [] as readonly string[],
    },
  },
  upload: {
    sizeLimit: 200 * 1024 * 1024,
  },
  /** the list a new Strapi 5 project's `config/middlewares` holds */
  middlewares: [
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
  ] as readonly string[],
} as const;
