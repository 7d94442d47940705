/** Project files for the auth integration tests (`test/integration/auth-*.test.ts`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BLOG_FIXTURE } from './test-app.js';

const ARTICLE_SCHEMA_PATH = 'src/api/article/content-types/article/schema.json';

/** The blog's article, plus a private attribute to probe. */
function articleWithPrivateField(): string {
  const schema = JSON.parse(readFileSync(join(BLOG_FIXTURE, ARTICLE_SCHEMA_PATH), 'utf8')) as { attributes: Record<string, unknown> };
  schema.attributes.internalNote = { type: 'string', private: true };
  return JSON.stringify(schema);
}

/** `files` for useTestApp: the private article attribute and a users-permissions config. */
export function authTestFiles(pluginConfig: Record<string, unknown> = {}): Record<string, string> {
  return {
    [ARTICLE_SCHEMA_PATH]: articleWithPrivateField(),
    // Many logins in one test file: keep the limiter out of the way unless a test sets it.
    'config/plugins.json': JSON.stringify({ 'users-permissions': { config: { ratelimit: { max: 1000 }, ...pluginConfig } } }),
  };
}
