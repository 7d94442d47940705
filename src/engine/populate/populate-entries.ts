/**
 * Batched population: for each populated attribute, the targets of *all* parent entries are
 * loaded together (load-batch.ts), then the children are populated the same way, level by
 * level. Statements depend on the shape of `populate`, never on the number of entries.
 * Populated to-one with nothing behind it → null; to-many → [].
 *
 * A child row is one object shared by every parent with the same key, so the response repeats
 * it once per parent occurrence: each level is charged to the request's entry budget with that
 * multiplicity (entry-budget.ts) before the next level is read.
 */
import { throwIfAborted } from '../../db/statement-counter.js';
import { toNumber } from '../../db/values.js';
import type { Schema } from '../../model/types.js';
import type { PopulateNode, PublicationStatus } from '../../query/ast.js';
import { loadsThroughParentRow, type LinkSpec, type RowKey } from '../attribute-links.js';
import { rowReader } from '../read-row.js';
import { selectFields } from '../select-fields.js';
import { chargeEntries } from '../entry-budget.js';
import type { EngineContext, Entry } from '../types.js';
import { LINK_ORDER, PARENT_KEY, loadLinkedRows } from './load-batch.js';
import { planPopulate, type PopulatePlan } from './plan.js';

interface Child {
  readonly entry: Entry;
  readonly order: number;
}

export async function populateEntries(
  ctx: EngineContext,
  schema: Schema,
  entries: readonly Entry[],
  populate: readonly PopulateNode[],
  status: PublicationStatus,
  /** how many times each entry appears in the response (absent: once) */
  weights?: ReadonlyMap<Entry, number>,
): Promise<void> {
  if (entries.length === 0 || populate.length === 0) return;
  // Schema order, so populated keys follow the attribute order whatever order `populate` had
  // (`localizations`, which is no schema attribute, last).
  const names = Object.keys(schema.attributes);
  const rank = (name: string): number => (names.includes(name) ? names.indexOf(name) : names.length);
  const nodes = [...populate].sort((a, b) => rank(a.attribute) - rank(b.attribute));
  for (const node of nodes) {
    const plan = planPopulate(ctx.registry, schema, node);
    if (plan) await populateAttribute(ctx, plan, entries, status, weights);
  }
}

/** A parent's key as its rows and the link rows hold it: a row id (number) or a document id (string), never converted. */
type ParentKey = number | string;
const keyOf = (entry: Entry, key: RowKey): ParentKey => (key === 'id' ? entry.id : String(entry.documentId));
/** which key of the parent entries a batched load is keyed by (load-batch.ts) */
const loadKeyOf = (link: LinkSpec): RowKey => (loadsThroughParentRow(link) ? 'id' : link.parentKey);

async function populateAttribute(
  ctx: EngineContext, plan: PopulatePlan, parents: readonly Entry[], parentStatus: PublicationStatus, weights: ReadonlyMap<Entry, number> | undefined,
): Promise<void> {
  // The link names the target document; the status picks which of its rows is read.
  const status = plan.status ?? parentStatus;
  const byParent = new Map<ParentKey, Child[]>();
  for (const target of plan.targets) {
    const keyWeights = new Map<ParentKey, number>();
    for (const parent of parents) {
      const key = keyOf(parent, loadKeyOf(target.link));
      keyWeights.set(key, (keyWeights.get(key) ?? 0) + (weights?.get(parent) ?? 1));
    }
    const keys = [...keyWeights.keys()];
    const fields = selectFields(target.schema, target.selection.fields);
    // a request whose client went away reads no further level (even inside a transaction)
    throwIfAborted();
    const rows = await loadLinkedRows(ctx, target, fields, keys, status);
    const read = rowReader(fields, target.componentUid);
    const byId = loadKeyOf(target.link) === 'id';
    const children = rows.map((row, i) => ({
      parent: byId ? toNumber(row[PARENT_KEY]) : String(row[PARENT_KEY]),
      // Dynamic-zone items of every component type interleave by their link order.
      order: plan.targets.length > 1 ? toNumber(row[LINK_ORDER]) : i,
      entry: read(row),
    }));
    // the weights of the children matter only to a level below them
    const nested = target.selection.populate.length > 0;
    const childWeights = new Map<Entry, number>();
    let occurrences = 0;
    for (const child of children) {
      const weight = keyWeights.get(child.parent) ?? 1;
      if (nested) childWeights.set(child.entry, weight);
      occurrences += weight;
    }
    chargeEntries(occurrences);
    if (nested) await populateEntries(ctx, target.schema, children.map((c) => c.entry), target.selection.populate, status, childWeights);
    for (const child of children) {
      const list = byParent.get(child.parent);
      if (list) list.push(child);
      else byParent.set(child.parent, [child]);
    }
  }
  const first = plan.targets[0];
  const key = first === undefined ? 'id' : loadKeyOf(first.link);
  for (const parent of parents) {
    const children = byParent.get(keyOf(parent, key)) ?? [];
    if (plan.targets.length > 1) children.sort((a, b) => a.order - b.order);
    const values = children.map((c) => c.entry);
    (parent as Record<string, unknown>)[plan.attribute] = plan.toMany ? values : (values[0] ?? null);
  }
}
