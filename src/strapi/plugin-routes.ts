/**
 * The content-API routes of Strapi 5's upload and users-permissions plugins that Vellum serves, as
 * Strapi declares them (method, path relative to the plugin's prefix unless `config.prefix` says
 * otherwise, handler name), with the path each is registered under in Vellum (below the REST
 * prefix). A project's `src/extensions/<plugin>/strapi-server.js` sees these and may change them
 * (plugin-extensions.ts). Strapi's routes Vellum does not serve (`auth.connect`,
 * `/auth/:provider/callback`, multi-factor) are not listed.
 */
export interface PluginRoute {
  readonly method: string;
  readonly path: string;
  readonly handler: string;
  readonly config: { readonly prefix?: string; readonly middlewares?: readonly string[] };
}

export interface ExtensiblePlugin {
  /** the prefix Strapi puts before a route path without `config.prefix` */
  readonly prefix: string;
  readonly routes: readonly PluginRoute[];
  /** the plugin's content types by short name (`file`), as uids */
  readonly contentTypes: Readonly<Record<string, string>>;
}

/** Strapi's middleware on the auth routes; Vellum rate limits those routes itself */
export const RATE_LIMIT = 'plugin::users-permissions.rateLimit';

const route = (method: string, path: string, handler: string, config: PluginRoute['config'] = {}): PluginRoute => ({ method, path, handler, config });
const limited = { prefix: '', middlewares: [RATE_LIMIT] };
const unprefixed = { prefix: '' };

export const EXTENSIBLE_PLUGINS: Readonly<Record<string, ExtensiblePlugin>> = {
  upload: {
    prefix: '/upload',
    routes: [
      route('POST', '/', 'content-api.upload'),
      route('GET', '/files', 'content-api.find'),
      route('GET', '/files/:id', 'content-api.findOne'),
      route('DELETE', '/files/:id', 'content-api.destroy'),
    ],
    contentTypes: { file: 'plugin::upload.file', folder: 'plugin::upload.folder' },
  },
  'users-permissions': {
    prefix: '/users-permissions',
    routes: [
      route('POST', '/auth/local', 'auth.callback', limited),
      route('POST', '/auth/local/register', 'auth.register', limited),
      route('POST', '/auth/forgot-password', 'auth.forgotPassword', limited),
      route('POST', '/auth/reset-password', 'auth.resetPassword', limited),
      route('GET', '/auth/email-confirmation', 'auth.emailConfirmation', unprefixed),
      route('POST', '/auth/send-email-confirmation', 'auth.sendEmailConfirmation', unprefixed),
      route('POST', '/auth/change-password', 'auth.changePassword', limited),
      route('GET', '/users/count', 'user.count', unprefixed),
      route('GET', '/users', 'user.find', unprefixed),
      route('GET', '/users/me', 'user.me', unprefixed),
      route('GET', '/users/:id', 'user.findOne', unprefixed),
      route('POST', '/users', 'user.create', unprefixed),
      route('PUT', '/users/:id', 'user.update', unprefixed),
      route('DELETE', '/users/:id', 'user.destroy', unprefixed),
      route('GET', '/roles/:id', 'role.getRole'),
      route('GET', '/roles', 'role.getRoles'),
      route('POST', '/roles', 'role.createRole'),
      route('PUT', '/roles/:role', 'role.updateRole'),
      route('DELETE', '/roles/:role', 'role.deleteRole'),
      route('GET', '/permissions', 'permissions.getPermissions'),
    ],
    contentTypes: { user: 'plugin::users-permissions.user', role: 'plugin::users-permissions.role', permission: 'plugin::users-permissions.permission' },
  },
};

/** where a plugin route is served below the REST prefix: `config.prefix` (or the plugin's) then the path; `/` alone adds nothing */
export function servedPath(plugin: ExtensiblePlugin, path: string, prefix: unknown): string {
  const base = typeof prefix === 'string' ? prefix : plugin.prefix;
  return path === '/' && base !== '' ? base : `${base}${path}`;
}
