/**
 * Applies `config/middlewares`: Strapi's built-in names map to Fastify plugins; `global::x`,
 * `api::<api>.x` and `{ resolve }` entries load the project's own Koa-style middlewares.
 */
import { existsSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { StartupError } from '../../errors/index.js';
import type { Logger } from '../logger.js';
import { loadProjectModule, type ProjectModules } from '../../strapi/strapi-modules.js';
import { registerBuiltin } from './builtin-middlewares.js';
import { registerKoaMiddlewares, type KoaMiddleware } from './custom-middlewares.js';
import { middlewareEntries, type MiddlewareEntry } from './middleware-entries.js';

const EXTENSIONS = ['.ts', '.js', '.mjs', '.cjs'];

function findFile(base: string): string | undefined {
  if (existsSync(base) && EXTENSIONS.some((ext) => base.endsWith(ext))) return base;
  return EXTENSIONS.map((ext) => `${base}${ext}`).find((path) => existsSync(path));
}

function middlewareFile(dir: string, entry: MiddlewareEntry): string | undefined {
  if (entry.resolve !== undefined) return findFile(resolvePath(dir, entry.resolve));
  const global = /^global::(.+)$/.exec(entry.name);
  if (global) return findFile(join(dir, 'src', 'middlewares', global[1]!));
  const api = /^api::([^.]+)\.(.+)$/.exec(entry.name);
  if (api) return findFile(join(dir, 'src', 'api', api[1]!, 'middlewares', api[2]!));
  return undefined;
}

async function loadCustom(dir: string, entry: MiddlewareEntry, app: unknown, modules: ProjectModules | undefined): Promise<KoaMiddleware> {
  const file = middlewareFile(dir, entry);
  if (!file) throw new StartupError(`config/middlewares: middleware "${entry.name}" not found (looked for src/middlewares, src/api/*/middlewares or the resolve path)`);
  const factory = loadProjectModule(dir, file, modules);
  if (typeof factory !== 'function') throw new StartupError(`${file}: a middleware must export (config, { strapi }) => async (ctx, next) => {…}`);
  const middleware = (factory as (config: unknown, context: { strapi: unknown; app: unknown }) => unknown)(entry.config, { strapi: app, app });
  if (typeof middleware !== 'function') throw new StartupError(`${file}: the middleware factory must return an async (ctx, next) function`);
  return middleware as KoaMiddleware;
}

export async function applyMiddlewares(server: FastifyInstance, list: readonly unknown[], options: { dir: string; app: unknown; log: Logger; modules?: ProjectModules }): Promise<void> {
  const custom: KoaMiddleware[] = [];
  for (const entry of middlewareEntries(list)) {
    if (await registerBuiltin(server, entry, options.log)) continue;
    if (entry.name.startsWith('strapi::') || entry.name.startsWith('plugin::')) {
      options.log.warn(`config/middlewares: "${entry.name}" is not supported by Vellum and is ignored`);
      continue;
    }
    custom.push(await loadCustom(options.dir, entry, options.app, options.modules));
  }
  registerKoaMiddlewares(server, custom);
}
