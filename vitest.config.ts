import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Node resolves `graphql` to its CommonJS build (no `exports` map; `module` is a bundler
    // field), and so do nexus and @graphql-tools: tests load the same one instance, not the .mjs.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'eslint/**/*.test.ts', 'bench/**/*.test.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // `npm run build` once: server and CLI processes run bin/vellum.js over that dist/ (issue 18)
    globalSetup: ['./test/setup/build-artifact.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only add contention on the three database servers.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
