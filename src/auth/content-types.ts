/**
 * The content types authentication keeps its data in, in schema.json form, added to every
 * project's registry. Users, roles and permissions follow Strapi's users-permissions plugin
 * (same uids, tables and columns, so a Strapi database's users can log in). API tokens and the
 * permission version stamp are Vellum's own. None of them is routed under `/api/:plural`.
 */
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import { stampTypeFile } from '../engine/change-stamp.js';

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';
export const API_TOKEN_UID = 'plugin::vellum.api-token';
/**
 * Strapi's core store (`strapi_core_store_settings`: key, value as JSON text, type, environment,
 * tag), where users-permissions keeps its advanced settings and email templates
 * (`plugin_users-permissions_advanced`, `plugin_users-permissions_email`).
 */
export const CORE_STORE_UID = 'plugin::vellum.core-store';
/** One row whose `stamp` changes with every user, role, permission or token change. */
export const AUTH_STATE_UID = 'plugin::vellum.auth-state';

const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };
/**
 * Every write to these types replaces the auth state's stamp in the write's own transaction
 * (documents/change-stamp.ts), whoever makes it: REST, GraphQL, the document service, the CLI.
 */
const stamped = { vellum: { changeStamp: AUTH_STATE_UID } };

export const AUTH_CONTENT_TYPES: readonly RawSchemaFile[] = [
  {
    uid: USER_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User', name: 'user' },
      options: { draftAndPublish: false },
      pluginOptions: { 'content-type-builder': { visible: false }, ...stamped },
      attributes: {
        username: { type: 'string', minLength: 3, unique: true, required: true },
        email: { type: 'email', minLength: 6, unique: true, required: true },
        provider: { type: 'string' },
        password: { type: 'password', private: true },
        resetPasswordToken: { type: 'string', private: true },
        confirmationToken: { type: 'string', private: true },
        confirmed: { type: 'boolean', default: false },
        blocked: { type: 'boolean', default: false },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users' },
      },
    },
  },
  {
    uid: ROLE_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'up_roles',
      info: { singularName: 'role', pluralName: 'roles', displayName: 'Role', name: 'role' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        name: { type: 'string', minLength: 3, required: true },
        description: { type: 'string' },
        type: { type: 'string', unique: true },
        permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role' },
        users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role' },
      },
    },
  },
  {
    uid: PERMISSION_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'up_permissions',
      info: { singularName: 'permission', pluralName: 'permissions', displayName: 'Permission', name: 'permission' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        action: { type: 'string', required: true },
        role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions' },
      },
    },
  },
  {
    uid: API_TOKEN_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'vellum_api_tokens',
      info: { singularName: 'api-token', pluralName: 'api-tokens', displayName: 'API token' },
      options: { draftAndPublish: false },
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        name: { type: 'string', required: true, unique: true },
        description: { type: 'text' },
        type: { type: 'enumeration', enum: ['read-only', 'full-access', 'custom'], required: true },
        permissions: { type: 'json' },
        // HMAC-SHA512 of the token, keyed by API_TOKEN_SALT; the token itself is never stored.
        accessKey: { type: 'string', required: true, unique: true, private: true },
        expiresAt: { type: 'datetime' },
        lastUsedAt: { type: 'datetime' },
      },
    },
  },
  {
    uid: CORE_STORE_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'strapi_core_store_settings',
      info: { singularName: 'core-store', pluralName: 'core-stores', displayName: 'Core store' },
      options: { draftAndPublish: false },
      // a settings change reaches every instance at its next request, as a role change does
      pluginOptions: { ...hidden, ...stamped },
      attributes: {
        key: { type: 'string', unique: true },
        value: { type: 'text' },
        type: { type: 'string' },
        environment: { type: 'string' },
        tag: { type: 'string' },
      },
    },
  },
  stampTypeFile('auth-state', 'vellum_auth_state', 'Auth state'),
];
