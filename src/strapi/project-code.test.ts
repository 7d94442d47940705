import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errors } from '../errors/strapi-errors.js';
import { factoryInfo } from './rest/factories.js';
import { loadProjectCode, NO_PROJECT_CODE } from './project-code.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function project(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'vellum-code-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe('loadProjectCode', () => {
  it('a project without code files costs nothing', async () => {
    expect(await loadProjectCode(await project({ 'src/api/a/content-types/a/schema.json': '{}' }))).toBe(NO_PROJECT_CODE);
  });

  it('names policies and middlewares as Strapi does; @strapi/strapi and @strapi/utils resolve to Vellum in every module style', async () => {
    const code = await loadProjectCode(await project({
      'src/policies/is-owner.ts': 'export default () => true;',
      'src/middlewares/timer.js': 'module.exports = () => async (ctx, next) => next();',
      'src/api/shop/policies/open.mjs': 'export default () => true;',
      'src/api/shop/middlewares/log.cjs': 'module.exports = () => async (ctx, next) => next();',
      'src/api/shop/controllers/shop.js': "module.exports = require('@strapi/strapi').factories.createCoreController('api::shop.shop');",
      'src/api/shop/services/shop.ts': "import strapi from '@strapi/strapi';\nexport default strapi.factories.createCoreService('api::shop.shop', {});",
      'src/api/shop/routes/shop.ts': "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::shop.shop');",
      'src/api/shop/routes/errors.ts': "import { errors } from '@strapi/utils';\nexport default { routes: [], errors };",
      'src/api/shop/routes/notes.d.ts': 'export {};',
    }));
    expect(code.policies.map((p) => p.name)).toEqual(['global::is-owner', 'api::shop.open']);
    expect(code.middlewares.map((p) => p.name)).toEqual(['global::timer', 'api::shop.log']);
    expect(code.controllers.map((c) => [c.name, factoryInfo(c.value)])).toEqual([['api::shop.shop', { kind: 'controller', uid: 'api::shop.shop', customized: false }]]);
    expect(factoryInfo(code.services[0]?.value)).toEqual({ kind: 'service', uid: 'api::shop.shop', customized: true });
    expect(code.routes.map((r) => r.name)).toEqual(['api::shop.errors', 'api::shop.shop']);
    expect((code.routes[0]?.value as { errors: unknown }).errors).toBe(errors);
    expect(factoryInfo(code.routes[1]?.value)?.kind).toBe('router');
  });

  it('a file that does not load stops the start naming it', async () => {
    await expect(loadProjectCode(await project({ 'src/api/shop/controllers/shop.ts': "import x from 'not-installed-anywhere';\nexport default x;" }))).rejects.toThrow(/controllers\/shop\.ts: cannot be loaded/);
  });
});
