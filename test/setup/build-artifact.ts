/**
 * Vitest global setup: `npm run build` once per test run (tsc into dist/, the GraphQL sandbox,
 * the server bundle dist/bundle/ that bin/vellum.js runs), so the server and CLI processes the
 * integration tests start run the artifact built from the current sources. A change that breaks
 * the bundle (or the build) fails the run here or in those tests. About 15 s on two cores.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export function buildArtifact(): void {
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) {
    throw new Error(`npm run build failed (exit ${run.status ?? run.signal}); the tests run its output:\n${run.stdout}\n${run.stderr}`);
  }
  console.log(`global setup: npm run build in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export default function setup(): void {
  buildArtifact();
}
