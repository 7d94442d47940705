/**
 * The shipped program, as tests run it: `node bin/vellum.js …` over the dist/ that
 * `npm run build` made from the current sources (test/setup/build-artifact.ts builds it once per
 * run). Not a tsx transpile of src/cli: the bundle is what users run, and it once answered 500
 * on register and login while every test on sources passed (issue 18).
 */
import { fileURLToPath } from 'node:url';

export const VELLUM_BIN = fileURLToPath(new URL('../../bin/vellum.js', import.meta.url));

/** node's argument list for `vellum <args…>` (after any node options) */
export function vellumArgs(...args: string[]): string[] {
  return [VELLUM_BIN, ...args];
}
