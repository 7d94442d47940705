/**
 * The mutable tree `parsePopulate` builds while reading populate in all its forms. Mentions of
 * the same attribute merge into one draft (`populate[0]=seo&populate[1]=seo.shareImage`);
 * `finishPopulate` turns the tree into frozen PopulateNodes.
 */
import type { FilterNode, NestedSelection, PopulateNode, SortNode } from './ast.js';

export interface SelectionDraft {
  fields: string[] | null;
  sort: SortNode[];
  filters: FilterNode | null;
  populate: Map<string, PopulateDraft>;
}

export interface PopulateDraft extends SelectionDraft {
  readonly attribute: string;
  /** dynamic zones: the components asked for with `on`; null = every component, default selection */
  on: Map<string, SelectionDraft> | null;
}

export function emptySelection(): SelectionDraft {
  return { fields: null, sort: [], filters: null, populate: new Map() };
}

export function mergeFields(current: string[] | null, added: readonly string[] | null): string[] | null {
  if (added === null) return current;
  return [...new Set([...(current ?? []), ...added])];
}

export function mergeFilters(current: FilterNode | null, added: FilterNode | null): FilterNode | null {
  if (added === null) return current;
  return current === null ? added : { kind: 'and', items: [current, added] };
}

export function finishPopulate(drafts: ReadonlyMap<string, PopulateDraft>): PopulateNode[] {
  const nodes: PopulateNode[] = [];
  for (const draft of drafts.values()) {
    // `populate[zone][on]={}` (or only `false` entries): the zone stays unpopulated, as in Strapi.
    if (draft.on !== null && draft.on.size === 0) continue;
    const on = draft.on === null
      ? null
      : Object.fromEntries([...draft.on].map(([uid, selection]) => [uid, finishSelection(selection)]));
    nodes.push({ attribute: draft.attribute, ...finishSelection(draft), on });
  }
  return nodes;
}

function finishSelection(draft: SelectionDraft): NestedSelection {
  return {
    fields: draft.fields,
    sort: draft.sort,
    filters: draft.filters,
    populate: finishPopulate(draft.populate),
  };
}
