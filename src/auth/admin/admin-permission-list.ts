/**
 * Every permission a Super Admin holds, as `GET /admin/users/me/permissions` lists them (Strapi
 * answers a Super Admin's full list too, so the panel needs no special case): the content
 * manager's actions on every `api::` type, and every plugin and
 * settings action the role editor offers (admin-permission-layout.ts: one list for both).
 */
import type { Registry } from '../../model/types.js';
import { CM, CM_ACTIONS, type AdminPermissionGrant } from './admin-grants.js';
import { PLUGIN_ACTIONS, SETTINGS_ENTRIES, contentTypesOf } from './admin-permission-layout.js';

export const SETTINGS_ACTIONS: readonly string[] = [...SETTINGS_ENTRIES, ...PLUGIN_ACTIONS].map((entry) => entry.action);

export function allPermissionsOf(registry: Registry): AdminPermissionGrant[] {
  return [
    ...contentTypesOf(registry).flatMap((type) => CM_ACTIONS.map((action) => ({ action: `${CM}.${action}`, subject: type.uid, fields: null, conditions: [] }))),
    ...SETTINGS_ACTIONS.map((action) => ({ action, subject: null, fields: null, conditions: [] })),
  ];
}
