/**
 * `createdBy` / `updatedBy`, as Strapi 5 has them: on every content type of the project (`api::`),
 * two one-way relations to the admin user (`admin::user`) who created / last updated the entry,
 * set by the server from the admin API's writes (an admin actor) and never from a request body;
 * content-API writes (users-permissions users, API tokens) leave them as they are. They are
 * private unless the type sets `options.populateCreatorFields: true` (Strapi's option): then
 * REST populates, filters and sorts them like any other relation, for actors allowed to `find`
 * admin users. GraphQL never exposes them (as Strapi's GraphQL plugin).
 */
import type { ContentType, RelationAttribute } from './types.js';

export const CREATOR_FIELDS = ['createdBy', 'updatedBy'] as const;
/** the admin realm's user type (auth/admin/admin-content-types.ts), which creator fields point at */
export const CREATOR_TARGET = 'admin::user';

export function isCreatorField(attr: { readonly raw: Readonly<Record<string, unknown>> } | undefined): boolean {
  return attr?.raw.creatorField === true;
}

export function hasCreatorFields(type: { readonly attributes: ContentType['attributes'] }): boolean {
  return isCreatorField(type.attributes.createdBy);
}

/** The type with its creator relations added: project types, when the admin realm's users exist. */
export function withCreatorFields(type: ContentType, hasAdminUsers: boolean): ContentType {
  if (type.namespace !== 'api' || !hasAdminUsers) return type;
  const exposed = type.options.populateCreatorFields === true;
  const relation = (name: string): RelationAttribute => ({
    kind: 'relation', name, relation: 'manyToOne', target: CREATOR_TARGET, required: false, private: !exposed, raw: { creatorField: true },
  });
  return { ...type, attributes: { ...type.attributes, createdBy: relation('createdBy'), updatedBy: relation('updatedBy') } };
}
