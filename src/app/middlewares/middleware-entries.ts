/**
 * `config/middlewares` entries as Strapi writes them — `'strapi::cors'`, `{ name, config }`,
 * `{ resolve: './src/middlewares/x', config }`, `'global::x'` — normalised to one shape.
 */
import { StartupError } from '../../errors/index.js';

export interface MiddlewareEntry {
  /** `strapi::cors`, `global::csp`, or the resolve path */
  readonly name: string;
  readonly resolve?: string;
  readonly config: Readonly<Record<string, unknown>>;
}

export function middlewareEntries(list: readonly unknown[]): MiddlewareEntry[] {
  return list.map((item, index) => {
    if (typeof item === 'string') return { name: item, config: {} };
    if (typeof item === 'object' && item !== null) {
      const { name, resolve, config } = item as { name?: unknown; resolve?: unknown; config?: unknown };
      const cfg = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {};
      if (typeof resolve === 'string') return { name: typeof name === 'string' ? name : resolve, resolve, config: cfg };
      if (typeof name === 'string') return { name, config: cfg };
    }
    throw new StartupError(`config/middlewares: entry ${index} must be a name or { name | resolve, config } (got ${JSON.stringify(item)})`);
  });
}
