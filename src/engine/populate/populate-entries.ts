/**
 * Batched population: for each populated attribute, the targets of *all* parent entries are
 * loaded together (load-batch.ts), then the children are populated the same way, level by
 * level. Statements depend on the shape of `populate`, never on the number of entries.
 * Populated to-one with nothing behind it → null; to-many → [].
 */
import { toNumber } from '../../db/values.js';
import type { Schema } from '../../model/types.js';
import type { PopulateNode, PublicationStatus } from '../../query/ast.js';
import type { RowKey } from '../attribute-links.js';
import { readRow } from '../read-row.js';
import { selectFields } from '../select-fields.js';
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
): Promise<void> {
  if (entries.length === 0) return;
  // Schema order, so populated keys follow the attribute order whatever order `populate` had.
  const names = Object.keys(schema.attributes);
  const nodes = [...populate].sort((a, b) => names.indexOf(a.attribute) - names.indexOf(b.attribute));
  for (const node of nodes) {
    const plan = planPopulate(ctx.registry, schema, node);
    if (plan) await populateAttribute(ctx, plan, entries, status);
  }
}

const keyOf = (entry: Entry, key: RowKey): string => String(key === 'id' ? entry.id : entry.documentId);

async function populateAttribute(ctx: EngineContext, plan: PopulatePlan, parents: readonly Entry[], status: PublicationStatus): Promise<void> {
  const byParent = new Map<string, Child[]>();
  for (const target of plan.targets) {
    const parentKeys = [...new Set(parents.map((p) => keyOf(p, target.link.parentKey)))];
    const keys = target.link.parentKey === 'id' ? parentKeys.map(Number) : parentKeys;
    const fields = selectFields(target.schema, target.selection.fields);
    const rows = await loadLinkedRows(ctx, target, fields, keys, status);
    const lead = target.componentUid === null ? {} : { __component: target.componentUid };
    const children = rows.map((row, i) => ({
      parent: String(target.link.parentKey === 'id' ? toNumber(row[PARENT_KEY]) : row[PARENT_KEY]),
      // Dynamic-zone items of every component type interleave by their link order.
      order: plan.targets.length > 1 ? toNumber(row[LINK_ORDER]) : i,
      entry: readRow(fields, row, lead),
    }));
    await populateEntries(ctx, target.schema, children.map((c) => c.entry), target.selection.populate, status);
    for (const child of children) {
      const list = byParent.get(child.parent);
      if (list) list.push(child);
      else byParent.set(child.parent, [child]);
    }
  }
  const key = plan.targets[0]?.link.parentKey ?? 'id';
  for (const parent of parents) {
    const children = byParent.get(keyOf(parent, key)) ?? [];
    if (plan.targets.length > 1) children.sort((a, b) => a.order - b.order);
    const values = children.map((c) => c.entry);
    (parent as Record<string, unknown>)[plan.attribute] = plan.toMany ? values : (values[0] ?? null);
  }
}
