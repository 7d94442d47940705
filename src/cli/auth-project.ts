/**
 * Opens a project for the `token`, `role`, `locale` and `admin:*` commands through the app's own runtime
 * (`createRuntime`: the same config, secrets, model and auth as the server), the schema brought
 * up to date never destructively, no HTTP server; its route files are read for their custom
 * actions. Changes made through it replace the
 * permission version stamp, so running servers follow within a second.
 */
import { PROJECT_MODULES } from '../app/create-app.js';
import { loadProjectCode } from '../strapi/project-code.js';
import { createRuntime } from '../app/runtime.js';
import type { Logger } from '../app/logger.js';
import { knownActions } from '../auth/actions.js';
import type { AuthStores } from '../auth/auth-stores.js';
import type { AdminRealm } from '../auth/admin/admin-realm.js';
import type { TransferTokensStore } from '../auth/transfer-tokens.js';
import type { Env } from '../config/types.js';
import type { LocaleService } from '../documents/locales.js';
import type { EngineContext } from '../engine/types.js';
import { UnknownPermissionsError, VellumError } from '../errors/index.js';
import { customRouteActions } from '../strapi/rest/route-plans.js';
import type { WebhookService } from '../webhooks/webhook-service.js';

export interface AuthProject {
  readonly stores: AuthStores;
  readonly engine: EngineContext;
  /** the project's locales (`vellum locale …`) */
  readonly i18n: LocaleService;
  /** the admin realm (`vellum admin:create-user`, `admin:reset-user-password`) */
  readonly admin: AdminRealm;
  /** webhooks as data (`vellum webhook …`) */
  readonly webhooks: WebhookService;
  /** transfer tokens (`vellum transfer-token …`); undefined without a transfer token salt */
  readonly transferTokens: TransferTokensStore | undefined;
  close(): Promise<void>;
}

/** Start-up messages go to stderr: stdout carries the command's output (a new token). */
const stderrLogger: Logger = {
  info: (message) => console.error(message),
  warn: (message) => console.error(`warning: ${message}`),
  error: (message, error) => console.error(message, error ?? ''),
};

export async function openAuthProject(dir: string, env?: Env): Promise<AuthProject> {
  const runtime = await createRuntime({ dir, env, logger: stderrLogger, neverDestructive: true });
  try {
    // the project's custom route actions (api::article.article.popular) can be granted as on the server
    runtime.stores.customActions.add(customRouteActions((await loadProjectCode(runtime.dir, PROJECT_MODULES)).routes));
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    stores: runtime.stores, engine: runtime.engine, i18n: runtime.i18n, admin: runtime.admin, webhooks: runtime.webhooks, transferTokens: runtime.transferTokens,
    close: () => runtime.close(),
  };
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
      if (error.code === UnknownPermissionsError.code) io.err(`Known actions: ${[...knownActions(project.engine.registry, project.stores.customActions)].join(', ')}`);
      return 1;
    }
    throw error;
  } finally {
    await project.close();
  }
}
