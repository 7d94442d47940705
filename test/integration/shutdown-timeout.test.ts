/**
 * `server.shutdownTimeout` bounds a shutdown of `vellum start` (as users run it: `node
 * bin/vellum.js start`): with a request still running, SIGTERM ends the process within the
 * timeout and a small margin, having cut that request's connection and run the project's
 * `destroy`; the request's own work (here a 20-second wait) does not keep the process alive.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { startVellumProcess } from '../helpers/vellum-process.js';

const SHUTDOWN_TIMEOUT_MS = 2_000;
/** exit, destroy and closing the pool after the cut: generous on a loaded 2-core machine */
const MARGIN_MS = 1_500;

const FILES: Record<string, string> = {
  'config/server.js': `module.exports = { shutdownTimeout: ${SHUTDOWN_TIMEOUT_MS} };\n`,
  'src/api/note/content-types/note/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'notes',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: false },
    attributes: { title: { type: 'string' } },
  }),
  'src/api/note/controllers/note.js': `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreController('api::note.note', () => ({
  async slow() {
    await new Promise((done) => setTimeout(done, 20000));
    return { data: 'done' };
  },
}));
`,
  'src/api/note/routes/01-slow.js': `module.exports = { routes: [{ method: 'GET', path: '/slow', handler: 'note.slow', config: { auth: false } }] };\n`,
  'src/api/note/routes/02-note.js': `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note');\n`,
  'src/index.js': `const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
module.exports = {
  destroy() { writeFileSync(join(__dirname, '..', 'destroyed'), String(Date.now())); },
};
`,
};

let dir = '';

beforeAll(async () => {
  dir = await writeProject(FILES);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('vellum start: server.shutdownTimeout', () => {
  it('exits within shutdownTimeout of SIGTERM with a 20-second request in flight, after running destroy', async () => {
    const server = await startVellumProcess(dir, TEST_SECRETS);
    try {
      const url = server.url;
      let requestEnded = 0;
      const slow = fetch(`${url}/api/slow`).then(
        (response) => `answered ${response.status}`,
        (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
      ).finally(() => { requestEnded = Date.now(); });
      // the request is in its handler
      await new Promise((done) => setTimeout(done, 500));
      expect(requestEnded).toBe(0);

      const signalled = Date.now();
      process.kill(server.pid, 'SIGTERM');
      const code = await Promise.race([server.exited, new Promise<string>((done) => setTimeout(() => done('still running'), 10_000))]);
      const elapsed = Date.now() - signalled;
      expect(code, server.output()).toBe(0);
      expect(elapsed).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
      expect(elapsed).toBeLessThan(SHUTDOWN_TIMEOUT_MS + MARGIN_MS);
      // the request's connection was cut at the timeout, not answered
      expect(await slow).toMatch(/^failed: /);
      expect(requestEnded - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS + MARGIN_MS);
      // destroy ran, after the drain
      expect(existsSync(join(dir, 'destroyed'))).toBe(true);
      expect(Number(await readFile(join(dir, 'destroyed'), 'utf8')) - signalled).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
      expect(server.output()).toMatch(/requests still running after 2000 ms; closing their connections/);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
