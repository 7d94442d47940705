/** `config/middlewares`: Strapi's built-in names and a project's own Koa-style middlewares. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

const MIDDLEWARES = `module.exports = [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'", 'cdn.example.com'], 'frame-src': ['sandbox.example.com'] } }, xContentTypeOptions: false },
  },
  { name: 'strapi::cors', config: { origin: ['https://front.example.com'] } },
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
  'global::graphql-csp',
  { resolve: './src/middlewares/teapot', config: { path: '/teapot' } },
];`;

// The spec's recommended way (4.7): a custom middleware setting CSP only on the GraphQL path.
const GRAPHQL_CSP = `module.exports = (config, { strapi }) => async (ctx, next) => {
  await next();
  if (ctx.request.path === '/graphql') ctx.set('Content-Security-Policy', "default-src 'self'; frame-src sandbox.example.com");
  ctx.set('X-Had-Strapi', String(Boolean(strapi && strapi.documents)));
};`;

const TEAPOT = `export default (config) => async (ctx, next) => {
  if (ctx.path === config.path) { ctx.status = 418; ctx.body = { brewed: true }; return; }
  await next();
};`;

describeEachDialect('middlewares', (dialect) => {
  const t = useTestApp({
    dialect,
    files: {
      'config/middlewares.js': MIDDLEWARES,
      'src/middlewares/graphql-csp.js': GRAPHQL_CSP,
      'src/middlewares/teapot.ts': TEAPOT,
    },
  });

  it('merges strapi::security directives into the Content-Security-Policy', async () => {
    const res = await fetch(`${t.url}/api/tags`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' cdn.example.com");
    expect(csp).toContain('frame-src sandbox.example.com');
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBe('Vellum');
    // helmet's noSniff turned off: the server sets it anyway (uploads share the API's origin)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers CORS preflights for the configured origins only', async () => {
    const allowed = await fetch(`${t.url}/api/tags`, { method: 'OPTIONS', headers: { origin: 'https://front.example.com', 'access-control-request-method': 'GET' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://front.example.com');
    const other = await fetch(`${t.url}/api/tags`, { headers: { origin: 'https://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('runs custom middlewares after next() and only where they choose', async () => {
    const graphql = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(graphql.headers.get('content-security-policy')).toBe("default-src 'self'; frame-src sandbox.example.com");
    expect(graphql.headers.get('x-had-strapi')).toBe('true');
    const rest = await fetch(`${t.url}/api/tags`);
    expect(rest.headers.get('content-security-policy')).not.toBe("default-src 'self'; frame-src sandbox.example.com");
  });

  it('lets a custom middleware answer a request itself', async () => {
    const res = await fetch(`${t.url}/teapot`);
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ brewed: true });
  });
});

describeEachDialect('default headers (no config/middlewares)', (dialect) => {
  const t = useTestApp({ dialect });

  it('echoes any Origin with credentials, as Strapi 5 cors defaults do, and sends credentials on every answer', async () => {
    const res = await fetch(`${t.url}/api/tags`, { headers: { origin: 'https://app.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
    // @koa/cors 5 runs without an Origin too: `*` with credentials becomes the (empty) request origin
    for (const path of ['/api/tags', '/api/tags?filters[nope]=1', '/nowhere', '/graphql']) {
      const bare = await fetch(`${t.url}${path}`, path === '/graphql' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' } : {});
      expect(bare.headers.get('access-control-allow-credentials'), path).toBe('true');
      expect(bare.headers.get('access-control-allow-origin'), path).toBe('');
      expect(bare.headers.get('vary'), path).toContain('Origin');
    }
    const thrown = await fetch(`${t.url}/api/tags?filters[nope]=1`, { headers: { origin: 'https://app.example.com' } });
    expect(thrown.status).toBe(400);
    expect(thrown.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(thrown.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers preflights with the methods, headers and a one-year max-age', async () => {
    const res = await fetch(`${t.url}/api/tags`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-max-age')).toBe('31536000');
    // the same lists as Strapi's (which joins them without spaces)
    const list = (name: string) => res.headers.get(name)?.split(',').map((s) => s.trim());
    expect(list('access-control-allow-methods')).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
    expect(list('access-control-allow-headers')).toEqual(['Content-Type', 'Authorization', 'Origin', 'Accept']);
  });

  it('sends X-Powered-By where Strapi does: on answers, unknown routes and missing documents, not on thrown errors', async () => {
    expect((await fetch(`${t.url}/api/tags`)).headers.get('x-powered-by')).toBe('Vellum');
    const unknownRoute = await fetch(`${t.url}/nowhere`);
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.headers.get('x-powered-by')).toBe('Vellum');
    const badQuery = await fetch(`${t.url}/api/tags?filters[nope]=1`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.headers.get('x-powered-by')).toBeNull();
    // Strapi's controller answers nothing and its errors middleware then answers 404: not thrown
    const missing = await fetch(`${t.url}/api/tags/no-such-document`, { headers: t.authHeaders });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    expect(missing.headers.get('x-powered-by')).toBe('Vellum');
    const badBody = await fetch(`${t.url}/api/tags/no-such-document`, { method: 'PUT', headers: { ...t.authHeaders, 'content-type': 'application/json' }, body: '{}' });
    expect(badBody.status).toBe(400);
    expect(badBody.headers.get('x-powered-by')).toBeNull();
  });
});

describeEachDialect('cors origin list as a comma-separated string', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'config/middlewares.js': "module.exports = ['strapi::errors', { name: 'strapi::cors', config: { origin: 'https://a.example.com, https://b.example.com' } }, 'strapi::poweredBy'];" },
  });

  it('allows each listed origin and no other; without an Origin, credentials as Strapi sends them', async () => {
    const bare = await fetch(`${t.url}/api/tags`);
    expect(bare.headers.get('access-control-allow-origin')).toBe('');
    expect(bare.headers.get('access-control-allow-credentials')).toBe('true');
    const b = await fetch(`${t.url}/api/tags`, { headers: { origin: 'https://b.example.com' } });
    expect(b.headers.get('access-control-allow-origin')).toBe('https://b.example.com');
    const other = await fetch(`${t.url}/api/tags`, { headers: { origin: 'https://c.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describeEachDialect('cors without credentials', (dialect) => {
  const t = useTestApp({
    dialect,
    files: { 'config/middlewares.js': "module.exports = ['strapi::errors', { name: 'strapi::cors', config: { credentials: false } }, 'strapi::poweredBy'];" },
  });

  it('sends the origin `*` as is, with or without an Origin, and no credentials', async () => {
    for (const headers of [{ origin: 'https://app.example.com' }, {}] as Record<string, string>[]) {
      const res = await fetch(`${t.url}/api/tags`, { headers });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
