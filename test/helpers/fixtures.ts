/**
 * Where the tests find the blog model, computed from this file so the suite runs from any
 * checkout with nothing beside it.
 * - `BLOG_EXAMPLE`: the example project (`examples/blog`): model, config and a bootstrap that
 *   seeds demo data. For tests that only read the model (`loadRegistry` reads `src/api` and
 *   `src/components`, nothing else).
 * - `BLOG_MODEL`: the same schemas without config or bootstrap (`test/fixtures/blog-model`), for
 *   tests that start an app from a copy of the project and expect an empty database and a fresh
 *   project's defaults. `test/fixtures/blog-model.test.ts` keeps the two copies in step.
 */
import { fileURLToPath } from 'node:url';

export const BLOG_EXAMPLE = fileURLToPath(new URL('../../examples/blog', import.meta.url));
export const BLOG_MODEL = fileURLToPath(new URL('../fixtures/blog-model', import.meta.url));
