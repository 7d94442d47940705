/**
 * jiti's CommonJS entry. Its ESM entry imports the same 190 KB CommonJS bundle, which Node then
 * lexes for named exports: about 50 ms of every start (measured). Same factory, same options.
 */
import { createRequire } from 'node:module';
import type { createJiti as CreateJiti } from 'jiti';

export const createJiti = (createRequire(import.meta.url)('jiti') as { createJiti: typeof CreateJiti }).createJiti;
