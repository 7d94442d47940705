/**
 * What an admin role may be granted, as Strapi 5's `GET /admin/permissions` lays it out for the
 * role editor: `{ conditions, sections: { collectionTypes, singleTypes, plugins, settings } }`.
 * A content section lists its subjects (each `api::` type, its attributes as the `fields`
 * property) and the content manager's actions with the types they apply to; create, read and
 * update apply to fields (a role may be limited to some attributes), delete and publish do not,
 * as in Strapi. Plugins and settings are actions on no subject. The same tables check a role's
 * permissions before they are written (admin-role-admin.ts).
 */
import type { ContentType, Registry } from '../../model/types.js';
import { CM, CM_ACTIONS, IS_CREATOR, type ContentManagerAction } from './admin-grants.js';

/** attributes that are the system's, never a field a permission names */
const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);
/** the content manager's actions that take `properties.fields` (Strapi's `applyToProperties`) */
export const FIELD_ACTIONS: ReadonlySet<ContentManagerAction> = new Set(['create', 'read', 'update']);

const LABELS: Readonly<Record<ContentManagerAction, string>> = { create: 'Create', read: 'Read', update: 'Update', delete: 'Delete', publish: 'Publish' };

/** a plugin or settings action: Strapi's display name and grouping */
export interface ActionEntry {
  readonly action: string;
  readonly displayName: string;
  readonly category: string;
  readonly subCategory: string;
}

const entry = (category: string, subCategory: string, pairs: readonly (readonly [string, string])[]): ActionEntry[] =>
  pairs.map(([action, displayName]) => ({ action, displayName, category, subCategory }));

/** Strapi's plugin actions (`sections.plugins`; `category` is the plugin) */
export const PLUGIN_ACTIONS: readonly ActionEntry[] = [
  ...entry('upload', 'general', [
    ['plugin::upload.read', 'Access the Media Library'], ['plugin::upload.assets.create', 'Create (upload)'],
    ['plugin::upload.assets.update', 'Update (crop, details, replace) + delete'], ['plugin::upload.assets.download', 'Download'],
    ['plugin::upload.assets.copy-link', 'Copy link'], ['plugin::upload.configure-view-settings', 'Configure view'],
  ]),
  ...entry('users-permissions', 'roles', [
    ['plugin::users-permissions.roles.read', 'Read'], ['plugin::users-permissions.roles.create', 'Create'],
    ['plugin::users-permissions.roles.update', 'Update'], ['plugin::users-permissions.roles.delete', 'Delete'],
  ]),
  ...entry('users-permissions', 'advancedSettings', [
    ['plugin::users-permissions.advanced-settings.read', 'Read'], ['plugin::users-permissions.advanced-settings.update', 'Edit'],
  ]),
  ...entry('users-permissions', 'emailTemplates', [
    ['plugin::users-permissions.email-templates.read', 'Read'], ['plugin::users-permissions.email-templates.update', 'Edit'],
  ]),
  ...entry('content-type-builder', 'general', [['plugin::content-type-builder.read', 'Read']]),
];

/** Strapi's settings actions (`sections.settings`) */
export const SETTINGS_ENTRIES: readonly ActionEntry[] = [
  ...entry('users and roles', 'users', [
    ['admin::users.create', 'Create (invite)'], ['admin::users.read', 'Read'], ['admin::users.update', 'Update'], ['admin::users.delete', 'Delete'],
  ]),
  ...entry('users and roles', 'roles', [
    ['admin::roles.create', 'Create'], ['admin::roles.read', 'Read'], ['admin::roles.update', 'Update'], ['admin::roles.delete', 'Delete'],
  ]),
  ...entry('api tokens', 'general', [
    ['admin::api-tokens.access', 'Access the API tokens settings page'], ['admin::api-tokens.create', 'Create (generate)'],
    ['admin::api-tokens.read', 'Read'], ['admin::api-tokens.update', 'Update'], ['admin::api-tokens.regenerate', 'Regenerate'], ['admin::api-tokens.delete', 'Delete (revoke)'],
  ]),
  ...entry('transfer tokens', 'general', [
    ['admin::transfer.tokens.access', 'Access the transfer tokens settings page'], ['admin::transfer.tokens.create', 'Create (generate)'],
    ['admin::transfer.tokens.read', 'Read'], ['admin::transfer.tokens.update', 'Update'], ['admin::transfer.tokens.regenerate', 'Regenerate'],
    ['admin::transfer.tokens.delete', 'Delete (revoke)'],
  ]),
  ...entry('webhooks', 'general', [
    ['admin::webhooks.create', 'Create'], ['admin::webhooks.read', 'Read'], ['admin::webhooks.update', 'Update'], ['admin::webhooks.delete', 'Delete'],
  ]),
  ...entry('media library', 'general', [['plugin::upload.settings.read', 'Access the Media Library settings page']]),
  ...entry('internationalization', 'locales', [
    ['plugin::i18n.locale.create', 'Create'], ['plugin::i18n.locale.read', 'Read'], ['plugin::i18n.locale.update', 'Update'], ['plugin::i18n.locale.delete', 'Delete'],
  ]),
];

/** the attributes a permission on `type` may name */
export function permissionFields(type: ContentType): string[] {
  return Object.keys(type.attributes).filter((name) => !SYSTEM_FIELDS.has(name));
}

/** the `api::` types, in uid order */
export function contentTypesOf(registry: Registry): ContentType[] {
  return [...registry.contentTypes.values()].filter((type) => type.namespace === 'api').sort((a, b) => a.uid.localeCompare(b.uid));
}

function contentSection(types: readonly ContentType[]) {
  return {
    subjects: types.map((type) => ({
      uid: type.uid,
      label: type.displayName,
      properties: [{
        label: 'Fields',
        value: 'fields',
        children: permissionFields(type).map((name) => ({ label: name, value: name, required: type.attributes[name]?.required === true })),
      }],
    })),
    actions: CM_ACTIONS
      .filter((action) => action !== 'publish' || types.some((type) => type.draftAndPublish))
      .map((action) => ({
        label: LABELS[action],
        actionId: `${CM}.${action}`,
        subjects: types.filter((type) => action !== 'publish' || type.draftAndPublish).map((type) => type.uid),
        applyToProperties: FIELD_ACTIONS.has(action) ? ['fields'] : [],
      })),
  };
}

/** `GET /admin/permissions`'s `data` */
export function permissionLayout(registry: Registry) {
  const types = contentTypesOf(registry);
  return {
    conditions: [{ id: IS_CREATOR, displayName: 'Is creator', category: 'default' }],
    sections: {
      collectionTypes: contentSection(types.filter((type) => type.kind === 'collectionType')),
      singleTypes: contentSection(types.filter((type) => type.kind === 'singleType')),
      plugins: PLUGIN_ACTIONS.map(({ category, ...rest }) => ({ ...rest, plugin: `plugin::${category}` })),
      settings: SETTINGS_ENTRIES,
    },
  };
}
