/**
 * The sandbox HTML and its bundled assets (built into `dist/sandbox/` by `build.mjs`). The page
 * references only Vellum's own paths; its configuration travels as JSON in a
 * `<script type="application/json">` element, escaped so no value can close the element.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SandboxPageConfig {
  readonly endpoint: string;
  readonly title: string;
  readonly defaultQuery: string;
  readonly defaultHeaders: string;
  readonly shouldPersistHeaders: boolean;
}

/** JSON that is safe inside an HTML `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderSandboxPage(config: SandboxPageConfig, assetsBase: string): string {
  const base = escapeAttribute(assetsBase);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeAttribute(config.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/sandbox.css">
</head>
<body>
<div id="vellum-sandbox"></div>
<script id="vellum-sandbox-config" type="application/json">${scriptJson(config)}</script>
<script src="${base}/sandbox.js" defer></script>
</body>
</html>
`;
}

export const DEFAULT_SANDBOX_QUERY = `# Welcome to the Vellum GraphQL sandbox.
#
# Write a query on the left (Ctrl-Space autocompletes), run it with Ctrl-Enter,
# build one by clicking in the Explorer, and read the schema in the Docs pane.
# Add an "Authorization": "Bearer <token>" header in the Headers tab below.
`;

export interface SandboxAsset {
  readonly type: string;
  readonly body: Buffer;
  readonly gzip: Buffer | null;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The package's `dist/sandbox`, found from this module's location (src/ in development, dist/ once built). */
export function sandboxDirectory(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'dist', 'sandbox');
    if (existsSync(join(dir, 'package.json')) && existsSync(join(candidate, 'sandbox.js'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

/** Every asset of the built sandbox, read once: only these names are ever served. */
export function loadSandboxAssets(directory: string): Map<string, SandboxAsset> {
  const assets = new Map<string, SandboxAsset>();
  for (const name of readdirSync(directory)) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const gzipPath = join(directory, `${name}.gz`);
    assets.set(name, {
      type,
      body: readFileSync(join(directory, name)),
      gzip: existsSync(gzipPath) ? readFileSync(gzipPath) : null,
    });
  }
  return assets;
}
