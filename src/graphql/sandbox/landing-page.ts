/**
 * Whether a browser GET on the endpoint gets a landing page, and which (spec 4.7):
 * `landingPage` true/false; a function called once at startup with the application instance
 * (its result decides, and may itself be a plugin); an Apollo-style landing-page plugin
 * (`renderLandingPage()` directly or behind `serverWillStart()`), whose HTML is served instead of
 * the sandbox. Unset: the deprecated `playgroundAlways` turns it on everywhere, else it is on
 * outside production.
 */
import type { GraphqlConfig, LandingPagePlugin } from '../config.js';

export type LandingPage =
  | { readonly kind: 'off' }
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'custom'; render(): Promise<string> };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

async function fromPlugin(plugin: LandingPagePlugin): Promise<LandingPage | null> {
  let renderer: unknown = plugin;
  if (typeof plugin.renderLandingPage !== 'function' && typeof plugin.serverWillStart === 'function') {
    renderer = await plugin.serverWillStart({});
  }
  if (!isObject(renderer) || typeof renderer['renderLandingPage'] !== 'function') return null;
  const render = renderer['renderLandingPage'] as () => unknown;
  return {
    kind: 'custom',
    async render() {
      const page = await render.call(renderer);
      if (!isObject(page) || typeof page['html'] !== 'string') throw new Error('landingPage plugin: renderLandingPage() must return { html }');
      return page['html'];
    },
  };
}

async function fromValue(value: unknown): Promise<LandingPage> {
  if (value === true) return { kind: 'sandbox' };
  if (value === false || value === null || value === undefined) return { kind: 'off' };
  if (isObject(value)) return (await fromPlugin(value as LandingPagePlugin)) ?? { kind: 'off' };
  return value ? { kind: 'sandbox' } : { kind: 'off' };
}

export async function resolveLandingPage(config: GraphqlConfig, environment: string, app: unknown): Promise<LandingPage> {
  const option = config.landingPage;
  if (option === undefined) return config.playgroundAlways || environment !== 'production' ? { kind: 'sandbox' } : { kind: 'off' };
  if (typeof option === 'function') return fromValue(await option(app));
  return fromValue(option);
}
