/**
 * Permission action names: `<content type uid>.<find|findOne|create|update|delete>`, as Strapi
 * names content-API actions (`api::article.article.find`), for project types, media files
 * (`plugin::upload.file.find`) and users and roles (`plugin::users-permissions.user.find`).
 */
import type { Registry } from '../model/types.js';
import { ROLE_UID, USER_UID } from './content-types.js';

export const CONTENT_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

const FILE_UID = 'plugin::upload.file';

export function actionName(uid: string, action: ContentAction): string {
  return `${uid}.${action}`;
}

/** Strapi's names for the upload plugin's content-API actions, read as ours. */
const ALIASES: Readonly<Record<string, string>> = {
  'plugin::upload.content-api.find': `${FILE_UID}.find`,
  'plugin::upload.content-api.findOne': `${FILE_UID}.findOne`,
  'plugin::upload.content-api.upload': `${FILE_UID}.create`,
  'plugin::upload.content-api.destroy': `${FILE_UID}.delete`,
};

export function normalizeAction(name: string): string {
  return ALIASES[name.trim()] ?? name.trim();
}

/** Types whose actions can be granted: the project's `api::` types, media files, users and roles. */
export function permissionTypes(registry: Registry): string[] {
  const api = [...registry.contentTypes.values()].filter((t) => t.namespace === 'api').map((t) => t.uid).sort();
  return [...api, FILE_UID, USER_UID, ROLE_UID].filter((uid) => registry.contentTypes.has(uid));
}

/** Users and roles are read through the API, never written: only their reads are actions. */
const READ_ONLY_TYPES = new Set([USER_UID, ROLE_UID]);

/** Every action name a role or a custom token may hold. */
export function knownActions(registry: Registry): ReadonlySet<string> {
  const names = new Set<string>();
  for (const uid of permissionTypes(registry)) {
    for (const action of CONTENT_ACTIONS) {
      if (!READ_ONLY_TYPES.has(uid) || action === 'find' || action === 'findOne') names.add(actionName(uid, action));
    }
  }
  return names;
}

/** Names among `names` that are not actions (after normalising Strapi's aliases). */
export function unknownActions(registry: Registry, names: readonly string[]): string[] {
  const known = knownActions(registry);
  return names.filter((name) => !known.has(normalizeAction(name)));
}

/** read-only API tokens may do these (Strapi: every scope ends with find or findOne). */
export function isReadAction(name: string): boolean {
  return name.endsWith('.find') || name.endsWith('.findOne');
}
