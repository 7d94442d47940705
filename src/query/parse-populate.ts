/**
 * `populate` in every form of spec 4.4/4.5: `*`, names, comma lists, arrays, dotted paths,
 * objects with boolean-like values, and objects with `populate`, `fields`, `sort`, `filters`,
 * `count` and (dynamic zones) `on`. Nested `fields/sort/filters` are validated against the
 * populated target. `*` is one level: every visible relation, media, component and zone.
 */
import type { Attribute, DynamicZoneAttribute, Registry, Schema } from '../model/types.js';
import type { PopulateNode } from './ast.js';
import { deepFreeze } from '../util/deep-freeze.js';
import type { RestQueryContext } from './limits.js';
import { type Location, at, booleanLike, invalidAt, invalidWithReason } from './location.js';
import { isPlainObject } from '../util/is-record.js';
import { parseFields, splitList } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseSort } from './parse-sort.js';
import {
  type PopulateDraft, type SelectionDraft, emptySelection, finishPopulate, mergeFields, mergeFilters,
} from './populate-draft.js';
import { attributeOf, isHidden } from '../model/attributes.js';
import { isPopulatable, targetSchema } from './schema-fields.js';

interface Scope {
  readonly registry: Registry;
  readonly depthLimit: number;
}

/** One mention: `*`, a (dotted) name from a string form, or a key of an object form. */
type Item =
  | { readonly kind: 'star'; readonly loc: Location }
  | { readonly kind: 'path'; readonly segments: readonly string[]; readonly loc: Location }
  | { readonly kind: 'entry'; readonly key: string; readonly value: unknown; readonly loc: Location };

const PAGINATION_KEYS = ['pagination', 'limit', 'start'];

export function parsePopulate(
  value: unknown,
  schema: Schema,
  ctx: RestQueryContext,
  loc: Location = { param: 'populate', path: [] },
): readonly PopulateNode[] {
  const scope: Scope = { registry: ctx.registry, depthLimit: ctx.rest.populateDepthLimit };
  const drafts = new Map<string, PopulateDraft>();
  applyItems(scope, items(value, loc), schema, drafts, 1);
  return deepFreeze(finishPopulate(drafts));
}

function items(value: unknown, loc: Location): Item[] {
  if (value === undefined || value === null) return [];
  const fromString = (text: string): Item[] =>
    splitList(text).map((token): Item => (token === '*' ? { kind: 'star', loc } : { kind: 'path', segments: token.split('.'), loc }));
  if (typeof value === 'string') return fromString(value);
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => {
      if (typeof item !== 'string') throw invalidAt(loc, String(index));
      return fromString(item);
    });
  }
  if (isPlainObject(value)) {
    return Object.entries(value).map(([key, inner]): Item => ({ kind: 'entry', key, value: inner, loc: at(loc, key) }));
  }
  throw invalidAt(loc);
}

function applyItems(scope: Scope, list: readonly Item[], schema: Schema, drafts: Map<string, PopulateDraft>, depth: number): void {
  for (const item of list) {
    switch (item.kind) {
      case 'star':
        addAll(scope, schema, drafts, item.loc, depth);
        break;
      case 'path':
        addPath(scope, schema, drafts, item.segments, item.loc, depth);
        break;
      case 'entry':
        addEntry(scope, schema, drafts, item.key, item.value, item.loc, depth);
        break;
    }
  }
}

function populatable(schema: Schema, name: string, loc: Location): Attribute {
  const attribute = attributeOf(schema, name);
  if (!attribute || isHidden(attribute) || !isPopulatable(attribute)) throw invalidAt(loc);
  return attribute;
}

function ensure(scope: Scope, drafts: Map<string, PopulateDraft>, name: string, loc: Location, depth: number): PopulateDraft {
  if (depth > scope.depthLimit) {
    throw invalidWithReason(loc, `populate depth exceeds the limit of ${scope.depthLimit}`);
  }
  let draft = drafts.get(name);
  if (!draft) {
    draft = { attribute: name, ...emptySelection(), on: null };
    drafts.set(name, draft);
  }
  return draft;
}

function addAll(scope: Scope, schema: Schema, drafts: Map<string, PopulateDraft>, loc: Location, depth: number): void {
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (isPopulatable(attribute) && !isHidden(attribute)) ensure(scope, drafts, name, at(loc, name), depth);
  }
}

function addPath(
  scope: Scope, schema: Schema, drafts: Map<string, PopulateDraft>, segments: readonly string[], loc: Location, depth: number,
): void {
  const [first = '', ...rest] = segments;
  if (first === '*' && rest.length === 0) {
    addAll(scope, schema, drafts, loc, depth);
    return;
  }
  const here = at(loc, first);
  const attribute = populatable(schema, first, here);
  const draft = ensure(scope, drafts, first, here, depth);
  if (rest.length === 0) return;
  if (attribute.kind === 'dynamiczone') {
    applyToZone(scope, attribute, draft, [{ kind: 'path', segments: rest, loc: here }], depth);
    return;
  }
  addPath(scope, target(scope, attribute), draft.populate, rest, here, depth + 1);
}

