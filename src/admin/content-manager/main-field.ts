/**
 * The main field of a content type or component: what the panel shows for an entry (list title
 * column, relation options). Strapi's default: the first `string` attribute, else `id`. A private
 * attribute never is one: its values never leave the server.
 */
import { isHidden } from '../../model/attributes.js';
import type { Schema } from '../../model/types.js';

const mainFields = new WeakMap<Schema, string>();

export function mainFieldOf(schema: Schema): string {
  let field = mainFields.get(schema);
  if (field === undefined) {
    field = Object.values(schema.attributes).find((attr) => attr.kind === 'scalar' && attr.type === 'string' && !isHidden(attr))?.name ?? 'id';
    mainFields.set(schema, field);
  }
  return field;
}
