/**
 * GraphQL selection → the AST's `fields` and `populate`, so one repository call loads the whole
 * selected tree with batched SQL (the engine runs one statement per populated path, whatever
 * the number of entries) and the nested resolvers only read loaded values.
 *
 * Walks the v4 envelope (`data` → `attributes` → attribute fields), follows fragment spreads and
 * inline fragments (`... on ComponentSharedQuote` inside a dynamic zone becomes its `on` entry),
 * honours `@skip`/`@include`, and turns nested `filters`/`sort`/`publicationState` arguments into
 * the populate node's filters/sort/status. Nested `pagination` is applied later by slicing (see
 * nested-fields.ts).
 *
 * One populate node per attribute and level: when aliases select the same relation or repeatable
 * component with different filters, sort or publicationState (`a: tags(filters: …) b: tags`,
 * `seo { social_gh: social(filters: …) social }`), the first variant is populated and each other
 * one is registered as a deferred load, which `deferred-loads.ts` runs once per alias path for all
 * parents together (still a bounded number of statements). A variant inside a component is loaded
 * from the nearest content type above it, through the chain of component attributes leading to it.
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
import { attributeOf, isHidden, isToMany } from '../../model/attributes.js';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { ContentType, Registry, Schema } from '../../model/types.js';
import type { NestedSelection, PopulateNode, PublicationStatus } from '../../query/ast.js';
import { parseGraphqlFilters, parseGraphqlSort, parsePublicationState } from '../../query/parse-graphql-args.js';
import { parseLocale } from '../../query/parse-locale.js';
import { isLocalizedType } from '../../model/i18n.js';
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

/** One component attribute between a content type and a nested component (`on`: the dynamic zone's member). */
export interface ComponentStep {
  readonly attribute: string;
  readonly on?: string;
}

/** Where a schema's entries sit: the nearest content type above and the component attributes leading down from it. */
interface Owner {
  readonly uid: string;
  readonly chain: readonly ComponentStep[];
}

/** A variant of a relation or component list selection loaded apart from the main query (see deferred-loads.ts). */
export interface DeferredLoad {
  /** content type whose entries are read again (the owner of the attribute, or of the components holding it) */
  readonly parentUid: string;
  /** the populate node of that read: the variant itself, wrapped in the component chain leading to it */
  readonly node: PopulateNode;
  /** the component attributes from the content type down to the attribute's owner (empty: the content type owns it) */
  readonly chain: readonly ComponentStep[];
  /** the variant's attribute */
  readonly attribute: string;
  /** the root query's publication status, which the parents were read with */
  readonly status: PublicationStatus;
  /** localized roots: the root query's `locale` argument, which the parents were read with (absent: the default locale) */
  readonly locale?: string;
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly registry: Registry;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Readonly<Record<string, unknown>>;
  /** alias path (see `aliasPath`) → deferred load */
  readonly deferred: Map<string, DeferredLoad>;
  readonly status: PublicationStatus;
  readonly locale?: string;
}

/** Response keys of the root field and of every attribute field on the way (envelopes and list indices left out). */
export function aliasPath(keys: readonly string[]): string {
  return keys.join('.');
}

