/** `config/middlewares`: Strapi's built-in names and a project's own Koa-style middlewares. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

const MIDDLEWARES = `module.exports = [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'", 'cdn.example.com'], 'frame-src': ['sandbox.example.com'] } } },
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
