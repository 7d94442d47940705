/**
 * The admin path the server serves the panel at (`admin.url`, default `/admin`): it writes it into
 * the page's `<base href>` (no inline script, CSP stays `script-src 'self'`). The router's
 * basename; the admin API itself always lives at `/admin/*` and `/content-manager/*`.
 */
export function adminBasePath(): string {
  const path = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  return path === '' ? '/admin' : path;
}
