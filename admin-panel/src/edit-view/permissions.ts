/**
 * What the signed-in admin may do on one content type, from `GET /admin/users/me/permissions`
 * (Strapi's action names, `properties.fields`, `properties.locales`). The page hides what is not
 * allowed; the API refuses it anyway.
 */
export interface AdminPermission {
  action: string;
  subject: string | null;
  properties?: { fields?: string[]; locales?: string[] };
  conditions?: string[];
}

export interface TypeAbilities {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  publish: boolean;
  /** may this attribute be written (create for a new entry, update otherwise) */
  canWrite(attributeName: string, isNew: boolean): boolean;
  /** is this attribute shown (create for a new entry, read otherwise): Strapi hides the others (a role's field restriction) */
  canShow(attributeName: string, isNew: boolean): boolean;
}

const ACTION = 'plugin::content-manager.explorer.';

function allows(permissions: readonly AdminPermission[], action: string, uid: string, locale: string | undefined): AdminPermission[] {
  return permissions.filter((p) => p.action === `${ACTION}${action}` && p.subject === uid && (locale === undefined || !p.properties?.locales || p.properties.locales.includes(locale)));
}

function fieldAllowed(granted: AdminPermission[], name: string): boolean {
  // a field list names top-level attributes and nested paths (`seo.metaTitle`): the attribute is allowed when any starts with it
  return granted.some((p) => !p.properties?.fields || p.properties.fields.some((f) => f === name || f.startsWith(`${name}.`)));
}

export function abilitiesOf(permissions: readonly AdminPermission[], uid: string, locale: string | undefined): TypeAbilities {
  const create = allows(permissions, 'create', uid, locale);
  const update = allows(permissions, 'update', uid, locale);
  const read = allows(permissions, 'read', uid, locale);
  return {
    read: read.length > 0,
    create: create.length > 0,
    update: update.length > 0,
    delete: allows(permissions, 'delete', uid, locale).length > 0,
    publish: allows(permissions, 'publish', uid, locale).length > 0,
    canWrite: (name, isNew) => fieldAllowed(isNew ? create : update, name),
    canShow: (name, isNew) => fieldAllowed(isNew ? create : read, name),
  };
}
