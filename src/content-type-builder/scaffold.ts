/**
 * The core files `strapi generate` writes beside a new content type's schema: a controller, a
 * router and a service from Strapi's factories, in the project's language (TypeScript when the
 * project has a tsconfig.json, JavaScript otherwise). An api folder's existing files are kept.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ScaffoldFile {
  /** project-relative path */
  readonly path: string;
  readonly text: string;
}

const FACTORIES = { controllers: 'createCoreController', routes: 'createCoreRouter', services: 'createCoreService' } as const;
const WHAT = { controllers: 'controller', routes: 'router', services: 'service' } as const;

export function scaffoldFiles(dir: string, type: { uid: string; api: string; name: string }): ScaffoldFile[] {
  const typescript = existsSync(join(dir, 'tsconfig.json'));
  return (Object.keys(FACTORIES) as (keyof typeof FACTORIES)[])
    .map((folder) => {
      const path = `src/api/${type.api}/${folder}/${type.name}.${typescript ? 'ts' : 'js'}`;
      const comment = `/**\n * ${type.name} ${WHAT[folder]}\n */\n`;
      const text = typescript
        ? `${comment}\nimport { factories } from '@strapi/strapi';\n\nexport default factories.${FACTORIES[folder]}('${type.uid}');\n`
        : `'use strict';\n\n${comment}\nconst { ${FACTORIES[folder]} } = require('@strapi/strapi').factories;\n\nmodule.exports = ${FACTORIES[folder]}('${type.uid}');\n`;
      return { path, text };
    })
    .filter((file) => !['.ts', '.js'].some((extension) => existsSync(join(dir, file.path.replace(/\.[jt]s$/, extension)))));
}
