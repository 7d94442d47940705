/**
 * Loads the alias variants `selection-to-populate.ts` could not fold into the root query (the
 * same relation selected twice with different filters, sort or publicationState). DataLoader-style: every parent
 * asking for one alias path in the same turn of the event loop joins one batch, which reads all
 * those parents again by documentId with just that populate node: one query (plus its populate
 * statements) per alias path, whatever the number of parents.
 */
import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { GraphqlContext } from '../context.js';
import { aliasPath, type DeferredLoad } from './selection-to-populate.js';

interface Batch {
  readonly ids: Set<string>;
  readonly result: Promise<Map<string, unknown>>;
}

const batches = new WeakMap<GraphqlContext, Map<string, Batch>>();

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
  return new Map(page.entries.map((entry) => [String(entry['documentId']), entry[load.node.attribute]]));
}

/**
 * The value of this field for `parent` when the field is a deferred alias variant (a promise),
 * else undefined: the value is already in the parent.
 */
export function deferredValue(parent: Readonly<Record<string, unknown>>, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<unknown> | undefined {
  if (ctx.deferred.size === 0) return undefined;
  const path = aliasPathOf(info);
  const load = ctx.deferred.get(path);
  const documentId = parent['documentId'];
  if (!load || typeof documentId !== 'string') return undefined;
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
  return batch.result.then((values) => values.get(documentId));
}
