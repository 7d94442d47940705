/**
 * The users-permissions settings (`config/plugins` `'users-permissions'.config`: `jwtSecret`,
 * `jwt.expiresIn` (30d), `ratelimit` ({ interval: 60000, max: 10 }), `password.minLength` (6))
 * are part of the one config schema (`src/config/schema/plugins-schema.ts`); the app passes the
 * checked slice, `config.auth`. Re-exported here for auth's own modules and tests.
 */
export type { AuthConfig } from '../config/types.js';
export { readAuthConfig } from '../config/plugin-config.js';
