import { UnknownModelError } from './unknown-model-error.js';

/**
 * Model uids: `api::<api>.<type>` for project content types, `plugin::<plugin>.<type>` for
 * plugin ones (`plugin::upload.file`), `admin::<type>` for the admin realm's (`admin::user`, as
 * Strapi names them; a plugin named `admin`), `<category>.<name>` for components.
 */
export type ParsedUid =
  | { readonly kind: 'api'; readonly api: string; readonly name: string }
  | { readonly kind: 'plugin'; readonly plugin: string; readonly name: string }
  | { readonly kind: 'component'; readonly category: string; readonly name: string };

const SEGMENT = '[A-Za-z0-9_-]+';
const NAMESPACED = new RegExp(`^(api|plugin)::(${SEGMENT})\\.(${SEGMENT})$`);
const ADMIN = new RegExp(`^admin::(${SEGMENT})$`);
const COMPONENT = new RegExp(`^(${SEGMENT})\\.(${SEGMENT})$`);

export function apiUid(api: string, type: string): string {
  return `api::${api}.${type}`;
}

export function pluginUid(plugin: string, type: string): string {
  return `plugin::${plugin}.${type}`;
}

export function componentUid(category: string, name: string): string {
  return `${category}.${name}`;
}

/** Throws UnknownModelError for a string that is not a uid at all. */
export function parseUid(uid: string): ParsedUid {
  const namespaced = NAMESPACED.exec(uid);
  if (namespaced !== null) {
    const [, namespace, first = '', name = ''] = namespaced;
    return namespace === 'api' ? { kind: 'api', api: first, name } : { kind: 'plugin', plugin: first, name };
  }
  const admin = ADMIN.exec(uid);
  if (admin !== null) return { kind: 'plugin', plugin: 'admin', name: admin[1] ?? '' };
  const component = COMPONENT.exec(uid);
  if (component !== null) {
    const [, category = '', name = ''] = component;
    return { kind: 'component', category, name };
  }
  throw new UnknownModelError(
    uid,
    `Malformed model uid "${uid}" (expected api::<api>.<type>, plugin::<plugin>.<type>, admin::<type> or <category>.<component>)`,
  );
}

export function isComponentUid(uid: string): boolean {
  return !uid.includes('::') && COMPONENT.test(uid);
}
