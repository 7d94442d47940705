/**
 * Populating a relation or media field needs `find` on its target (spec 5.6). Populate nodes
 * for targets the caller may not read are dropped before the query runs, and the target is
 * remembered so its fields answer with a FORBIDDEN error at that path (decisions.md "GraphQL and
 * bad credentials"). One permission check per target uid and request.
 */
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { Registry, Schema } from '../../model/types.js';
import type { NestedSelection, PopulateNode } from '../../query/ast.js';
import type { GraphqlContext } from '../context.js';

const checks = new WeakMap<GraphqlContext, Map<string, Promise<boolean>>>();

function canFind(ctx: GraphqlContext, uid: string): Promise<boolean> {
  let memo = checks.get(ctx);
  if (!memo) {
    memo = new Map();
    checks.set(ctx, memo);
  }
  let check = memo.get(uid);
  if (!check) {
    check = ctx.canFind(uid);
    memo.set(uid, check);
  }
  return check;
}

function targetOf(registry: Registry, schema: Schema, attribute: string): { uid: string | null; schema: Schema | null } {
  const attr = schema.attributes[attribute];
  switch (attr?.kind) {
    case 'relation':
      return { uid: attr.target, schema: registry.contentType(attr.target) };
    case 'media':
      return { uid: UPLOAD_FILE_UID, schema: registry.contentType(UPLOAD_FILE_UID) };
    case 'component':
      return { uid: null, schema: registry.component(attr.component) };
    default:
      return { uid: null, schema: null };
  }
}

async function pruneSelection(selection: NestedSelection, schema: Schema, ctx: GraphqlContext): Promise<NestedSelection> {
  return { ...selection, populate: await prunePopulate(selection.populate, schema, ctx) };
}

export async function prunePopulate(populate: readonly PopulateNode[], schema: Schema, ctx: GraphqlContext): Promise<readonly PopulateNode[]> {
  const kept: PopulateNode[] = [];
  for (const node of populate) {
    const target = targetOf(ctx.registry, schema, node.attribute);
    if (target.uid !== null && !(await canFind(ctx, target.uid))) {
      ctx.deniedTargets.add(target.uid);
      continue;
    }
    if (node.on) {
      const on: Record<string, NestedSelection> = {};
      for (const [uid, selection] of Object.entries(node.on)) on[uid] = await pruneSelection(selection, ctx.registry.component(uid), ctx);
      kept.push(Object.freeze({ ...node, on: Object.freeze(on) }));
    } else if (target.schema) {
      kept.push(Object.freeze({ ...node, populate: await prunePopulate(node.populate, target.schema, ctx) }));
    } else {
      kept.push(node);
    }
  }
  return Object.freeze(kept);
}
