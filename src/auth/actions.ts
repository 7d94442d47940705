/**
 * Permission action names: `<content type uid>.<find|findOne|create|update|delete>`, as Strapi
 * names content-API actions (`api::article.article.find`), for project types, media files
 * (`plugin::upload.file.find`) and users and roles (`plugin::users-permissions.user.find`);
 * plus the custom actions a project's routes name (`api::article.article.popular`).
 */
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { Registry } from '../model/types.js';
import { ROLE_UID, USER_UID } from './content-types.js';

export const CONTENT_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export function actionName(uid: string, action: ContentAction): string {
  return `${uid}.${action}`;
}

/** Strapi's names for the upload plugin's content-API actions, read as ours. */
const ALIASES: Readonly<Record<string, string>> = {
  'plugin::upload.content-api.find': `${UPLOAD_FILE_UID}.find`,
  'plugin::upload.content-api.findOne': `${UPLOAD_FILE_UID}.findOne`,
  'plugin::upload.content-api.upload': `${UPLOAD_FILE_UID}.create`,
  'plugin::upload.content-api.destroy': `${UPLOAD_FILE_UID}.delete`,
};

export function normalizeAction(name: string): string {
  return ALIASES[name.trim()] ?? name.trim();
}

/** Types whose actions can be granted: the project's `api::` types, media files, users and roles. */
export function permissionTypes(registry: Registry): string[] {
  const api = [...registry.contentTypes.values()].filter((t) => t.namespace === 'api').map((t) => t.uid).sort();
  return [...api, UPLOAD_FILE_UID, USER_UID, ROLE_UID].filter((uid) => registry.contentTypes.has(uid));
}

/** Users and roles are read through the API, never written: only their reads are actions. */
const READ_ONLY_TYPES = new Set([USER_UID, ROLE_UID]);

const UP = 'plugin::users-permissions';
/**
 * Strapi's users-permissions action names beyond find/findOne, each guarding its route
 * (`user.count` → `GET /api/users/count`, `role.createRole` → `POST /api/users-permissions/roles`,
 * …). The `auth.*` names and `user.me` are accepted so Strapi's permission trees round-trip;
 * Vellum does not require them (decisions.md "Users-permissions routes").
 */
export const USERS_PERMISSIONS_CONTROLLERS: Readonly<Record<string, readonly string[]>> = {
  auth: ['callback', 'changePassword', 'resetPassword', 'connect', 'forgotPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation'],
  user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
  role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
  permissions: ['getPermissions'],
};

export function usersPermissionsAction(controller: string, action: string): string {
  return `${UP}.${controller}.${action}`;
}

/**
 * The custom actions of a project: the handlers its custom route files name
 * (`api::article.article.popular`), grantable as core actions are. One per app (or CLI run),
 * filled when the project code is loaded, before `register` and `bootstrap`.
 */
export interface CustomActions {
  add(names: Iterable<string>): void;
  readonly names: ReadonlySet<string>;
}

export function createCustomActions(): CustomActions {
  const names = new Set<string>();
  return {
    add(more) {
      for (const name of more) names.add(name);
    },
    names,
  };
}

/** Every action name a role or a custom token may hold. */
export function knownActions(registry: Registry, custom?: CustomActions): ReadonlySet<string> {
  const names = new Set<string>(custom?.names);
  for (const [controller, actions] of Object.entries(USERS_PERMISSIONS_CONTROLLERS)) {
    for (const action of actions) names.add(usersPermissionsAction(controller, action));
  }
  for (const uid of permissionTypes(registry)) {
    for (const action of CONTENT_ACTIONS) {
      if (!READ_ONLY_TYPES.has(uid) || action === 'find' || action === 'findOne') names.add(actionName(uid, action));
    }
  }
  return names;
}

/** Names among `names` that are not actions (after normalising Strapi's aliases). */
export function unknownActions(registry: Registry, names: readonly string[], custom?: CustomActions): string[] {
  const known = knownActions(registry, custom);
  return names.filter((name) => !known.has(normalizeAction(name)));
}

/** read-only API tokens may do these (Strapi: every scope ends with find or findOne). */
export function isReadAction(name: string): boolean {
  return name.endsWith('.find') || name.endsWith('.findOne');
}
