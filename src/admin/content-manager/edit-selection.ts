/**
 * What the edit view reads of one document, in one bounded set of statements (one per populated
 * path and level, never per entry): every scalar, media with their file fields, components and
 * dynamic-zone items all the way down, and relations as their targets' `id`, `documentId` and
 * main field (what a relation input shows). Built once per type.
 */
import { isHidden } from '../../model/attributes.js';
import { isCreatorField } from '../../model/creator-fields.js';
import type { Attribute, Registry, Schema } from '../../model/types.js';
import type { NestedSelection, PopulateNode, PublicationStatus, Selection } from '../../query/ast.js';
import { mainFieldOf } from './main-field.js';

/** Components nest (a component holding a component); schemas cannot make them cycle, the bound is for safety. */
const MAX_DEPTH = 6;

function nested(registry: Registry, schema: Schema, depth: number): NestedSelection {
  return { fields: null, sort: [], filters: null, populate: populateOf(registry, schema, depth) };
}

function nodeOf(registry: Registry, attr: Attribute, depth: number): PopulateNode | undefined {
  const base = { attribute: attr.name, sort: [], filters: null, on: null };
  switch (attr.kind) {
    case 'scalar':
      return undefined;
    case 'relation': {
      if (isCreatorField(attr)) return undefined;
      const main = mainFieldOf(registry.get(attr.target));
      return { ...base, fields: main === 'id' ? [] : [main], populate: [] };
    }
    case 'media':
      return { ...base, fields: null, populate: [] };
    case 'component':
      return { ...base, fields: null, populate: populateOf(registry, registry.component(attr.component), depth + 1) };
    case 'dynamiczone':
      return {
        ...base, fields: null, populate: [],
        on: Object.fromEntries(attr.components.map((uid) => [uid, nested(registry, registry.component(uid), depth + 1)])),
      };
  }
}

function populateOf(registry: Registry, schema: Schema, depth: number): PopulateNode[] {
  if (depth > MAX_DEPTH) return [];
  return Object.values(schema.attributes)
    .filter((attr) => !isHidden(attr))
    .map((attr) => nodeOf(registry, attr, depth))
    .filter((node): node is PopulateNode => node !== undefined);
}

const built = new WeakMap<Schema, readonly PopulateNode[]>();

/** The edit view's selection of `schema` in `status` (and `locale`, on localized types). */
export function editSelection(registry: Registry, schema: Schema, status: PublicationStatus, locale: string | undefined): Selection {
  let populate = built.get(schema);
  if (populate === undefined) {
    populate = Object.freeze(populateOf(registry, schema, 1));
    built.set(schema, populate);
  }
  return Object.freeze({ fields: null, populate, status, ...(locale === undefined ? {} : { locale }) });
}
