/**
 * Every permission a Super Admin holds, as `GET /admin/users/me/permissions` lists them (Strapi
 * answers a Super Admin's full list too, so the panel needs no special case): the content
 * manager's actions on every `api::` type, the media library's, and the settings' (admin users,
 * roles, API tokens, the users-permissions plugin's roles). A role other than Super Admin holds
 * any of them by an `admin::permission` row with that action and no subject.
 */
import type { Registry } from '../../model/types.js';
import { CM, CM_ACTIONS, type AdminPermissionGrant } from './admin-grants.js';

export const SETTINGS_ACTIONS = [
  'admin::users.create', 'admin::users.read', 'admin::users.update', 'admin::users.delete',
  'admin::roles.read',
  'admin::api-tokens.access', 'admin::api-tokens.create', 'admin::api-tokens.read', 'admin::api-tokens.delete',
  'admin::api-tokens.update', 'admin::api-tokens.regenerate',
  'plugin::users-permissions.roles.read', 'plugin::users-permissions.roles.create', 'plugin::users-permissions.roles.update', 'plugin::users-permissions.roles.delete',
  'admin::transfer.tokens.access', 'admin::transfer.tokens.create', 'admin::transfer.tokens.read', 'admin::transfer.tokens.update',
  'admin::transfer.tokens.regenerate', 'admin::transfer.tokens.delete',
  'admin::webhooks.create', 'admin::webhooks.read', 'admin::webhooks.update', 'admin::webhooks.delete',
  'plugin::upload.read', 'plugin::upload.configure-view-settings', 'plugin::upload.assets.create',
  'plugin::upload.assets.update', 'plugin::upload.assets.download', 'plugin::upload.assets.copy-link', 'plugin::upload.settings.read',
  'plugin::content-type-builder.read',
] as const;

export function allPermissionsOf(registry: Registry): AdminPermissionGrant[] {
  const types = [...registry.contentTypes.values()].filter((type) => type.namespace === 'api').map((type) => type.uid).sort();
  return [
    ...types.flatMap((uid) => CM_ACTIONS.map((action) => ({ action: `${CM}.${action}`, subject: uid, fields: null, conditions: [] }))),
    ...SETTINGS_ACTIONS.map((action) => ({ action, subject: null, fields: null, conditions: [] })),
  ];
}
