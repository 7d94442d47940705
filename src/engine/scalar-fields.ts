/**
 * The scalar fields a filter, sort or selection may name on a schema: its scalar attributes plus
 * the system fields (components only have `id`), with their column and value type.
 */
import { columnName } from '../db/naming.js';
import { SYSTEM_FIELD_TYPES, type ScalarType, type Schema, type SystemField } from '../model/types.js';
import { attributeOf } from '../model/attributes.js';
import { isLocalizedType } from '../model/i18n.js';

export interface ScalarField {
  readonly column: string;
  readonly type: ScalarType;
}

export function isSystemField(schema: Schema, field: string): field is SystemField {
  if (field === 'id') return true;
  if (field === 'locale') return isLocalizedType(schema);
  return schema.modelType === 'contentType' && Object.hasOwn(SYSTEM_FIELD_TYPES, field);
}

/** Throws for a name that is not a scalar of `schema`: the query validator should have refused it. */
export function scalarField(schema: Schema, field: string): ScalarField {
  if (isSystemField(schema, field)) return { column: columnName(field), type: SYSTEM_FIELD_TYPES[field] };
  const attribute = attributeOf(schema, field);
  if (attribute?.kind !== 'scalar') throw new Error(`${schema.uid} has no scalar field "${field}"`);
  return { column: columnName(field), type: attribute.type };
}
