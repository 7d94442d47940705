/**
 * The built admin panel (`dist/admin-panel/`, `npm run build:admin`): where it is, and its
 * index.html with the configured admin path written into `<base href>`. The app reads its path
 * from there (admin-panel/src/base-path.ts): no inline script, so helmet's `script-src 'self'`
 * stays as it is.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's `dist/admin-panel`, found from this module's location (src/ in development, dist/ once built). */
export function adminPanelDirectory(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'dist', 'admin-panel');
    if (existsSync(join(dir, 'package.json')) && existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html as served at `path` (`/admin`): its `<base href>` is `path/`, which the assets' `./assets/…` URLs resolve against. */
export function renderPanelIndex(html: string, path: string): string {
  const rewritten = html.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${escapeAttribute(`${path}/`)}">`);
  if (rewritten === html) throw new Error('dist/admin-panel/index.html has no <base href>: rebuild the admin panel (npm run build:admin)');
  return rewritten;
}
