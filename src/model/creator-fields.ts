/**
 * `createdBy` / `updatedBy`: with `options.populateCreatorFields: true` (Strapi's option), a
 * content type gets two one-way relations to the users collection, set by the server from the
 * authenticated user who writes the entry and never from the request body. Being ordinary
 * relations, they populate, filter and sort like any other — and only for actors allowed to
 * `find` users.
 */
import type { ContentType, RelationAttribute } from './types.js';

export const CREATOR_FIELDS = ['createdBy', 'updatedBy'] as const;
const USER_UID = 'plugin::users-permissions.user';

export function isCreatorField(attr: { readonly raw: Readonly<Record<string, unknown>> } | undefined): boolean {
  return attr?.raw.creatorField === true;
}

export function hasCreatorFields(type: { readonly attributes: ContentType['attributes'] }): boolean {
  return isCreatorField(type.attributes.createdBy);
}

/** The type with its creator relations added, when it asks for them and users exist. */
export function withCreatorFields(type: ContentType, hasUsers: boolean): ContentType {
  if (type.namespace !== 'api' || type.options.populateCreatorFields !== true || !hasUsers) return type;
  const relation = (name: string): RelationAttribute => ({
    kind: 'relation', name, relation: 'manyToOne', target: USER_UID, required: false, private: false, raw: { creatorField: true },
  });
  return { ...type, attributes: { ...type.attributes, createdBy: relation('createdBy'), updatedBy: relation('updatedBy') } };
}
