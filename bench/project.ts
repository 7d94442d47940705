/**
 * The bench project: the blog model of `examples/blog` (its `src/api` and `src/components` only,
 * read-only) plus the plain-JavaScript config and bootstrap a Strapi project would have. The dataset builder and the
 * server under load use the same layout, so the cached database matches the schema sync.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_DIR = resolve(BENCH_DIR, '..');
export const CACHE_DIR = join(BENCH_DIR, '.cache');

/** The repo's own example model; BENCH_FIXTURE points at another project with the same layout. */
export function fixtureDir(): string {
  const dir = process.env.BENCH_FIXTURE || join(REPO_DIR, 'examples', 'blog');
  if (!existsSync(join(dir, 'src', 'api'))) throw new Error(`bench: no blog model at ${dir} (src/api is missing); check BENCH_FIXTURE`);
  return dir;
}

const SERVER_CONFIG = `module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  // the bench reads statement counts in a separate pass; the measured server runs without it
  serverTiming: env.bool('BENCH_SERVER_TIMING', false),
  // the webhooks bench (webhooks.ts) posts to a receiver on 127.0.0.1
  ...(env.bool('BENCH_WEBHOOKS_PRIVATE', false) ? { webhooks: { allowPrivateTargets: true } } : {}),
});
`;

// BENCH_REST_CACHE (JSON) turns the response cache on for the cached pass of `npm run bench -- --cache`
const API_CONFIG = `module.exports = ({ env }) => {
  const cache = env('BENCH_REST_CACHE', '');
  return { rest: { defaultLimit: 25, maxLimit: 100, withCount: true, ...(cache ? { cache: JSON.parse(cache) } : {}) } };
};
`;

const PLUGINS_CONFIG = `module.exports = () => ({
  graphql: { config: { endpoint: '/graphql', shadowCRUD: true, depthLimit: 10, amountLimit: 100 } },
});
`;

/**
 * The Public role reads everything the scenarios touch (as the anchors' Strapi did). Written
 * against whatever permission API the app offers, so the bench runs before and after auth lands.
 */
const INDEX_JS = `const READ = ['find', 'findOne'];
const TYPES = ['api::article.article', 'api::category.category', 'api::author.author', 'api::tag.tag', 'api::global.global', 'plugin::upload.file'];

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const permissions = strapi.permissions;
    if (!permissions || typeof permissions.grant !== 'function') return;
    const actions = TYPES.flatMap((uid) => READ.map((action) => uid + '.' + action));
    await permissions.grant('public', actions);
  },
};
`;

/** Writes (or refreshes) a bench project in `dir`; returns the SQLite file the app will open. */
export function writeBenchProject(dir: string): string {
  const fixture = fixtureDir();
  mkdirSync(join(dir, 'config'), { recursive: true });
  mkdirSync(join(dir, 'public', 'uploads'), { recursive: true });
  mkdirSync(join(dir, '.tmp'), { recursive: true });
  // the model only: the example's own bootstrap (demo data) and config would change the dataset
  // schemas only: the example's controllers, routes and middlewares would change what is measured
  const model = (path: string) => !/\.[cm]?[jt]s$/.test(path);
  for (const part of ['api', 'components']) cpSync(join(fixture, 'src', part), join(dir, 'src', part), { recursive: true, filter: model });
  writeFileSync(join(dir, 'config', 'server.js'), SERVER_CONFIG);
  writeFileSync(join(dir, 'config', 'api.js'), API_CONFIG);
  writeFileSync(join(dir, 'config', 'plugins.js'), PLUGINS_CONFIG);
  writeFileSync(join(dir, 'src', 'index.js'), INDEX_JS);
  return join(dir, '.tmp', 'data.db');
}

/** Secrets a production start may require (random per run: nothing here is kept). */
export function productionSecrets(): Record<string, string> {
  const key = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  return {
    APP_KEYS: [key(), key()].join(','),
    API_TOKEN_SALT: key(),
    ADMIN_JWT_SECRET: key(),
    TRANSFER_TOKEN_SALT: key(),
    JWT_SECRET: key(),
    ENCRYPTION_KEY: key(),
  };
}
