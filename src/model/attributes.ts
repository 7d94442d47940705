import { LOCALIZATIONS, localizationsAttribute } from './i18n.js';
import { assertNever } from './types.js';
import type { Attribute, RelationAttribute, Registry, ScalarAttribute, Schema } from './types.js';

/** Attributes stored as columns of the schema's own table. */
export function isScalar(attribute: Attribute): attribute is ScalarAttribute {
  return attribute.kind === 'scalar';
}

export function scalarAttributes(schema: Schema): readonly ScalarAttribute[] {
  return Object.values(schema.attributes).filter(isScalar);
}

/** Relations, media, components and dynamic zones: what `populate` can reach. */
export function populatableAttributes(schema: Schema): readonly Attribute[] {
  return Object.values(schema.attributes).filter((attribute) => !isScalar(attribute));
}

/**
 * An own attribute of the schema (never something inherited from Object.prototype), or the
 * virtual `localizations` relation of a localized type (model/i18n.ts), which reads may name.
 */
export function attributeOf(schema: Schema, name: string): Attribute | undefined {
  if (Object.hasOwn(schema.attributes, name)) return schema.attributes[name];
  return name === LOCALIZATIONS ? localizationsAttribute(schema) : undefined;
}

/** Whether the attribute holds a list, as seen from the schema that declares it. */
export function isToMany(attribute: Attribute): boolean {
  switch (attribute.kind) {
    case 'scalar':
      return false;
    case 'relation':
      // Each side declares the kind from its own point of view: category.articles (mappedBy)
      // is oneToMany, article.category (inversedBy) is manyToOne.
      return attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
    case 'media':
      return attribute.multiple;
    case 'component':
      return attribute.repeatable;
    case 'dynamiczone':
      return true;
    default:
      return assertNever(attribute);
  }
}

/** Private attributes and passwords never appear in, nor can be probed through, a query. */
export function isHidden(attribute: Attribute): boolean {
  return attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password');
}

export interface RelationOwner {
  /** the schema whose link table stores the relation */
  readonly ownerSchema: Schema;
  /** the owning attribute (the side without `mappedBy`) */
  readonly ownerAttribute: RelationAttribute;
  /** true when `attrName` is the mapped (inverse) side and reads the owner's links backwards */
  readonly inverse: boolean;
}

/**
 * Where a relation is stored. The owning side (no `mappedBy`, unidirectional or `inversedBy`)
 * returns itself; a `mappedBy` side resolves the owning attribute on its target.
 */
export function relationOwner(registry: Registry, schema: Schema, attrName: string): RelationOwner {
  const attribute = schema.attributes[attrName];
  if (attribute === undefined || attribute.kind !== 'relation') {
    throw new TypeError(`${schema.uid}.${attrName} is not a relation`);
  }
  if (attribute.mappedBy === undefined) return { ownerSchema: schema, ownerAttribute: attribute, inverse: false };
  const ownerSchema = registry.contentType(attribute.target);
  const ownerAttribute = ownerSchema.attributes[attribute.mappedBy];
  if (ownerAttribute === undefined || ownerAttribute.kind !== 'relation') {
    // validateModels refuses such a model; reaching this means a hand-built registry is wrong.
    const owner = `${ownerSchema.uid}.${attribute.mappedBy}`;
    throw new TypeError(`${schema.uid}.${attrName} is mapped by ${owner}, which is not a relation`);
  }
  return { ownerSchema, ownerAttribute, inverse: true };
}
