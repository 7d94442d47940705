/**
 * The admin realm's content types, in schema.json form, added to every project's registry beside
 * users-permissions' (auth/content-types.ts). Users, roles and permissions follow Strapi's admin
 * (same uids, tables and columns: `admin_users`, `admin_roles`, `admin_permissions`, the link
 * tables `admin_users_roles_lnk` and `admin_permissions_role_lnk`). Sessions (refresh tokens,
 * hashed) are Vellum's own. None of them is routed under `/api` or exposed by GraphQL.
 */
import type { RawSchemaFile } from '../../model/raw-schema-file.js';
import { AUTH_STATE_UID } from '../content-types.js';

export const ADMIN_USER_UID = 'admin::user';
export const ADMIN_ROLE_UID = 'admin::role';
export const ADMIN_PERMISSION_UID = 'admin::permission';
export const ADMIN_SESSION_UID = 'plugin::vellum.admin-session';
/** one-time claims (`first-admin`): a unique name, so of two racing first registrations one wins */
export const ADMIN_CLAIM_UID = 'plugin::vellum.admin-claim';

const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };
/** users, roles and permissions replace the auth stamp: a change applies at the next request on every instance */
const stamped = { vellum: { changeStamp: AUTH_STATE_UID } };

export const ADMIN_CONTENT_TYPES: readonly RawSchemaFile[] = [
  {
    uid: ADMIN_USER_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'admin_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User', name: 'User' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'email', minLength: 6, unique: true, required: true },
        password: { type: 'password', private: true },
        resetPasswordToken: { type: 'string', private: true },
        // sha256 of the invitation's token: the token itself is shown once, to the inviter
        registrationToken: { type: 'string', private: true },
        isActive: { type: 'boolean', default: false },
        roles: { type: 'relation', relation: 'manyToMany', target: ADMIN_ROLE_UID, inversedBy: 'users' },
        blocked: { type: 'boolean', default: false },
        preferedLanguage: { type: 'string' },
      },
    },
  },
  {
    uid: ADMIN_ROLE_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'admin_roles',
      info: { singularName: 'role', pluralName: 'roles', displayName: 'Role', name: 'Role' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        name: { type: 'string', minLength: 1, unique: true, required: true },
        code: { type: 'string', minLength: 1, unique: true, required: true },
        description: { type: 'string' },
        users: { type: 'relation', relation: 'manyToMany', target: ADMIN_USER_UID, mappedBy: 'roles' },
        permissions: { type: 'relation', relation: 'oneToMany', target: ADMIN_PERMISSION_UID, mappedBy: 'role' },
      },
    },
  },
  {
    uid: ADMIN_PERMISSION_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'admin_permissions',
      info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission', name: 'Permission' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        action: { type: 'string', minLength: 1, required: true },
        actionParameters: { type: 'json' },
        subject: { type: 'string', minLength: 1 },
        properties: { type: 'json' },
        conditions: { type: 'json' },
        role: { type: 'relation', relation: 'manyToOne', target: ADMIN_ROLE_UID, inversedBy: 'permissions' },
      },
    },
  },
  {
    uid: ADMIN_SESSION_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'vellum_admin_sessions',
      info: { singularName: 'admin-session', pluralName: 'admin-sessions', displayName: 'Admin session' },
      options: { draftAndPublish: false },
      // bookkeeping, not permissions: no stamp (a refresh must not reload every instance's caches)
      pluginOptions: { ...hidden },
      attributes: {
        // sha256 of the refresh token; the token itself lives only in the browser's cookie
        tokenHash: { type: 'string', required: true, unique: true, private: true },
        // the session (Strapi's sessionId): every refresh token rotated from one login shares it
        family: { type: 'string', required: true },
        userId: { type: 'integer', required: true },
        rememberMe: { type: 'boolean', default: false },
        // set once the token was exchanged: a second use is a replay and revokes the family
        usedAt: { type: 'datetime' },
        idleExpiresAt: { type: 'datetime', required: true },
        absoluteExpiresAt: { type: 'datetime', required: true },
      },
    },
  },
  {
    uid: ADMIN_CLAIM_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'vellum_admin_claims',
      info: { singularName: 'admin-claim', pluralName: 'admin-claims', displayName: 'Admin claim' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden },
      attributes: {
        name: { type: 'string', required: true, unique: true },
      },
    },
  },
];
