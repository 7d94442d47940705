/**
 * Opens a project for `vellum import` and `vellum export`: the app's runtime (config, model, the
 * database brought up to date never destructively) and the upload provider `config/plugins`
 * names, as the server has them; no HTTP server. Start-up messages go to stderr.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRuntime } from '../app/runtime.js';
import type { Logger } from '../app/logger.js';
import type { Env } from '../config/types.js';
import type { EngineContext } from '../engine/types.js';
import { TransferError } from '../transfer/transfer-error.js';
import { chooseUploadProvider } from '../upload/choose-provider.js';
import type { UploadProvider } from '../upload/provider.js';

export interface TransferProject {
  readonly dir: string;
  readonly engine: EngineContext;
  readonly provider: UploadProvider;
  readonly publicDir: string;
}

const stderrLogger: Logger = {
  info: () => undefined,
  warn: (message) => console.error(`warning: ${message}`),
  error: (message, error) => console.error(message, error ?? ''),
};

/** Runs `work` on the opened project; a TransferError prints its message and exits 1; the database always closes. */
export async function withTransferProject(dir: string, env: Env | undefined, work: (project: TransferProject) => Promise<number>): Promise<number> {
  const runtime = await createRuntime({ dir, env, logger: stderrLogger, neverDestructive: true });
  const publicDir = join(runtime.dir, 'public');
  let provider: UploadProvider | undefined;
  try {
    mkdirSync(join(publicDir, 'uploads'), { recursive: true });
    provider = await chooseUploadProvider(runtime.config.plugins.upload.config, { publicDir, warn: (message) => stderrLogger.warn(message) });
    return await work({ dir: runtime.dir, engine: runtime.engine, provider, publicDir });
  } catch (error) {
    if (error instanceof TransferError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    provider?.close?.();
    await runtime.close();
  }
}
