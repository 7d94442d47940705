/**
 * `vellum start` and `vellum develop`: start the project's app and keep it running until a
 * signal. `develop` also restarts it when `src/` or `config/` change (schema or config edits).
 */
import { watch, existsSync, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp, type VellumApp } from '../app/create-app.js';
import { StartupError } from '../errors/index.js';

const RELOAD_DEBOUNCE_MS = 250;

async function boot(dir: string): Promise<{ app: VellumApp; url: string }> {
  const app = await createApp({ dir });
  const url = await app.listen();
  return { app, url };
}

function announce(app: VellumApp, url: string): void {
  const types = [...app.registry.contentTypes.values()].filter((t) => t.namespace === 'api');
  console.log(`Vellum is running at ${url} (${app.config.database.client}, ${types.length} content types)`);
  console.log(`  REST     ${url}/api/${types.find((t) => t.kind === 'collectionType')?.pluralName ?? ''}`);
  const graphql = (app.config.raw.plugins as { graphql?: { enabled?: boolean; config?: { endpoint?: string } } } | undefined)?.graphql;
  if (graphql?.enabled !== false) console.log(`  GraphQL  ${url}${graphql?.config?.endpoint ?? '/graphql'}`);
}

export async function serve(dirArg: string | undefined, options: { watch: boolean }): Promise<number> {
  const dir = resolve(dirArg ?? '.');
  if (!existsSync(dir)) throw new StartupError(`Project directory ${dir} does not exist`);
  let current = await boot(dir);
  announce(current.app, current.url);

  const watchers: FSWatcher[] = [];
  if (options.watch) {
    let timer: NodeJS.Timeout | undefined;
    let reloading = Promise.resolve();
    const reload = (): void => {
      reloading = reloading.then(async () => {
        console.log('Change detected: restarting…');
        await current.app.stop();
        try {
          current = await boot(dir);
          announce(current.app, current.url);
        } catch (error) {
          // Keep watching: the next save may fix the schema.
          console.error(error instanceof Error ? error.message : String(error));
        }
      });
    };
    for (const sub of ['src', 'config']) {
      const path = join(dir, sub);
      if (!existsSync(path)) continue;
      watchers.push(watch(path, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(reload, RELOAD_DEBOUNCE_MS);
      }));
    }
  }

  await new Promise<void>((done) => {
    const stop = (): void => {
      watchers.forEach((w) => w.close());
      void current.app.stop().finally(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
