/**
 * jiti's CommonJS entry. Its ESM entry imports the same 190 KB CommonJS bundle, which Node then
 * lexes for named exports: about 50 ms of every start (measured). Same factory, same options.
 */
import { createRequire } from 'node:module';
import type { createJiti as CreateJiti } from 'jiti';

export const createJiti = (createRequire(import.meta.url)('jiti') as { createJiti: typeof CreateJiti }).createJiti;

/**
 * A code file of the project (config or project code), its default export unwrapped, through
 * jiti's synchronous require: its asynchronous import hands an ES module file to Node's loader,
 * where `virtualModules` do not apply. Strapi compiles these files to CommonJS, so none may use a
 * top-level `await`; the error says so.
 */
export function requireCode(jiti: ReturnType<typeof createJiti>, file: string): unknown {
  let loaded: unknown;
  try {
    loaded = jiti(file);
  } catch (error) {
    if (error instanceof SyntaxError && /\bawait\b/.test(error.message)) {
      throw new SyntaxError(`${error.message} (project files load as CommonJS, as Strapi builds them: no top-level await)`, { cause: error });
    }
    throw error;
  }
  if ((typeof loaded !== 'object' && typeof loaded !== 'function') || loaded === null) return loaded;
  return (loaded as { default?: unknown }).default ?? loaded;
}
