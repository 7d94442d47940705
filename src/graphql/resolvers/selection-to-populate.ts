/**
 * GraphQL selection → the AST's `fields` and `populate`, so one repository call loads the whole
 * selected tree with batched SQL (the engine runs one statement per populated path, whatever
 * the number of entries) and the nested resolvers only read loaded values.
 *
 * Walks the v4 envelope (`data` → `attributes` → attribute fields), follows fragment spreads and
 * inline fragments (`... on ComponentSharedQuote` inside a dynamic zone becomes its `on` entry),
 * honours `@skip`/`@include`, and turns nested `filters`/`sort` arguments into the populate
 * node's filters/sort. Nested `pagination` is applied later by slicing (see nested-fields.ts).
 */
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { ValidationError } from '../../errors/index.js';
import type { ContentType, Registry, Schema } from '../../model/types.js';
import type { NestedSelection, PopulateNode } from '../../query/ast.js';
import { parseGraphqlFilters, parseGraphqlSort } from '../../query/parse-graphql-args.js';
import { isHidden } from '../../query/schema-fields.js';
import {
  componentTypeName,
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  relationResponseCollectionName,
  schemaTypeName,
  typeName,
} from '../naming.js';

export interface SchemaSelection {
  readonly fields: readonly string[];
  readonly populate: readonly PopulateNode[];
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly registry: Registry;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Readonly<Record<string, unknown>>;
}

const TIMESTAMPS = new Set(['createdAt', 'updatedAt', 'publishedAt']);

function included(walk: Walk, node: { readonly directives?: readonly DirectiveNode[] }): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, walk.variables as Record<string, unknown>);
  if (skip?.['if'] === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, walk.variables as Record<string, unknown>);
  return include?.['if'] !== false;
}

/** Every field node selected on `typeName` inside these selection sets, fragments followed. */
function collect(walk: Walk, sets: readonly (SelectionSetNode | undefined)[], type: string, out: FieldNode[] = [], seen = new Set<string>()): FieldNode[] {
  for (const set of sets) {
    if (!set) continue;
    for (const selection of set.selections) {
      if (!included(walk, selection)) continue;
      switch (selection.kind) {
        case Kind.FIELD:
          out.push(selection);
          break;
        case Kind.INLINE_FRAGMENT:
          if (!selection.typeCondition || selection.typeCondition.name.value === type) collect(walk, [selection.selectionSet], type, out, seen);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const fragment = walk.fragments[selection.name.value];
          if (!fragment || seen.has(fragment.name.value) || fragment.typeCondition.name.value !== type) break;
          collect(walk, [fragment.selectionSet], type, out, new Set([...seen, fragment.name.value]));
          break;
        }
      }
    }
  }
  return out;
}

/** Sub-fields named `name` of the given field nodes, on the type they return. */
function child(walk: Walk, nodes: readonly FieldNode[], type: string, name: string): FieldNode[] {
  return collect(walk, nodes.map((node) => node.selectionSet), type).filter((node) => node.name.value === name);
}

/** The field nodes of `attributes` reached from a response-typed field (`data` → `attributes`). */
function attributeNodes(walk: Walk, responseNodes: readonly FieldNode[], responseType: string, target: ContentType): FieldNode[] {
  const data = child(walk, responseNodes, responseType, 'data');
  const attributes = child(walk, data, entityName(target), 'attributes');
  return collect(walk, attributes.map((node) => node.selectionSet), typeName(target));
}

function argumentsOf(walk: Walk, parentType: string, nodes: readonly FieldNode[]): Record<string, unknown> {
  const type = walk.schema.getType(parentType);
  const first = nodes[0];
  if (!isObjectType(type) || !first) return {};
  const definition = type.getFields()[first.name.value];
  if (!definition) return {};
  const values = nodes.map((node) => getArgumentValues(definition, node, walk.variables as Record<string, unknown>));
  // pagination only slices the loaded list, so aliases may differ in it; filters and sort shape the load
  const loadKey = (value: Record<string, unknown>): string => JSON.stringify([value['filters'], value['sort']]);
  const key = loadKey(values[0] ?? {});
  if (values.some((value) => loadKey(value) !== key)) {
    throw new ValidationError(
      `Field "${first.name.value}" is selected more than once with different filters or sort at one level; Vellum loads each relation once per level (pagination may differ)`,
      { path: first.name.value },
    );
  }
  return values[0] ?? {};
}

