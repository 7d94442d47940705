/**
 * Whether a query reads draft rows of another document: the engine applies the query's status
 * to every relation it follows (populate, filters, sorts, also inside components and dynamic
 * zones) unless a populated relation names its own (GraphQL's nested `publicationState`, which
 * then holds for everything below it), so a draft-status query on a type WITHOUT draft & publish
 * still reads the drafts of the draft & publish types it reaches, and a published-status one
 * reads drafts through a relation asked for in PREVIEW. The public role never reads drafts
 * (decisions.md "Drafts and anonymous readers"); this walk lets the one query sanitiser refuse
 * every such path, not only `status=draft` on a draft & publish type.
 */
import { attributeOf } from '../model/attributes.js';
import type { Registry, Schema } from '../model/types.js';
import type { FilterNode, NestedSelection, PopulateNode, PublicationStatus, Query, Selection, SortNode } from '../query/ast.js';

/** `localizations` (model/i18n.ts) is walked like any relation */
const ownAttribute = attributeOf;

function hasDrafts(schema: Schema): boolean {
  return schema.modelType === 'contentType' && schema.draftAndPublish;
}

/** The schema behind a relation or component attribute (media: the upload file type, no drafts). */
function step(registry: Registry, schema: Schema, name: string): Schema | null {
  const attribute = ownAttribute(schema, name);
  switch (attribute?.kind) {
    case 'relation':
      return registry.contentType(attribute.target);
    case 'component':
      return registry.component(attribute.component);
    default:
      return null;
  }
}

function filterReaches(registry: Registry, schema: Schema, node: FilterNode): boolean {
  switch (node.kind) {
    case 'compare':
      return false;
    case 'and':
    case 'or':
      return node.items.some((item) => filterReaches(registry, schema, item));
    case 'not':
      return filterReaches(registry, schema, node.item);
    case 'nested': {
      const inner = step(registry, schema, node.attribute);
      return inner !== null && (hasDrafts(inner) || filterReaches(registry, inner, node.filter));
    }
  }
}

function sortReaches(registry: Registry, schema: Schema, sort: readonly SortNode[]): boolean {
  return sort.some((node) => {
    let current: Schema | null = schema;
    for (const segment of node.path.slice(0, -1)) {
      current = current === null ? null : step(registry, current, segment);
      if (current !== null && hasDrafts(current)) return true;
    }
    return false;
  });
}

/** `status`: the status this level's filters, sorts and populated relations are read in. */
function selectionReaches(registry: Registry, schema: Schema, selection: NestedSelection, status: PublicationStatus): boolean {
  return (status === 'draft' && selection.filters !== null && filterReaches(registry, schema, selection.filters))
    || (status === 'draft' && sortReaches(registry, schema, selection.sort))
    || populateReaches(registry, schema, selection.populate, status);
}

function populateReaches(registry: Registry, schema: Schema, populate: readonly PopulateNode[], status: PublicationStatus): boolean {
  return populate.some((node) => {
    if (node.on !== null) {
      return Object.entries(node.on).some(([uid, selection]) => registry.components.has(uid) && selectionReaches(registry, registry.component(uid), selection, status));
    }
    const attribute = ownAttribute(schema, node.attribute);
    // A dynamic zone without `on` applies the node's populate to each of its components.
    if (attribute?.kind === 'dynamiczone') {
      return attribute.components.some((uid) => registry.components.has(uid) && populateReaches(registry, registry.component(uid), node.populate, status));
    }
    const inner = step(registry, schema, node.attribute);
    const here = node.status ?? status;
    return inner !== null && ((here === 'draft' && hasDrafts(inner)) || selectionReaches(registry, inner, node, here));
  });
}

/**
 * True when the query's populate, filters or sorts read another draft & publish type in draft
 * status. `status`: the status of the levels that do not name their own (default: a draft-status
 * query).
 */
export function reachesDraftTypes(
  registry: Registry, uid: string, query: Selection & Partial<Pick<Query, 'filters' | 'sort'>>, status: PublicationStatus = 'draft',
): boolean {
  const schema = registry.get(uid);
  return (status === 'draft' && query.filters != null && filterReaches(registry, schema, query.filters))
    || (status === 'draft' && query.sort !== undefined && sortReaches(registry, schema, query.sort))
    || populateReaches(registry, schema, query.populate, status);
}

/** True when a populate node asks for drafts itself (GraphQL `localizations(publicationState: PREVIEW)`). */
export function populateAsksDrafts(populate: readonly PopulateNode[]): boolean {
  return populate.some((node) => node.status === 'draft' || populateAsksDrafts(node.populate)
    || (node.on !== null && Object.values(node.on).some((selection) => populateAsksDrafts(selection.populate))));
}
