/**
 * The content types a project does not own — the plugins' (users-permissions' users, roles and
 * permissions, the media library's files and folders), the admin's and Vellum's own — as
 * Strapi's builder lists them next to the project's (`GET /content-type-builder/content-types`
 * answers every content type, with `plugin` set, `visible` from
 * `pluginOptions['content-type-builder'].visible` and `restrictRelationsTo`).
 *
 * Which of them a relation may target: a visible one (in Strapi, the users-permissions user) and
 * `admin::user`; never the media library's file (a media attribute is the way) nor a hidden one
 * (`restrictRelationsTo: []`, as Strapi). And only one-way: Strapi's builder writes the other
 * side of a two-way relation to a plugin type into `src/extensions/<plugin>/content-types/<name>/schema.json`,
 * which Vellum does not load, so `restrictRelationsTo` is `['oneWay', 'manyWay']` (Strapi says so
 * for `admin::user` only) and a relation naming an inverse side on one is refused (400).
 * None of them is edited: the builder writes the project's `src/api` and `src/components` only.
 */
import { BUILT_IN_CONTENT_TYPES, UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import { isRecord } from '../util/is-record.js';
import { invalid } from './schema-input.js';

export const ONE_WAY: readonly string[] = ['oneWay', 'manyWay'];
const ADMIN_USER = 'admin::user';

export interface PluginType {
  readonly uid: string;
  /** the plugin's name (`users-permissions`, `upload`, `admin` for the admin's types) */
  readonly plugin: string;
  readonly definition: Readonly<Record<string, unknown>>;
}

/**
 * Strapi's user schema has no `content-type-builder` plugin option (Strapi lists it visible); Vellum's
 * keeps `visible: false` in the schema it serves (transfers included), so the builder answers as Strapi.
 */
const STRAPI_VISIBLE: ReadonlySet<string> = new Set(['plugin::users-permissions.user']);

/** Strapi's rule: visible unless `pluginOptions['content-type-builder'].visible` is anything but true */
export function isVisibleInBuilder(uid: string, definition: Readonly<Record<string, unknown>>): boolean {
  if (STRAPI_VISIBLE.has(uid)) return true;
  const options = isRecord(definition.pluginOptions) ? definition.pluginOptions['content-type-builder'] : undefined;
  return !isRecord(options) || options.visible === undefined || options.visible === true;
}

/** Strapi's `restrictRelationsTo`: null (any kind), the kinds allowed, or [] (no relation may target it) */
export function restrictRelationsTo(uid: string, definition: Readonly<Record<string, unknown>>): readonly string[] | null {
  if (uid === ADMIN_USER) return ONE_WAY;
  if (uid === UPLOAD_FILE_UID || !isVisibleInBuilder(uid, definition)) return [];
  return uid.startsWith('api::') ? null : ONE_WAY;
}

/** the built-in types and the ones the app adds (users, roles, admin users, tokens…), by uid */
export function pluginTypes(extra: readonly RawSchemaFile[]): Map<string, PluginType> {
  const types = new Map<string, PluginType>();
  for (const raw of [...BUILT_IN_CONTENT_TYPES, ...extra]) {
    if (!isRecord(raw.definition) || raw.uid.startsWith('api::')) continue;
    const [namespace = '', rest = ''] = raw.uid.split('::');
    types.set(raw.uid, { uid: raw.uid, plugin: namespace === 'plugin' ? rest.split('.')[0]! : namespace, definition: raw.definition });
  }
  return types;
}

/**
 * A relation of `attributes` targeting a plugin type must be one Vellum can write: a target that
 * takes relations, and no inverse side (`inversedBy`, `mappedBy`). `at` names the item in the body.
 */
export function checkPluginTargets(attributes: Readonly<Record<string, Readonly<Record<string, unknown>>>>, types: ReadonlyMap<string, PluginType>, at: readonly (string | number)[]): void {
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type !== 'relation' || typeof attribute.target !== 'string') continue;
    const type = types.get(attribute.target);
    if (type === undefined) continue;
    const allowed = restrictRelationsTo(type.uid, type.definition);
    if (allowed !== null && allowed.length === 0) {
      const hint = type.uid === UPLOAD_FILE_UID ? ': files are a media attribute (type "media")' : ' (it is hidden from the Content-Type Builder)';
      throw invalid([...at, 'attributes', name, 'target'], `${type.uid} cannot be a relation target${hint}`);
    }
    if (attribute.inversedBy !== undefined || attribute.mappedBy !== undefined) {
      throw invalid([...at, 'attributes', name, 'relation'],
        `a relation to ${type.uid} can only be one-way (oneWay or manyWay): Strapi writes its other side into src/extensions/${type.plugin}/content-types/${type.uid.split('.').pop() ?? ''}/schema.json, which Vellum does not load`);
    }
  }
}
