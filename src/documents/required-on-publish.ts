/**
 * Strapi 5 lets a draft lack its required attributes and checks them when the draft is
 * published. The draft row is read with what the check needs (scalars, and the relations, media,
 * components and dynamic-zone items that are required, counted or hold such attributes), in one
 * statement per populated path, and every missing value is reported with its path in one 400,
 * as body validation reports them; nothing is published.
 */
import { ValidationError } from '../errors/index.js';
import { isHidden } from '../model/attributes.js';
import { isCreatorField } from '../model/creator-fields.js';
import type { Attribute, ContentType, Registry, Schema } from '../model/types.js';
import type { NestedSelection, PopulateNode } from '../query/ast.js';
import { loadEntriesByRowIds } from '../engine/load-entries.js';
import type { EngineContext, Entry } from '../engine/types.js';
import type { Issue } from './validate-data.js';

/** Components nest; schemas cannot make them cycle, the bound is for safety. */
const MAX_DEPTH = 8;

const counted = (attr: Attribute): boolean => (attr.kind === 'component' || attr.kind === 'dynamiczone') && attr.min !== undefined;
const checked = (attr: Attribute): boolean => !isHidden(attr) && !isCreatorField(attr);

function populateOf(registry: Registry, schema: Schema, depth: number): PopulateNode[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const nodes: PopulateNode[] = [];
  let matters = Object.values(schema.attributes).some((attr) => checked(attr) && attr.kind === 'scalar' && attr.required);
  for (const attr of Object.values(schema.attributes)) {
    if (!checked(attr) || attr.kind === 'scalar') continue;
    const base = { attribute: attr.name, sort: [], filters: null, on: null };
    if (attr.kind === 'relation' || attr.kind === 'media') {
      if (attr.required) nodes.push({ ...base, fields: [], populate: [] });
    } else if (attr.kind === 'component') {
      const inner = populateOf(registry, registry.component(attr.component), depth + 1);
      if (inner !== undefined || attr.required || counted(attr)) nodes.push({ ...base, fields: null, populate: inner ?? [] });
    } else {
      const on: Record<string, NestedSelection> = {};
      for (const uid of attr.components) {
        const inner = populateOf(registry, registry.component(uid), depth + 1);
        if (inner !== undefined) on[uid] = { fields: null, sort: [], filters: null, populate: inner };
      }
      if (Object.keys(on).length > 0 || attr.required || counted(attr)) {
        nodes.push({ ...base, fields: [], populate: [], on: Object.fromEntries(attr.components.map((uid) => [uid, on[uid] ?? { fields: [], sort: [], filters: null, populate: [] }])) });
      }
    }
  }
  matters ||= nodes.length > 0;
  return matters ? nodes : undefined;
}

const plans = new WeakMap<Schema, PopulateNode[] | null>();

function planOf(registry: Registry, schema: ContentType): PopulateNode[] | null {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = populateOf(registry, schema, 1) ?? null;
    plans.set(schema, plan);
  }
  return plan;
}

const missing = (path: string[]): Issue => ({ path, message: `${path.join('.')} must be defined.`, name: 'ValidationError' });
const isEmpty = (value: unknown): boolean => value === null || value === undefined || (Array.isArray(value) && value.length === 0);

function walk(registry: Registry, schema: Schema, entry: Record<string, unknown>, path: string[], issues: Issue[]): void {
  for (const attr of Object.values(schema.attributes)) {
    if (!checked(attr)) continue;
    const at = [...path, attr.name];
    const value = entry[attr.name];
    if (attr.required && isEmpty(value)) {
      issues.push(missing(at));
      continue;
    }
    if (attr.kind === 'component' || attr.kind === 'dynamiczone') {
      const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      if (attr.min !== undefined && items.length < attr.min) issues.push({ path: at, message: `${at.join('.')} must have at least ${attr.min} items`, name: 'ValidationError' });
      items.forEach((item: Record<string, unknown>, i) => {
        const uid = attr.kind === 'component' ? attr.component : String(item.__component);
        const itemPath = attr.kind === 'component' && !attr.repeatable ? at : [...at, String(i)];
        if (registry.components.has(uid)) walk(registry, registry.component(uid), item, itemPath, issues);
      });
    }
  }
}

/** Throws the 400 naming every required attribute the draft row lacks. */
export async function assertRequiredOnPublish(ctx: EngineContext, schema: ContentType, draftRowId: number): Promise<void> {
  const populate = planOf(ctx.registry, schema);
  if (populate === null) return;
  const [entry]: Entry[] = await loadEntriesByRowIds(ctx, schema.uid, [draftRowId], { fields: null, populate, status: 'draft' });
  if (entry === undefined) return;
  const issues: Issue[] = [];
  walk(ctx.registry, schema, entry, [], issues);
  if (issues.length > 0) throw new ValidationError(issues.length === 1 ? issues[0]!.message : `${issues.length} errors occurred`, { errors: issues });
}
