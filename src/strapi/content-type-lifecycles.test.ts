import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../errors/startup-error.js';
import type { ContentType, Registry } from '../model/types.js';
import { loadContentTypeLifecycles } from './content-type-lifecycles.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-lifecycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

/** Only `contentTypes.has` is read: the lifecycles file must sit beside a known content type. */
const registry = { contentTypes: new Map([['api::article.article', {} as ContentType]]) } as unknown as Registry;
const FILE = 'src/api/article/content-types/article/lifecycles';

describe('content-type lifecycles files', () => {
  it('loads export default and module.exports forms, bound to the content type', async () => {
    const esm = await project({ [`${FILE}.ts`]: 'export default { beforeCreate(event) { event.state.x = 1; }, afterFindMany() {} };' });
    const [loaded] = await loadContentTypeLifecycles(esm, registry);
    expect(loaded?.uid).toBe('api::article.article');
    expect(loaded?.file).toBe(join('src', 'api', 'article', 'content-types', 'article', 'lifecycles.ts'));
    expect(loaded?.subscriber.models).toEqual(['api::article.article']);
    expect(Object.keys(loaded?.subscriber ?? {}).sort()).toEqual(['afterFindMany', 'beforeCreate', 'models']);

    const cjs = await project({ [`${FILE}.js`]: 'module.exports = { afterCreate(event) { return event; } };' });
    const [fromCjs] = await loadContentTypeLifecycles(cjs, registry);
    expect(typeof fromCjs?.subscriber.afterCreate).toBe('function');
  });

  it('finds nothing in a project without lifecycles files', async () => {
    expect(await loadContentTypeLifecycles(await project({ 'src/index.ts': 'export default {};' }), registry)).toEqual([]);
  });

  it.each([
    ['an unknown hook name', 'export default { beforeCreat() {} };', /lifecycles\.ts: unknown lifecycle hook "beforeCreat" \(known hooks: beforeCreate, afterCreate/],
    ["Strapi's bulk hooks, which never fire for documents", 'export default { beforeDeleteMany() {} };', /lifecycles\.ts: unknown lifecycle hook "beforeDeleteMany" \(Vellum fires per-document hooks only; use beforeDelete\)/],
    ['a hook that is not a function', 'export default { afterUpdate: true };', /lifecycles\.ts: lifecycle hook "afterUpdate" must be a function, got boolean/],
    ['an export that is not an object', 'export default () => {};', /lifecycles\.ts: must export an object of hooks/],
    ['a file that does not load', 'export default { beforeCreate( };', /lifecycles\.ts: cannot be loaded/],
  ])('stops the start on %s, naming the file and the key', async (_case, text, message) => {
    const dir = await project({ [`${FILE}.ts`]: text });
    const failure = loadContentTypeLifecycles(dir, registry);
    await expect(failure).rejects.toThrow(StartupError);
    await expect(failure).rejects.toThrow(message);
  });

  it('refuses a lifecycles file beside no content type', async () => {
    const dir = await project({ 'src/api/ghost/content-types/ghost/lifecycles.js': 'module.exports = {};' });
    await expect(loadContentTypeLifecycles(dir, registry)).rejects.toThrow(/lifecycles\.js: no content type api::ghost\.ghost/);
  });
});
