/**
 * Loads the alias variants `selection-to-populate.ts` could not fold into the root query (the
 * same relation or repeatable component selected twice with different filters, sort or
 * publicationState). DataLoader-style: every parent asking for one alias path in the same turn of
 * the event loop joins one batch, which reads all those parents again by documentId with just
 * that populate node: one query (plus its populate statements) per alias path, whatever the
 * number of parents.
 *
 * A component entry has no documentId: the component resolvers note, for every component entry
 * they hand on, the documentId of the content-type entry holding it (`noteOwner`); the batch reads
 * those entries through the component chain and finds each component again by its id.
 */
import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { GraphqlContext } from '../context.js';
import { isRecord } from '../../util/is-record.js';
import { aliasPath, componentAliasPath, type DeferredLoad } from './selection-to-populate.js';

interface Batch {
  readonly ids: Set<string>;
  readonly result: Promise<Map<string, unknown>>;
}

const batches = new WeakMap<GraphqlContext, Map<string, Batch>>();

/** component entry → documentId of the content-type entry it was loaded with */
const owners = new WeakMap<object, string>();

/** Notes the owning documentId of the component entries a component field hands on (only when some load is deferred). */
export function noteOwner(parent: Readonly<Record<string, unknown>>, ctx: GraphqlContext, items: readonly unknown[]): void {
  if (ctx.deferred.size === 0) return;
  const documentId = typeof parent['documentId'] === 'string' ? parent['documentId'] : owners.get(parent);
  if (documentId === undefined) return;
  for (const item of items) if (isRecord(item)) owners.set(item, documentId);
}

const listOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : [value]).filter(isRecord);

/** The deferred values of one read entry: its own attribute, or by id the attribute of each component at the chain's end. */
function valuesOf(load: DeferredLoad, entry: Readonly<Record<string, unknown>>, out: Map<string, unknown>): void {
  if (load.chain.length === 0) {
    out.set(String(entry['documentId']), entry[load.attribute]);
    return;
  }
  let level = [entry];
  for (const step of load.chain) level = level.flatMap((item) => listOf(item[step.attribute])).filter((item) => step.on === undefined || item['__component'] === step.on);
  for (const component of level) out.set(String(component['id']), component[load.attribute]);
}

/** The alias path of the field being resolved: the root field and every attribute field. */
export function aliasPathOf(info: GraphQLResolveInfo): string {
  const keys: string[] = [];
  for (let step: GraphQLResolveInfo['path'] | undefined = info.path; step; step = step.prev) {
    if (typeof step.key !== 'string') continue;
    const type = step.typename ? info.schema.getType(step.typename) : undefined;
    const isAttributeField = isObjectType(type) && type.extensions['vellum'] !== undefined;
    if (isAttributeField || step.prev === undefined) keys.push(step.key);
  }
  return aliasPath(keys.reverse());
}

async function run(ctx: GraphqlContext, load: DeferredLoad, ids: readonly string[]): Promise<Map<string, unknown>> {
  // sanitised for the caller (forbidden population dropped and noted) by the operation layer
  const page = await ctx.operations.forType(load.parentUid).loadRelated(ctx.caller, {
    filters: { kind: 'compare', field: 'documentId', op: '$in', value: [...ids] },
    sort: [],
    pagination: { kind: 'offset', start: 0, limit: ids.length, withCount: false },
    fields: [],
    populate: [load.node],
    status: load.status,
    ...(load.locale === undefined ? {} : { locale: load.locale }),
  });
  const values = new Map<string, unknown>();
  for (const entry of page.entries) valuesOf(load, entry, values);
  return values;
}

/**
 * The value of this field for `parent` when the field is a deferred alias variant (a promise),
 * else undefined: the value is already in the parent.
 */
export function deferredValue(parent: Readonly<Record<string, unknown>>, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<unknown> | undefined {
  if (ctx.deferred.size === 0) return undefined;
  const found = deferredKey(parent, info);
  const load = found && ctx.deferred.get(found.path);
  if (!found || !load) return undefined;
  const { path, documentId, key } = found;
  let byPath = batches.get(ctx);
  if (!byPath) {
    byPath = new Map();
    batches.set(ctx, byPath);
  }
  let batch = byPath.get(path);
  if (!batch) {
    const ids = new Set<string>();
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      byPath.delete(path);
      return run(ctx, load, [...ids]);
    });
    batch = { ids, result };
    byPath.set(path, batch);
  }
  batch.ids.add(documentId);
  return batch.result.then((values) => values.get(key));
}

/** The deferred-load key of the field, the documentId to read and the key of the parent's value in the batch's answer. */
function deferredKey(parent: Readonly<Record<string, unknown>>, info: GraphQLResolveInfo): { path: string; documentId: string; key: string } | undefined {
  const documentId = parent['documentId'];
  if (typeof documentId === 'string') return { path: aliasPathOf(info), documentId, key: documentId };
  const owner = owners.get(parent);
  const vellum = info.parentType.extensions['vellum'] as { uid?: unknown } | undefined;
  if (owner === undefined || typeof vellum?.uid !== 'string') return undefined;
  return { path: componentAliasPath(aliasPathOf(info), vellum.uid), documentId: owner, key: String(parent['id']) };
}