/** fields + populate for the attribute fields selected on one schema's object type. */
export function selectionOf(walk: Walk, schema: Schema, nodes: readonly FieldNode[]): SchemaSelection {
  const fields = new Set<string>();
  const groups = new Map<string, FieldNode[]>();
  for (const node of nodes) {
    const name = node.name.value;
    if (name.startsWith('__') || name === 'id') continue;
    if (TIMESTAMPS.has(name) && schema.modelType === 'contentType') {
      fields.add(name);
      continue;
    }
    const attribute = schema.attributes[name];
    if (!attribute || isHidden(attribute)) continue;
    if (attribute.kind === 'scalar') fields.add(name);
    else groups.set(name, [...(groups.get(name) ?? []), node]);
  }
  const populate: PopulateNode[] = [];
  for (const [name, group] of groups) {
    const node = populateNode(walk, schema, name, group);
    if (node) populate.push(node);
  }
  return { fields: [...fields], populate };
}

function populateNode(walk: Walk, schema: Schema, name: string, nodes: FieldNode[]): PopulateNode | null {
  const attribute = schema.attributes[name];
  const owner = schemaTypeName(schema);
  if (!attribute) return null;
  switch (attribute.kind) {
    case 'relation':
    case 'media': {
      const target = walk.registry.contentType(attribute.kind === 'media' ? 'plugin::upload.file' : attribute.target);
      const toMany = attribute.kind === 'media' ? attribute.multiple : attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';
      const responseType = toMany ? relationResponseCollectionName(target) : entityResponseName(target);
      const args = toMany ? argumentsOf(walk, owner, nodes) : {};
      const inner = selectionOf(walk, target, attributeNodes(walk, nodes, responseType, target));
      return freezeNode(name, inner, args, target, walk.registry);
    }
    case 'component': {
      const component = walk.registry.component(attribute.component);
      const args = attribute.repeatable ? argumentsOf(walk, owner, nodes) : {};
      const inner = selectionOf(walk, component, collect(walk, nodes.map((n) => n.selectionSet), componentTypeName(component)));
      return freezeNode(name, inner, args, component, walk.registry);
    }
    case 'dynamiczone': {
      const on: Record<string, NestedSelection> = {};
      for (const uid of attribute.components) {
        const component = walk.registry.component(uid);
        const inner = selectionOf(walk, component, collect(walk, nodes.map((n) => n.selectionSet), componentTypeName(component)));
        on[uid] = Object.freeze({ fields: Object.freeze(inner.fields), sort: [], filters: null, populate: Object.freeze(inner.populate) });
      }
      return Object.freeze({ attribute: name, fields: null, sort: [], filters: null, populate: [], on: Object.freeze(on) });
    }
    case 'scalar':
      return null;
  }
}

function freezeNode(name: string, inner: SchemaSelection, args: Record<string, unknown>, target: Schema, registry: Registry): PopulateNode {
  const sort = Array.isArray(args['sort']) ? parseGraphqlSort(args['sort'] as (string | null)[], target, registry) : [];
  return Object.freeze({
    attribute: name,
    fields: Object.freeze(inner.fields),
    sort: Object.freeze(sort),
    filters: parseGraphqlFilters(args['filters'], target, registry),
    populate: Object.freeze(inner.populate),
    on: null,
  });
}

export type RootShape = 'collection' | 'entity';

export interface RootSelection extends SchemaSelection {
  /** `meta` is selected (collection roots) */
  readonly wantsMeta: boolean;
  /** `meta.pagination.total` or `pageCount` is selected: a count is needed */
  readonly wantsTotal: boolean;
}

/** The selection below a root field returning `<Type>EntityResponse(Collection)`. */
export function rootSelection(info: GraphQLResolveInfo, contentType: ContentType, registry: Registry, shape: RootShape): RootSelection {
  const walk: Walk = { schema: info.schema, registry, fragments: info.fragments, variables: info.variableValues };
  const responseType = shape === 'collection' ? entityResponseCollectionName(contentType) : entityResponseName(contentType);
  const selection = selectionOf(walk, contentType, attributeNodes(walk, info.fieldNodes, responseType, contentType));
  if (shape === 'entity') return { ...selection, wantsMeta: false, wantsTotal: false };
  const meta = child(walk, info.fieldNodes, responseType, 'meta');
  const pagination = child(walk, meta, 'ResponseCollectionMeta', 'pagination');
  const wantsTotal = collect(walk, pagination.map((n) => n.selectionSet), 'Pagination').some((n) => n.name.value === 'total' || n.name.value === 'pageCount');
  return { ...selection, wantsMeta: meta.length > 0, wantsTotal };
}
