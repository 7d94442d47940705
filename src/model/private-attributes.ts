import type { ContentType } from './types.js';

/**
 * Strapi's `api.responses.privateAttributes`: attributes of these names are private on every
 * content type, so no response, filter or sort can reach them (system fields stay public).
 */
export function withPrivateAttributes(type: ContentType, names: ReadonlySet<string>): ContentType {
  if (names.size === 0 || !Object.keys(type.attributes).some((name) => names.has(name))) return type;
  const attributes = Object.fromEntries(
    Object.entries(type.attributes).map(([name, attr]) => [name, names.has(name) ? { ...attr, private: true } : attr]),
  );
  return { ...type, attributes };
}
