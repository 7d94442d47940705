import { describe, expect, it } from 'vitest';
import { renderSandboxPage, scriptJson } from './sandbox-page.js';
import { resolveLandingPage } from './landing-page.js';
import { readGraphqlConfig } from '../config.js';

const page = (endpoint: string, defaultQuery = '{ x }') =>
  renderSandboxPage({ endpoint, title: 'Vellum GraphQL', defaultQuery, defaultHeaders: '', shouldPersistHeaders: false }, `${endpoint}/sandbox`);

describe('sandbox page', () => {
  it('references only its own assets (no absolute external URL)', () => {
    const html = page('/graphql');
    expect(html).toContain('<link rel="stylesheet" href="/graphql/sandbox/sandbox.css">');
    expect(html).toContain('<script src="/graphql/sandbox/sandbox.js" defer></script>');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('carries its configuration as JSON that cannot close the script element', () => {
    const html = page('/graphql', '</script><script>alert(1)</script>');
    const json = /<script id="vellum-sandbox-config" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toMatchObject({ endpoint: '/graphql', defaultQuery: '</script><script>alert(1)</script>' });
    expect(scriptJson('\u2028&<>')).toBe('"\\u2028\\u0026\\u003c\\u003e"');
  });
});

describe('resolveLandingPage', () => {
  const config = (landingPage?: unknown, extra: Record<string, unknown> = {}) => readGraphqlConfig({ plugins: { graphql: { config: { landingPage, ...extra } } } });

  it('is on outside production and off in production by default', async () => {
    expect((await resolveLandingPage(config(), 'development', {})).kind).toBe('sandbox');
    expect((await resolveLandingPage(config(), 'production', {})).kind).toBe('off');
    expect((await resolveLandingPage(config(undefined, { playgroundAlways: true }), 'production', {})).kind).toBe('sandbox');
  });

  it('follows a boolean, a function of the app, or a plugin', async () => {
    expect((await resolveLandingPage(config(true), 'production', {})).kind).toBe('sandbox');
    expect((await resolveLandingPage(config(false), 'development', {})).kind).toBe('off');
    const app = { flag: true };
    expect((await resolveLandingPage(config((a: typeof app) => a.flag), 'production', app)).kind).toBe('sandbox');
    const plugin = await resolveLandingPage(config({ renderLandingPage: async () => ({ html: '<p>custom</p>' }) }), 'production', {});
    expect(plugin.kind === 'custom' ? await plugin.render() : null).toBe('<p>custom</p>');
    const apollo = await resolveLandingPage(config({ serverWillStart: async () => ({ renderLandingPage: () => ({ html: '<p>apollo</p>' }) }) }), 'development', {});
    expect(apollo.kind === 'custom' ? await apollo.render() : null).toBe('<p>apollo</p>');
  });
});
