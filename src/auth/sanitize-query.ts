/**
 * Permission-aware sanitising of a parsed query, in one place for every transport (spec 4.4,
 * decisions.md "Populate without find permission"): populate nodes whose target — a relation's
 * content type, or the media library for media — the actor may not `find` are dropped, at any
 * depth, also inside components and dynamic zones; filters and sorts that reach through such a
 * relation, or name a private attribute, are a 400 `Invalid key`, so nothing leaks by probing.
 */
import { invalidKey } from '../errors/index.js';
import { attributeOf, isHidden } from '../model/attributes.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import type { Attribute, Registry, Schema } from '../model/types.js';
import type { FilterNode, NestedSelection, PopulateNode, Query, Selection, SortNode } from '../query/ast.js';

/** Whether the actor may `find` the content type `uid`. */
export type CanFind = (uid: string) => boolean;

interface Walk {
  readonly registry: Registry;
  readonly canFind: CanFind;
}

/** The content type a relation or media attribute reads (null for components and scalars). */
export function guardedTarget(attribute: Attribute): string | null {
  if (attribute.kind === 'relation') return attribute.target;
  if (attribute.kind === 'media') return UPLOAD_FILE_UID;
  return null;
}

/** The schema rows behind `attribute` come from, after checking the actor may read them. */
function enter(walk: Walk, schema: Schema, name: string, param: string, path: readonly string[]): Schema | null {
  const attribute = attributeOf(schema, name);
  if (!attribute) return null;
  if (isHidden(attribute)) throw invalidKey(param, [...path, name], 'query', true);
  const target = guardedTarget(attribute);
  if (target !== null && !walk.canFind(target)) throw invalidKey(param, [...path, name], 'query', true);
  switch (attribute.kind) {
    case 'relation':
    case 'media':
      return walk.registry.contentType(target ?? '');
    case 'component':
      return walk.registry.component(attribute.component);
    default:
      return null;
  }
}

function checkFilter(walk: Walk, schema: Schema, node: FilterNode, param: string, path: readonly string[]): void {
  switch (node.kind) {
    case 'compare': {
      const attribute = attributeOf(schema, node.field);
      if (attribute && isHidden(attribute)) throw invalidKey(param, [...path, node.field], 'query', true);
      return;
    }
    case 'and':
    case 'or':
      node.items.forEach((item) => checkFilter(walk, schema, item, param, path));
      return;
    case 'not':
      checkFilter(walk, schema, node.item, param, path);
      return;
    case 'nested': {
      const inner = enter(walk, schema, node.attribute, param, path);
      if (inner) checkFilter(walk, inner, node.filter, param, [...path, node.attribute]);
      return;
    }
  }
}

function checkSort(walk: Walk, schema: Schema, sort: readonly SortNode[], param: string, path: readonly string[]): void {
  for (const node of sort) {
    let current: Schema | null = schema;
    node.path.forEach((segment, index) => {
      if (!current) return;
      const at = [...path, ...node.path.slice(0, index)];
      if (index === node.path.length - 1) {
        const attribute = attributeOf(current, segment);
        if (attribute && isHidden(attribute)) throw invalidKey(param, [...at, segment], 'query', true);
        return;
      }
      current = enter(walk, current, segment, param, at);
    });
  }
}

function sanitizeSelection<S extends NestedSelection>(walk: Walk, schema: Schema, selection: S, path: readonly string[]): S {
  if (selection.filters) checkFilter(walk, schema, selection.filters, 'populate', [...path, 'filters']);
  checkSort(walk, schema, selection.sort, 'populate', [...path, 'sort']);
  return Object.freeze({ ...selection, populate: prunePopulate(walk, schema, selection.populate, [...path, 'populate']) });
}

function prunePopulate(walk: Walk, schema: Schema, populate: readonly PopulateNode[], path: readonly string[]): readonly PopulateNode[] {
  const kept: PopulateNode[] = [];
  for (const node of populate) {
    const attribute = attributeOf(schema, node.attribute);
    if (!attribute) continue;
    const here = [...path, node.attribute];
    const target = guardedTarget(attribute);
    if (target !== null && !walk.canFind(target)) continue;
    switch (attribute.kind) {
      case 'relation':
      case 'media':
        kept.push(sanitizeSelection(walk, walk.registry.contentType(target ?? ''), node, here));
        break;
      case 'component':
        kept.push(sanitizeSelection(walk, walk.registry.component(attribute.component), node, here));
        break;
      case 'dynamiczone': {
        const on = node.on === null ? null : Object.freeze(Object.fromEntries(Object.entries(node.on).map(([uid, selection]) =>
          [uid, sanitizeSelection(walk, walk.registry.component(uid), selection, [...here, 'on', uid])]),
        ));
        kept.push(Object.freeze({ ...node, on }));
        break;
      }
      case 'scalar':
        kept.push(node);
        break;
    }
  }
  return Object.freeze(kept);
}

/**
 * The query with forbidden population removed (GraphQL tells such a field by `operations.mayFind`);
 * throws a 400 for filters or sorts through a relation the actor may not read, or on a private
 * attribute.
 */
export function sanitizeQuery<Q extends Selection & Partial<Pick<Query, 'filters' | 'sort'>>>(
  registry: Registry, uid: string, query: Q, canFind: CanFind,
): Q {
  const walk: Walk = { registry, canFind };
  const schema = registry.get(uid);
  if (query.filters) checkFilter(walk, schema, query.filters, 'filters', []);
  if (query.sort) checkSort(walk, schema, query.sort, 'sort', []);
  return Object.freeze({ ...query, populate: prunePopulate(walk, schema, query.populate, []) });
}
