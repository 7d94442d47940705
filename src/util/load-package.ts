/**
 * The one way Vellum loads a package lazily (on first use, not at start): `loadPackage(() =>
 * import('ioredis'))`. The import must stay a literal `import('name')` in the caller, so esbuild
 * bundles it into its own chunk; what comes back is made the same shape everywhere.
 *
 * Why: a CommonJS package's namespace differs between the programs Vellum runs as. Under plain
 * Node (dist/cli, tsx) named exports come from cjs-module-lexer's static guess, which misses
 * exports assigned in a loop or through a getter; inside the esbuild bundle (dist/bundle, what
 * `bin/vellum.js` runs) a bundled CommonJS module comes back as `{ default: module.exports }`
 * with only what esbuild could copy beside it, and a transpiled ES module (`__esModule`) may nest
 * its own `default` one level deeper. `RateLimiterMemory`, ioredis' `Redis` and nodemailer's
 * `createTransport` were each undefined in the bundle while the tests, on sources, passed.
 *
 * The namespace returned has every named export of the module, whichever place it was found in:
 * the namespace's own keys first, then the keys of its CommonJS `default`. `default` is the
 * module's real default export (unwrapped once more when esbuild nested an `__esModule` one).
 */
type Loaded = Record<string, unknown>;

function isObjectLike(value: unknown): value is Loaded {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** the namespace of `load()`'s module with its named exports found wherever interop put them */
export async function loadPackage<T extends object>(load: () => Promise<T>): Promise<T> {
  return normalizeNamespace(await load()) as T;
}

/** exported for its unit test; callers use loadPackage */
export function normalizeNamespace(namespace: object): object {
  const own = namespace as Loaded;
  const inner = own['default'];
  if (!isObjectLike(inner)) return namespace;
  const merged: Loaded = {};
  for (const key of Object.keys(inner)) {
    if (key !== 'default' && key !== '__esModule') merged[key] = inner[key];
  }
  for (const key of Object.keys(own)) {
    if (key !== 'default' && own[key] !== undefined) merged[key] = own[key];
  }
  // `export default` compiled to CommonJS (`exports.default = …` beside `__esModule`)
  merged['default'] = inner['__esModule'] === true && 'default' in inner ? inner['default'] : inner;
  return merged;
}
