/**
 * `vellum start` and `vellum develop`: start the project's app and keep it running until a
 * signal. `develop` also restarts it when `src/` or `config/` change (schema or config edits).
 */
import { watch, existsSync, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp, type VellumApp } from '../app/create-app.js';
import { StartupError } from '../errors/index.js';
import { boundHeapGrowth } from './heap-growth.js';

const RELOAD_DEBOUNCE_MS = 250;
/** time for the launcher to set the exit code and for the last log lines, after the app stopped */
const EXIT_AFTER_STOP_MS = 50;

/**
 * Creates the app and listens. `port`: the port a restarted develop app keeps (when the config
 * asks for any free port, `PORT=0`, the panel and clients still find it where it was).
 */
async function boot(dir: string, options: { port?: number; restart?: () => void } = {}): Promise<{ app: VellumApp; url: string }> {
  const app = await createApp({ dir, ...(options.restart ? { develop: { restart: options.restart } } : {}) });
  return listen(app, options.port);
}

async function listen(app: VellumApp, port: number | undefined): Promise<{ app: VellumApp; url: string }> {
  try {
    const url = await app.listen(port !== undefined && app.config.server.port === 0 ? { port } : {});
    return { app, url };
  } catch (error) {
    // close the database and timers, so a process that cannot listen exits instead of idling
    await app.stop();
    throw error;
  }
}

/** resolves once the app's listening socket is closed (its in-flight requests may still run) */
async function untilClosed(app: VellumApp): Promise<void> {
  while (app.server.server.listening) await new Promise((done) => setTimeout(done, 1));
}

/** One log line (JSON in production) saying where the app answers. */
function announce(app: VellumApp, url: string): void {
  const types = [...app.registry.contentTypes.values()].filter((t) => t.namespace === 'api');
  const rest = `${url}/api/${types.find((t) => t.kind === 'collectionType')?.pluralName ?? ''}`;
  const { graphql } = app.config;
  const graphqlUrl = graphql.enabled ? `  GraphQL ${url}${graphql.endpoint}` : '';
  app.log.info(`Vellum is running at ${url} (${app.config.database.client}, ${types.length} content types)  REST ${rest}${graphqlUrl}`);
}

export async function serve(dirArg: string | undefined, options: { watch: boolean }): Promise<number> {
  const dir = resolve(dirArg ?? '.');
  if (!existsSync(dir)) throw new StartupError(`Project directory ${dir} does not exist`);
  boundHeapGrowth();
  let timer: NodeJS.Timeout | undefined;
  // the content-type builder's save and the watcher ask for the same (debounced) restart
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
  };
  const restart = options.watch ? schedule : undefined;
  let current = await boot(dir, { restart });
  announce(current.app, current.url);

  const watchers: FSWatcher[] = [];
  let reloading = Promise.resolve();
  function reload(): void {
    reloading = reloading.then(async () => {
      console.log('Change detected: restarting…');
      // The new app is made (config, schemas, sync, register, bootstrap) while the old one still
      // answers; then the old one closes its listening socket and the new one listens on its port
      // (a gap of a few milliseconds, the panel polling for the restart finds the new app), and
      // a schema that does not load keeps the old app running.
      let next: VellumApp;
      try {
        next = await createApp({ dir, ...(restart ? { develop: { restart } } : {}) });
      } catch (error) {
        // Keep watching: the next save may fix the schema.
        console.error(error instanceof Error ? error.message : String(error));
        console.error('The previous app keeps running.');
        return;
      }
      const port = Number(new URL(current.url).port);
      // the old app stops taking connections, the new one listens at once, the old one drains
      const stopping = current.app.stop();
      await untilClosed(current.app);
      try {
        current = await listen(next, port);
        announce(current.app, current.url);
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error));
      }
      await stopping;
    });
  }
  if (options.watch) {
    for (const sub of ['src', 'config']) {
      const path = join(dir, sub);
      if (!existsSync(path)) continue;
      watchers.push(watch(path, { recursive: true }, schedule));
    }
  }

  // SIGTERM (orchestrators) or SIGINT (Ctrl-C): drain in-flight requests, run destroy, close
  // the pool, then exit 0; a second signal is not caught, so it ends the process at once.
  await new Promise<void>((done) => {
    const stop = (signal: NodeJS.Signals): void => {
      watchers.forEach((w) => w.close());
      current.app.log.info(`${signal}: draining requests (at most ${current.app.config.server.shutdownTimeout} ms), then shutting down`);
      void current.app.stop().finally(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // The app is closed (its destroy has run). What may still hold the event loop is the work of
  // requests whose connections were cut at shutdownTimeout — a handler's timer, a slow call —
  // which would keep the process alive past the bound: the process ends now (the caller first
  // sets the exit code; pino flushes on exit). Unreferenced, so a process with nothing left
  // ends on its own before.
  setTimeout(() => process.exit(), EXIT_AFTER_STOP_MS).unref();
  return 0;
}