function addEntry(
  scope: Scope, schema: Schema, drafts: Map<string, PopulateDraft>, key: string, value: unknown, loc: Location, depth: number,
): void {
  const attribute = populatable(schema, key, loc);
  const flag = value === '*' ? true : booleanLike(value);
  if (flag === false) return;
  const draft = ensure(scope, drafts, key, loc, depth);
  if (flag === true) return;
  if (!isPlainObject(value)) throw invalidAt(loc);
  // `on` first, so a zone-level `populate` knows which components it applies to.
  const keys = Object.keys(value).sort((a, b) => Number(b === 'on') - Number(a === 'on'));
  for (const directive of keys) {
    const inner = value[directive];
    const here = at(loc, directive);
    if (attribute.kind !== 'dynamiczone') {
      if (!applyDirective(scope, draft, target(scope, attribute), directive, inner, here, depth)) throw invalidAt(here);
    } else if (directive === 'on') {
      applyOn(scope, attribute, draft, inner, here, depth);
    } else if (directive === 'populate') {
      applyToZone(scope, attribute, draft, items(inner, here), depth);
    } else if (directive === 'count' || PAGINATION_KEYS.includes(directive)) {
      applyDirective(scope, draft, null, directive, inner, here, depth);
    } else {
      // fields, sort and filters select within one component type: they belong under `on`.
      throw invalidAt(here);
    }
  }
}

/**
 * One key inside a populate object (or an `on` fragment) for rows of `schema`; false when the
 * key is not a directive. `depth` is the depth of the populated attribute itself.
 */
function applyDirective(
  scope: Scope, selection: SelectionDraft, schema: Schema | null, key: string, value: unknown, loc: Location, depth: number,
): boolean {
  if (PAGINATION_KEYS.includes(key)) {
    throw invalidWithReason(loc, 'population and pagination operators cannot be combined');
  }
  if (key === 'count') {
    if (booleanLike(value) === undefined) throw invalidAt(loc);
    return true;
  }
  if (!schema) return false;
  switch (key) {
    case 'fields':
      selection.fields = mergeFields(selection.fields, parseFields(value, schema, loc));
      return true;
    case 'sort':
      selection.sort.push(...parseSort(value, schema, scope.registry, loc));
      return true;
    case 'filters':
      selection.filters = mergeFilters(selection.filters, parseFilters(value, schema, scope.registry, loc));
      return true;
    case 'populate':
      applyItems(scope, items(value, loc), schema, selection.populate, depth + 1);
      return true;
    default:
      return false;
  }
}

/** `populate[zone][on][<component uid>]=true|{fields,sort,filters,populate,count}` */
function applyOn(scope: Scope, zone: DynamicZoneAttribute, draft: PopulateDraft, value: unknown, loc: Location, depth: number): void {
  if (!isPlainObject(value)) throw invalidAt(loc);
  draft.on ??= new Map();
  for (const [uid, fragment] of Object.entries(value)) {
    const here = at(loc, uid);
    if (!zone.components.includes(uid)) throw invalidAt(here);
    const flag = fragment === '*' ? true : booleanLike(fragment);
    if (flag === false) continue;
    const selection = draft.on.get(uid) ?? emptySelection();
    draft.on.set(uid, selection);
    if (flag === true) continue;
    if (!isPlainObject(fragment)) throw invalidAt(here);
    const component = scope.registry.get(uid);
    for (const [key, inner] of Object.entries(fragment)) {
      if (!applyDirective(scope, selection, component, key, inner, at(here, key), depth)) throw invalidAt(here, key);
    }
  }
}

/**
 * A populate given on the zone itself (`populate[zone][populate]=*`, `populate=zone.author`)
 * applies to each component that has the attribute (every component for `*`); an attribute no
 * component of the zone has is an invalid key.
 */
function applyToZone(scope: Scope, zone: DynamicZoneAttribute, draft: PopulateDraft, list: readonly Item[], depth: number): void {
  const on = (draft.on ??= new Map(zone.components.map((uid) => [uid, emptySelection()])));
  const components = [...on].map(([uid, selection]) => ({ schema: scope.registry.get(uid), selection }));
  for (const item of list) {
    const name = item.kind === 'star' ? null : item.kind === 'path' ? (item.segments[0] ?? '') : item.key;
    const matching = components.filter((c) => name === null || name === '*' || attributeOf(c.schema, name) !== undefined);
    if (matching.length === 0) throw invalidAt(item.kind === 'path' ? at(item.loc, name ?? '') : item.loc);
    for (const { schema, selection } of matching) applyItems(scope, [item], schema, selection.populate, depth + 1);
  }
}

function target(scope: Scope, attribute: Attribute): Schema {
  const schema = targetSchema(scope.registry, attribute);
  if (!schema) throw new Error(`No target schema for attribute kind ${attribute.kind}`);
  return schema;
}