/** The deferred-load key of an alias path on a component type (a zone's members may share alias paths). */
export function componentAliasPath(path: string, componentUid: string): string {
  return `${path}@${componentUid}`;
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

function argumentsOf(walk: Walk, parentType: string, node: FieldNode): Record<string, unknown> {
  const type = walk.schema.getType(parentType);
  const definition = isObjectType(type) ? type.getFields()[node.name.value] : undefined;
  return definition ? getArgumentValues(definition, node, walk.variables as Record<string, unknown>) : {};
}

const responseKey = (node: FieldNode): string => node.alias?.value ?? node.name.value;

/** pagination only slices the loaded list; filters, sort and (`localizations`) publicationState shape what is loaded */
const loadKey = (args: Record<string, unknown>): string => JSON.stringify([args['filters'] ?? null, args['sort'] ?? null, args['publicationState'] ?? null]);

interface Variant {
  readonly args: Record<string, unknown>;
  readonly nodes: FieldNode[];
}

/** The field nodes of one attribute, grouped by what they load. */
function variantsOf(walk: Walk, schema: Schema, nodes: readonly FieldNode[], withArgs: boolean): Variant[] {
  const variants = new Map<string, Variant>();
  for (const node of nodes) {
    const args = withArgs ? argumentsOf(walk, schemaTypeName(schema), node) : {};
    const key = loadKey(args);
    const variant = variants.get(key);
    if (variant) variant.nodes.push(node);
    else variants.set(key, { args, nodes: [node] });
  }
  return [...variants.values()];
}

/** fields + populate for the attribute fields selected on one schema's object type. */
export function selectionOf(walk: Walk, schema: Schema, nodes: readonly FieldNode[], path: readonly string[], owner: Owner = { uid: schema.uid, chain: [] }): SchemaSelection {
  const fields = new Set<string>();
  const groups = new Map<string, FieldNode[]>();
  for (const node of nodes) {
    const name = node.name.value;
    if (name.startsWith('__') || name === 'id') continue;
    if ((TIMESTAMPS.has(name) && schema.modelType === 'contentType') || (name === 'locale' && isLocalizedType(schema))) {
      fields.add(name);
      continue;
    }
    const attribute = attributeOf(schema, name);
    if (!attribute || isHidden(attribute)) continue;
    if (attribute.kind === 'scalar') fields.add(name);
    else groups.set(name, [...(groups.get(name) ?? []), node]);
  }
  const populate: PopulateNode[] = [];
  for (const [name, group] of groups) {
    const attribute = attributeOf(schema, name);
    // a dynamic zone is a list too, but its field takes no list arguments
    const withArgs = attribute !== undefined && attribute.kind !== 'dynamiczone' && isToMany(attribute);
    const [primary, ...others] = variantsOf(walk, schema, group, withArgs);
    if (!primary) continue;
    const node = populateNode(walk, schema, name, primary, path, owner);
    if (node) populate.push(node);
    for (const variant of others) deferVariant(walk, schema, name, variant, primary, path, owner);
  }
  return { fields: [...fields], populate };
}

function deferVariant(walk: Walk, schema: Schema, name: string, variant: Variant, primary: Variant, path: readonly string[], owner: Owner): void {
  const keys = new Set(variant.nodes.map(responseKey));
  if (primary.nodes.some((node) => keys.has(responseKey(node)))) {
    throw new ValidationError(
      `Field "${name}" is selected more than once with different filters, sort or publicationState under the same response name; give each variant its own alias`,
      { path: [...path, name].join('.') },
    );
  }
  for (const key of keys) {
    const keyPath = aliasPath([...path, key]);
    const node = populateNode(walk, schema, name, { ...variant, nodes: variant.nodes.filter((n) => responseKey(n) === key) }, path, owner);
    if (!node) continue;
    walk.deferred.set(schema.modelType === 'component' ? componentAliasPath(keyPath, schema.uid) : keyPath, {
      parentUid: owner.uid,
      node: withinChain(node, owner.chain),
      chain: owner.chain,
      attribute: name,
      status: walk.status,
      ...(walk.locale === undefined ? {} : { locale: walk.locale }),
    });
  }
}

/** `node` populated through the component chain: each step loads only the components' ids and the next step. */
function withinChain(node: PopulateNode, chain: readonly ComponentStep[]): PopulateNode {
  return chain.reduceRight<PopulateNode>((inner, step) => {
    const only = Object.freeze({ fields: Object.freeze([]), sort: [], filters: null, populate: Object.freeze([inner]) });
    return step.on === undefined
      ? Object.freeze({ attribute: step.attribute, ...only, on: null })
      : Object.freeze({ attribute: step.attribute, fields: null, sort: [], filters: null, populate: [], on: Object.freeze({ [step.on]: only }) });
  }, node);
}

function populateNode(walk: Walk, schema: Schema, name: string, variant: Variant, path: readonly string[], owner: Owner): PopulateNode | null {
  const attribute = attributeOf(schema, name);
  const nodes = variant.nodes;
  const here = [...path, responseKey(nodes[0]!)];
  if (!attribute) return null;
  switch (attribute.kind) {
    case 'relation':
    case 'media': {
      const target = walk.registry.contentType(attribute.kind === 'media' ? UPLOAD_FILE_UID : attribute.target);
      const toMany = isToMany(attribute);
      const responseType = toMany ? relationResponseCollectionName(target) : entityResponseName(target);
      const inner = selectionOf(walk, target, attributeNodes(walk, nodes, responseType, target), here);
      const node = freezeNode(name, inner, variant.args, target, walk.registry);
      // v4: a to-many relation's own publicationState (default LIVE), not the enclosing query's
      const state = variant.args['publicationState'];
      if (state !== 'live' && state !== 'preview') return node;
      return Object.freeze({ ...node, status: parsePublicationState(state, target.draftAndPublish) });
    }
    case 'component': {
      const component = walk.registry.component(attribute.component);
      const inner = selectionOf(walk, component, collect(walk, nodes.map((n) => n.selectionSet), componentTypeName(component)), here, { uid: owner.uid, chain: [...owner.chain, { attribute: name }] });
      return freezeNode(name, inner, variant.args, component, walk.registry);
    }
    case 'dynamiczone': {
      const on: Record<string, NestedSelection> = {};
      for (const uid of attribute.components) {
        const component = walk.registry.component(uid);
        const inner = selectionOf(walk, component, collect(walk, nodes.map((n) => n.selectionSet), componentTypeName(component)), here, { uid: owner.uid, chain: [...owner.chain, { attribute: name, on: uid }] });
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
  const state = args['publicationState'];
  // only `localizations` takes publicationState: its versions in that state, whatever the root's
  const status = (state === 'live' || state === 'preview') && target.modelType === 'contentType' ? parsePublicationState(state, target.draftAndPublish) : undefined;
  return Object.freeze({
    attribute: name,
    fields: Object.freeze(inner.fields),
    sort: Object.freeze(sort),
    filters: parseGraphqlFilters(args['filters'], target, registry),
    populate: Object.freeze(inner.populate),
    on: null,
    ...(status === undefined ? {} : { status }),
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
export function rootSelection(
  info: GraphQLResolveInfo,
  contentType: ContentType,
  registry: Registry,
  shape: RootShape,
  deferred: Map<string, DeferredLoad>,
  status: PublicationStatus,
): RootSelection {
  // the parents of deferred loads are read again in the root's locale (a root field of a localized type takes `locale`)
  const rootField = info.parentType.getFields()[info.fieldName];
  const rootNode = info.fieldNodes[0];
  const rootLocale = rootField && rootNode ? getArgumentValues(rootField, rootNode, info.variableValues as Record<string, unknown>)['locale'] : undefined;
  const locale = parseLocale(rootLocale ?? undefined, contentType);
  const walk: Walk = { schema: info.schema, registry, fragments: info.fragments, variables: info.variableValues, deferred, status, ...(locale === undefined ? {} : { locale }) };
  const responseType = shape === 'collection' ? entityResponseCollectionName(contentType) : entityResponseName(contentType);
  const root = [String(info.path.key)];
  const selection = selectionOf(walk, contentType, attributeNodes(walk, info.fieldNodes, responseType, contentType), root);
  if (shape === 'entity') return { ...selection, wantsMeta: false, wantsTotal: false };
  const meta = child(walk, info.fieldNodes, responseType, 'meta');
  const pagination = child(walk, meta, 'ResponseCollectionMeta', 'pagination');
  const wantsTotal = collect(walk, pagination.map((n) => n.selectionSet), 'Pagination').some((n) => n.name.value === 'total' || n.name.value === 'pageCount');
  return { ...selection, wantsMeta: meta.length > 0, wantsTotal };
}
