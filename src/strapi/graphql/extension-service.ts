/**
 * `strapi.plugin('graphql').service('extension')`: shadow-CRUD settings and `use(extension)`.
 * Project code calls it in `register()`; the GraphQL plugin reads it once, when it builds the
 * schema (extension functions run then, with `{ nexus, strapi, app }`, as in Strapi v4).
 * nexus (about 190 modules) is loaded only when an extension function is registered.
 */
import { createShadowCrudSettings, type ShadowCrudHandle, type ShadowCrudSettings } from './shadow-crud.js';
import type { Extension, ExtensionObject } from './types.js';
import { loadPackage } from '../../util/load-package.js';

export interface GraphqlExtensionService {
  shadowCRUD(uid: string): ShadowCrudHandle;
  use(extension: Extension): GraphqlExtensionService;
}

export interface GraphqlExtensions {
  readonly service: GraphqlExtensionService;
  readonly settings: ShadowCrudSettings;
  /** every registered extension as an object, in `use()` order, with its position (1-based) */
  resolve(app: unknown): Promise<Array<{ readonly index: number; readonly extension: ExtensionObject }>>;
}

export function createGraphqlExtensions(): GraphqlExtensions {
  const settings = createShadowCrudSettings();
  const registered: Extension[] = [];
  const service: GraphqlExtensionService = {
    shadowCRUD: (uid) => settings.handle(uid),
    use(extension) {
      registered.push(extension);
      return service;
    },
  };
  return {
    service,
    settings,
    async resolve(app) {
      const nexus = registered.some((extension) => typeof extension === 'function') ? await loadPackage(() => import('nexus')) : undefined;
      return registered.map((extension, i) => ({
        index: i + 1,
        extension: typeof extension === 'function' ? extension({ nexus: nexus!, strapi: app, app }) : extension,
      }));
    },
  };
}
