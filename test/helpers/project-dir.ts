/**
 * Throwaway Strapi-layout projects for process tests (`startVellumProcess`): a directory written
 * from a map of files, and the secrets a production start requires.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** secrets a production start requires; fixed values, the test's databases are throwaway */
export const TEST_SECRETS = { APP_KEYS: 'k1,k2', API_TOKEN_SALT: 'salt-for-tests', JWT_SECRET: 'jwt-secret-for-tests', ADMIN_JWT_SECRET: 'admin-secret-for-tests' };

/** A new project directory holding `files` (path → content); the caller removes it. */
export async function writeProject(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-project-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}
