/**
 * What the query parsers may see of a schema: which names are selectable, sortable, filterable
 * and populatable, and the schema behind a relation, media or component attribute.
 */
import { attributeOf, isHidden } from '../model/attributes.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { isLocalizedType } from '../model/i18n.js';
import type { Attribute, Registry, ScalarType, Schema, SystemField } from '../model/types.js';
import { SYSTEM_FIELDS, SYSTEM_FIELD_TYPES, assertNever } from '../model/types.js';

/** Components rows have an `id` only; content types have every system field. */
export function systemFieldsOf(schema: Schema): readonly string[] {
  if (schema.modelType === 'component') return ['id'];
  return isLocalizedType(schema) ? LOCALIZED_SYSTEM_FIELDS : SYSTEM_FIELDS;
}
const LOCALIZED_SYSTEM_FIELDS: readonly string[] = [...SYSTEM_FIELDS, 'locale'];

/**
 * The type of a scalar the client may read, sort and filter on: a visible scalar attribute or a
 * system field. undefined for anything else (unknown, hidden, relational).
 */
export function visibleScalarType(schema: Schema, name: string): ScalarType | undefined {
  const attribute = attributeOf(schema, name);
  if (attribute) return attribute.kind === 'scalar' && !isHidden(attribute) ? attribute.type : undefined;
  // systemFieldsOf lists system field names only
  return systemFieldsOf(schema).includes(name) ? SYSTEM_FIELD_TYPES[name as SystemField] : undefined;
}

/** Relation, media, component or dynamic zone. */
export function isPopulatable(attribute: Attribute): boolean {
  return attribute.kind !== 'scalar';
}

/** The schema a relation, media or component attribute points to; null for scalars and zones. */
export function targetSchema(registry: Registry, attribute: Attribute): Schema | null {
  switch (attribute.kind) {
    case 'relation':
      return registry.get(attribute.target);
    case 'media':
      return registry.get(UPLOAD_FILE_UID);
    case 'component':
      return registry.get(attribute.component);
    case 'scalar':
    case 'dynamiczone':
      return null;
    default:
      return assertNever(attribute);
  }
}

/** At most one row behind the attribute: sorting may walk through it. */
export function isToOne(attribute: Attribute): boolean {
  switch (attribute.kind) {
    case 'relation':
      return attribute.relation === 'manyToOne' || attribute.relation === 'oneToOne';
    case 'component':
      return !attribute.repeatable;
    case 'media':
    case 'scalar':
    case 'dynamiczone':
      return false;
    default:
      return assertNever(attribute);
  }
}
