// Bundles the CLI (`vellum start`, `develop`, `token`, `role`) with its dependencies into
// dist/bundle/: one ES module plus a chunk per lazily imported part (S3, SMTP, Redis, jose, …).
// A start then reads and compiles a few files instead of ~1,700 small modules: Node's module
// resolution, file reads and per-module compilation were most of a cold start (profiled, see
// docs/benchmarks.md). bin/vellum.js runs this bundle and nothing else (it fails without it).
// Run by `npm run build:bundle` (part of `npm run build`); the bench builds the same bundle with
// `serverBundleOptions`.
//
// Left outside the bundle, loaded from node_modules as before:
// - native addons and database drivers (knex requires only the configured one);
// - graphql, nexus and @graphql-tools: project code imports them too, and graphql-js refuses
//   types from a second copy of itself ("another module or realm"), so there must be one copy;
// - jiti (its bundle loads sibling files by relative path) and pino-pretty (development only).
import { build } from 'esbuild';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

export const EXTERNAL = [
  'better-sqlite3', 'pg', 'pg-native', 'pg-query-stream', 'mysql', 'mysql2', 'mariadb', 'mariadb/*', 'sqlite3', 'oracledb', 'tedious',
  'sharp', 'graphql', 'graphql/*', 'nexus', '@graphql-tools/*', 'jiti', 'pino-pretty', 'esbuild', 'fsevents',
];

/**
 * `fastify-packages.ts` loads the Fastify family with `createRequire` (cheaper than ESM imports
 * of CommonJS when unbundled); esbuild only bundles the plain `require`, so in the bundle that
 * module's own `require` is dropped and the global one (the banner's) takes its place.
 */
const plainRequire = {
  name: 'plain-require',
  setup(bundle) {
    bundle.onLoad({ filter: /[/\\]src[/\\]app[/\\]fastify-packages\.ts$/ }, async ({ path }) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(path, 'utf8');
      const line = 'const require = createRequire(import.meta.url);';
      if (!source.includes(line)) throw new Error(`${path}: expected "${line}" (see scripts/build-server-bundle.mjs)`);
      return { contents: source.replace(line, ''), loader: 'ts' };
    });
  },
};

/** esbuild options for a bundle of `entry` into `outdir` (used by the bench as well). */
export function serverBundleOptions(entry, outdir) {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    plugins: [plainRequire],
    // CommonJS dependencies inside an ES module bundle: `require`, `__filename` and `__dirname`
    banner: {
      js: [
        "import { createRequire as __vellumCreateRequire } from 'node:module';",
        "import { fileURLToPath as __vellumFileURLToPath } from 'node:url';",
        'const require = __vellumCreateRequire(import.meta.url);',
        'const __filename = __vellumFileURLToPath(import.meta.url);',
        "const __dirname = __vellumFileURLToPath(new URL('.', import.meta.url));",
      ].join('\n'),
    },
    logLevel: 'warning',
    legalComments: 'none',
  };
}

// `node scripts/build-server-bundle.mjs [outdir]` (default dist/bundle; the outdir must lie inside
// the repository, so the externals resolve from its node_modules)
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ?? `${root}dist/bundle`;
  const started = performance.now();
  await writeInPlace(outdir, await build({ ...serverBundleOptions('src/cli/main.ts', outdir), write: false }));
  console.log(`server bundle built in ${Math.round(performance.now() - started)} ms: ${outdir}/main.js`);
}

/**
 * Writes the bundle over the previous one without a moment where a starting process could read
 * a half-written or missing file, and without pulling chunks from under a running one: each file
 * is written beside its place and renamed into it (a rename is atomic); chunk names carry their
 * content's hash, so a server started from the previous build (a test run's, or a production
 * process during an upgrade) still finds the chunks it loads on first use. Files of older builds
 * go once they are a day old.
 */
async function writeInPlace(outdir, result) {
  await mkdir(outdir, { recursive: true });
  const written = new Set();
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    await writeFile(partial, file.contents);
    await rename(partial, file.path);
    written.add(file.path);
  }
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(outdir)) {
    const path = resolve(outdir, name);
    if (!written.has(path) && (await stat(path)).mtimeMs < dayAgo) await rm(path, { recursive: true, force: true });
  }
}
