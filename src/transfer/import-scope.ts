/**
 * Which of an archive's types Vellum keeps, and which tables an import replaces.
 *
 * Kept: the project's content types and components, the media library's files and folders,
 * users, roles and permissions (Vellum keeps Strapi's tables for them) and the locales. Left out,
 * and said so: Strapi's admin types (admin users, roles, tokens), releases and review workflows,
 * which an export leaves out or Vellum does not have.
 */
import { LOCALE_TABLE, MEDIA_LINK_TABLE } from '../db/naming.js';
import { tablesOf } from '../engine/transfer-rows.js';
import { UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../model/built-in-types.js';
import { LOCALE_SCHEMA } from '../model/i18n.js';
import type { ContentType, Registry, Schema } from '../model/types.js';

export const LOCALE_UID = LOCALE_SCHEMA.uid;

/** The parts `--only` / `--exclude` name, as Strapi's: content = entities and links, files = asset bytes, config = configuration. */
export const PARTS = ['content', 'files', 'config'] as const;
export type Part = (typeof PARTS)[number];

/** The content type an archive's entities of `uid` are kept as; undefined: left out. */
export function keptType(registry: Registry, uid: string): ContentType | undefined {
  if (uid === LOCALE_UID) return LOCALE_SCHEMA;
  // Strapi's export leaves the admin realm out by default (its DEFAULT_IGNORED_CONTENT_TYPES)
  if (uid.startsWith('plugin::vellum.') || uid.startsWith('admin::')) return undefined;
  return registry.contentTypes.get(uid);
}

/** A link's owner: a kept content type or a project component. */
export function linkOwner(registry: Registry, uid: string): Schema | undefined {
  return registry.components.get(uid) ?? (uid === LOCALE_UID ? undefined : keptType(registry, uid));
}

/**
 * Types whose rows make a database "not empty": content someone made (seeded roles, permissions
 * and locales do not count). Media library folders count: an editor made them, and `--force`
 * must be asked for before they are replaced.
 */
export function holdsContent(type: ContentType): boolean {
  return type.uid.startsWith('api::') || type.uid === UPLOAD_FILE_UID || type.uid === UPLOAD_FOLDER_UID || type.uid === 'plugin::users-permissions.user';
}

/**
 * Every table an import of `types` writes (and a failed one empties again): the types', their
 * components' and the media links. Files and folders are one tree (a file's `folderPath` is its
 * folder's `path`): replacing the files replaces the folders too, even when the archive has none.
 */
export function tablesReplaced(registry: Registry, types: readonly ContentType[]): string[] {
  const tables = new Set<string>();
  const replacesFiles = types.some((type) => type.uid === UPLOAD_FILE_UID);
  const withFolders = replacesFiles ? [...types, registry.contentType(UPLOAD_FOLDER_UID)] : types;
  for (const type of withFolders) {
    if (type.uid === LOCALE_UID) tables.add(LOCALE_TABLE);
    else for (const table of tablesOf(type)) tables.add(table);
  }
  for (const component of registry.components.values()) for (const table of tablesOf(component)) tables.add(table);
  tables.add(MEDIA_LINK_TABLE);
  return [...tables];
}
