/**
 * The content manager's admin API (`/content-manager/*`, Strapi 5's routes and answers): init,
 * collection types (list, read, create, update, delete, publish, unpublish, discard, bulk
 * actions), single types, and relation options. Every handler parses its request, calls the
 * operation layer with the admin caller and shapes the answer; nothing here reads data another
 * way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import type { ContentType, Registry } from '../../model/types.js';
import { BULK_ACTIONS, runBulkAction, type BulkAction } from './bulk-actions.js';
import type { TransportContext } from '../../transport/transport-context.js';
import { adminCallerOf } from '../admin-caller.js';
import { documentActions, type DocumentActions } from './documents.js';
import { initData, isDisplayed } from './init-data.js';
import { listPage } from './list.js';
import { adminQueryContext, parseListQuery } from './list-query.js';
import { relationOptions } from './relations.js';
import { bodyOf, queryOf } from './request-input.js';

type Params = { uid: string; documentId?: string; action?: string; field?: string };
type Request = FastifyRequest<{ Params: Params }>;

/** The content type a route names: one the content manager shows, of the route's kind; else 404. */
function contentTypeOf(registry: Registry, uid: string, kind: ContentType['kind']): ContentType {
  const type = registry.contentTypes.get(uid);
  if (type === undefined || type.kind !== kind || !isDisplayed(type.pluginOptions)) throw new NotFoundError(`No ${kind === 'singleType' ? 'single' : 'collection'} type ${uid}`);
  return type;
}

const DOCUMENT_ACTIONS = ['publish', 'unpublish', 'discard'] as const;
type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
const isDocumentAction = (name: string | undefined): name is DocumentAction => (DOCUMENT_ACTIONS as readonly string[]).includes(name ?? '');

/**
 * `server` is the root server: the content manager answers at `/content-manager/*` (Strapi's
 * paths), beside the admin path's own routes. Each request's caller is the admin caller.
 */
export function registerContentManager(server: FastifyInstance, context: TransportContext): void {
  const { registry, operations } = context;
  const deps = { callerOf: adminCallerOf };
  const queryCtx = adminQueryContext(registry, context.rest.budget);
  const actions = new Map<string, DocumentActions>();
  const actionsOf = (type: ContentType): DocumentActions => {
    let found = actions.get(type.uid);
    if (found === undefined) actions.set(type.uid, (found = documentActions(registry, operations.forType(type.uid))));
    return found;
  };
  const collection = (request: Request) => contentTypeOf(registry, request.params.uid, 'collectionType');
  const single = (request: Request) => contentTypeOf(registry, request.params.uid, 'singleType');
  const input = (request: Request) => ({ query: queryOf(request), body: bodyOf(request) });
  const runAction = (type: ContentType, request: Request, documentId: string | null) => {
    const action = request.params.action;
    if (!isDocumentAction(action)) throw new NotFoundError();
    const run = actionsOf(type);
    const caller = deps.callerOf(request);
    return action === 'publish' ? run.publish(caller, documentId, input(request))
      : action === 'unpublish' ? run.unpublish(caller, documentId, input(request))
        : run.discard(caller, documentId, input(request));
  };

  server.get('/content-manager/init', async (request) => {
    // the admin must be signed in: the model is no public information
    await operations.actor(deps.callerOf(request));
    return { data: initData(registry) };
  });

  const base = '/content-manager/collection-types/:uid';
  server.get(base, async (request: Request) => {
    const type = collection(request);
    const caller = deps.callerOf(request);
    return listPage(operations.forType(type.uid), caller, parseListQuery(queryOf(request), type, queryCtx));
  });
  server.post(base, async (request: Request, reply) => {
    const type = collection(request);
    return reply.code(201).send(await actionsOf(type).create(deps.callerOf(request), input(request)));
  });
  server.post(`${base}/actions/:action`, async (request: Request, reply) => {
    const type = collection(request);
    const caller = deps.callerOf(request);
    const action = request.params.action ?? '';
    // Publish on a new entry: create it, then publish it (Strapi's "create and publish")
    if (action === 'publish') {
      // an admin who may not publish is refused before the document is created
      await operations.forType(type.uid).check(caller, 'publish');
      const created = await actionsOf(type).create(caller, input(request), true);
      return reply.code(201).send(await actionsOf(type).publish(caller, String(created.data.documentId), { query: queryOf(request) }));
    }
    if (!(BULK_ACTIONS as readonly string[]).includes(action)) throw new NotFoundError();
    return runBulkAction(operations.forType(type.uid), caller, action as BulkAction, queryOf(request), bodyOf(request));
  });
  const item = `${base}/:documentId`;
  server.get(item, async (request: Request) => actionsOf(collection(request)).get(deps.callerOf(request), request.params.documentId ?? '', input(request)));
  server.put(item, async (request: Request) => actionsOf(collection(request)).update(deps.callerOf(request), request.params.documentId ?? '', input(request)));
  server.delete(item, async (request: Request) => actionsOf(collection(request)).remove(deps.callerOf(request), request.params.documentId ?? '', input(request)));
  server.post(`${item}/actions/:action`, async (request: Request) => runAction(collection(request), request, request.params.documentId ?? ''));

  const singleBase = '/content-manager/single-types/:uid';
  server.get(singleBase, async (request: Request) => actionsOf(single(request)).get(deps.callerOf(request), null, input(request)));
  server.put(singleBase, async (request: Request) => actionsOf(single(request)).update(deps.callerOf(request), null, input(request)));
  server.delete(singleBase, async (request: Request) => actionsOf(single(request)).remove(deps.callerOf(request), null, input(request)));
  server.post(`${singleBase}/actions/:action`, async (request: Request) => runAction(single(request), request, null));

  server.get('/content-manager/relations/:uid/:field', async (request: Request) => {
    const source = registry.contentTypes.get(request.params.uid) ?? registry.components.get(request.params.uid);
    if (source === undefined) throw new NotFoundError(`No content type or component ${request.params.uid}`);
    return relationOptions(operations, queryCtx, deps.callerOf(request), source, request.params.field ?? '', queryOf(request));
  });
}
