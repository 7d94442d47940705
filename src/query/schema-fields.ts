/**
 * What the query parsers may see of a schema: which names are selectable, sortable, filterable
 * and populatable, and the schema behind a relation, media or component attribute.
 */
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { Attribute, Registry, ScalarType, Schema } from '../model/types.js';
import { SYSTEM_FIELDS, assertNever } from '../model/types.js';


/** Type a system field's values have in filters. */
const SYSTEM_FIELD_TYPES: Readonly<Record<string, ScalarType>> = {
  id: 'integer',
  documentId: 'string',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
};

/** Components rows have an `id` only; content types have every system field. */
export function systemFieldsOf(schema: Schema): readonly string[] {
  return schema.modelType === 'component' ? ['id'] : SYSTEM_FIELDS;
}

/** Private attributes and passwords never appear in, nor can be probed through, a query. */
export function isHidden(attribute: Attribute): boolean {
  return attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password');
}

/** An own attribute of the schema (never something inherited from Object.prototype). */
export function attributeOf(schema: Schema, name: string): Attribute | undefined {
  return Object.prototype.hasOwnProperty.call(schema.attributes, name) ? schema.attributes[name] : undefined;
}

/**
 * The type of a scalar the client may read, sort and filter on: a visible scalar attribute or a
 * system field. undefined for anything else (unknown, hidden, relational).
 */
export function visibleScalarType(schema: Schema, name: string): ScalarType | undefined {
  const attribute = attributeOf(schema, name);
  if (attribute) return attribute.kind === 'scalar' && !isHidden(attribute) ? attribute.type : undefined;
  return systemFieldsOf(schema).includes(name) ? SYSTEM_FIELD_TYPES[name] : undefined;
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
