/**
 * Opens a project's database for the `token` and `role` commands: the project's config, secrets
 * and model, the schema brought up to date (never destructively), no HTTP server. Changes made
 * through it replace the permission version stamp, so running servers follow within a second.
 */
import { resolve } from 'node:path';
import { toDatabaseOptions } from '../app/database-options.js';
import { knownActions } from '../auth/actions.js';
import { readAuthConfig } from '../auth/auth-config.js';
import { createAuthStores, type AuthStores } from '../auth/auth-stores.js';
import { AUTH_CONTENT_TYPES } from '../auth/content-types.js';
import { resolveSecrets } from '../auth/secrets.js';
import { loadConfig } from '../config/load-config.js';
import type { Env } from '../config/types.js';
import { openDatabase } from '../db/connection.js';
import { VellumError } from '../errors/index.js';
import { syncSchema } from '../db/sync-schema.js';
import { createRepository } from '../documents/repository.js';
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext } from '../engine/types.js';
import { loadRegistry } from '../model/load-models.js';

export interface AuthProject {
  readonly stores: AuthStores;
  readonly engine: EngineContext;
  close(): Promise<void>;
}

export async function openAuthProject(dirArg: string, env?: Env): Promise<AuthProject> {
  const dir = resolve(dirArg);
  const config = await loadConfig(dir, env);
  const authConfig = readAuthConfig(config);
  const secrets = await resolveSecrets(config, authConfig, { info: (message) => console.error(message) });
  const registry = await loadRegistry(dir, { extraContentTypes: AUTH_CONTENT_TYPES });
  const db = await openDatabase(toDatabaseOptions(config.database));
  try {
    await syncSchema(db, registry, { allowDestructive: false });
    const engine: EngineContext = { knex: db.knex, registry, dialect: db.dialect };
    const repositories = new Map<string, DocumentRepository>();
    const repository = (uid: string): DocumentRepository => {
      const repo = repositories.get(uid) ?? createRepository(engine, registry.contentType(uid));
      repositories.set(uid, repo);
      return repo;
    };
    const stores = createAuthStores(engine, repository, secrets.apiTokenSalt);
    await stores.roles.ensureDefaults();
    return { stores, engine, close: () => db.close() };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Runs one command against the opened project: expected errors print their message (and the
 * known actions when a permission name is unknown) and exit 1; the database always closes.
 */
export async function withAuthProject(
  dirArg: string, env: Env | undefined, io: { err(line: string): void }, work: (project: AuthProject) => Promise<number>,
): Promise<number> {
  const project = await openAuthProject(dirArg, env);
  try {
    return await work(project);
  } catch (error) {
    if (error instanceof VellumError) {
      io.err(error.message);
      if (/Unknown permissions/.test(error.message)) io.err(`Known actions: ${[...knownActions(project.engine.registry)].join(', ')}`);
      return 1;
    }
    throw error;
  } finally {
    await project.close();
  }
}
