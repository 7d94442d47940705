/**
 * The blog example's model for import tests: its content types' `schema.json` files and its
 * components, nothing else (its bootstrap seeds demo content, which would make the database
 * "not empty"). The fixture archives under test/fixtures/strapi-export were made with this model.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BLOG = fileURLToPath(new URL('../../examples/blog/', import.meta.url));

/** path → content of the blog example's schemas and components, for `writeProject` */
export async function blogSchemaFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const api of await readdir(join(BLOG, 'src/api'))) {
    const path = `src/api/${api}/content-types/${api}/schema.json`;
    files[path] = await readFile(join(BLOG, path), 'utf8');
  }
  for (const component of await readdir(join(BLOG, 'src/components/shared'))) {
    files[`src/components/shared/${component}`] = await readFile(join(BLOG, 'src/components/shared', component), 'utf8');
  }
  return files;
}
