/**
 * The admin path the server serves the panel at (`admin.url`, default `/admin`): it writes it into
 * the page's `<base href>` (no inline script, CSP stays `script-src 'self'`). The router's
 * basename, and the prefix of the admin realm's routes (`/admin/login`); the content manager's
 * API is at `/content-manager/*` whatever the path.
 */
export function adminBasePath(): string {
  const path = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  return path === '' ? '/admin' : path;
}
