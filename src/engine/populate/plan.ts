/**
 * What to load for one populated attribute, as data: the target schemas (one, or one per
 * component type of a dynamic zone), how each is linked, and the selection to apply to it.
 * Every attribute kind becomes the same shape, so one loader serves them all.
 */
import type { Registry, Schema } from '../../model/types.js';
import { attributeOf } from '../../model/attributes.js';
import type { NestedSelection, PopulateNode, PublicationStatus } from '../../query/ast.js';
import { attributeLinks, type LinkTarget } from '../attribute-links.js';

export interface TargetPlan extends LinkTarget {
  readonly selection: NestedSelection;
  /** dynamic-zone items carry their component uid as `__component` */
  readonly componentUid: string | null;
}

export interface PopulatePlan {
  readonly attribute: string;
  readonly toMany: boolean;
  /** the node's own publication status (a GraphQL nested `publicationState`); absent: the parent's */
  readonly status: PublicationStatus | undefined;
  readonly targets: readonly TargetPlan[];
}

const DEFAULT_SELECTION: NestedSelection = { fields: null, sort: [], filters: null, populate: [] };

/** null: nothing to populate (a dynamic zone with an empty `on` keeps its key absent, as Strapi). */
export function planPopulate(registry: Registry, schema: Schema, node: PopulateNode): PopulatePlan | null {
  const links = attributeLinks(registry, schema, node.attribute);
  if (links.kind !== 'dynamiczone') {
    const targets = links.targets.map((target) => ({ ...target, selection: node, componentUid: null }));
    return { attribute: node.attribute, toMany: links.toMany, status: node.status, targets };
  }
  const { on } = node;
  if (on !== null && Object.keys(on).length === 0) return null;
  const targets = links.targets.flatMap((target): TargetPlan[] => {
    const uid = target.schema.uid;
    if (on === null) return [{ ...target, selection: zoneDefault(target.schema, node), componentUid: uid }];
    const selection = Object.hasOwn(on, uid) ? on[uid] : undefined;
    return selection === undefined ? [] : [{ ...target, selection, componentUid: uid }];
  });
  return { attribute: node.attribute, toMany: true, status: undefined, targets };
}

/** Without `on`: every component, default fields, and any nested populate that applies to it. */
function zoneDefault(component: Schema, node: PopulateNode): NestedSelection {
  const populate = node.populate.filter((child) => {
    const attr = attributeOf(component, child.attribute);
    return attr !== undefined && attr.kind !== 'scalar';
  });
  return populate.length === 0 ? DEFAULT_SELECTION : { ...DEFAULT_SELECTION, populate };
}
