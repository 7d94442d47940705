/**
 * Strapi's webhook routes of the admin API (`packages/core/admin/server/src/routes/webhooks.ts`,
 * `controllers/webhooks.ts`): `GET/POST /webhooks`, `GET/PUT/DELETE /webhooks/:id`,
 * `POST /webhooks/batch-delete`, `POST /webhooks/:id/trigger`, with Strapi's actions
 * `admin::webhooks.read|create|update|delete`; and Vellum's delivery log:
 * `GET /webhooks/:id/deliveries` and `POST /webhooks/:id/deliveries/:deliveryId/redeliver`.
 * Each is an `operations.action` (permission, policies) around the webhook service
 * (docs/webhooks.md).
 */
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { AdminTransportContext } from '../transport/admin-context.js';
import { isRecord } from '../util/is-record.js';
import { adminCallerOf } from './admin-caller.js';

const LOG_LIMIT = 50;
const MAX_LOG_LIMIT = 500;

/** `?limit=` of the delivery log: 1 to 500, 50 when absent */
function logLimit(raw: unknown): number {
  if (raw === undefined) return LOG_LIMIT;
  const limit = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= MAX_LOG_LIMIT)) {
    throw new ValidationError(`limit must be an integer from 1 to ${MAX_LOG_LIMIT}`, { errors: [{ path: ['limit'], message: `limit must be an integer from 1 to ${MAX_LOG_LIMIT}`, name: 'ValidationError' }] });
  }
  return limit;
}

function batchIds(body: unknown): string[] {
  const ids = isRecord(body) ? body['ids'] : undefined;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' || typeof id === 'number')) {
    throw new ValidationError('ids must be an array of id', { errors: [{ path: ['ids'], message: 'ids must be an array of id', name: 'ValidationError' }] });
  }
  return ids.map(String);
}

type Id = { Params: { id: string } };

export function registerWebhookRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { webhooks } = ctx.admin;
  const list = operations.action('admin::webhooks.read', () => webhooks.list());
  const get = operations.action('admin::webhooks.read', ({ input }: { input: string }) => webhooks.get(input));
  const create = operations.action('admin::webhooks.create', ({ input }: { input: unknown }) => webhooks.create(input));
  const update = operations.action('admin::webhooks.update', ({ input }: { input: { id: string; body: unknown } }) => webhooks.update(input.id, input.body));
  const remove = operations.action('admin::webhooks.delete', ({ input }: { input: string }) => webhooks.delete(input));
  const removeMany = operations.action('admin::webhooks.delete', async ({ input }: { input: unknown }) => {
    const ids = batchIds(input);
    // Strapi skips the ids it does not find and answers the list it was given
    for (const id of ids) await webhooks.delete(id).catch((error: unknown) => (error instanceof NotFoundError ? undefined : Promise.reject(error)));
    return ids;
  });
  const trigger = operations.action('admin::webhooks.update', ({ input }: { input: string }) => webhooks.trigger(input));
  // the limit is read after the permission check: no 400 before a 401/403
  const log = operations.action('admin::webhooks.read', ({ input }: { input: { id: string; limit: unknown } }) => webhooks.log(input.id, logLimit(input.limit)));
  const redeliver = operations.action('admin::webhooks.update', ({ input }: { input: { id: string; deliveryId: string } }) => webhooks.redeliver(input.id, input.deliveryId));

  server.get('/webhooks', async (request) => ({ data: await list(adminCallerOf(request), undefined) }));
  server.post('/webhooks', async (request, reply) => reply.code(201).send({ data: await create(adminCallerOf(request), request.body) }));
  server.post('/webhooks/batch-delete', async (request) => ({ data: await removeMany(adminCallerOf(request), request.body) }));
  server.get<Id>('/webhooks/:id', async (request) => ({ data: await get(adminCallerOf(request), request.params.id) }));
  server.put<Id>('/webhooks/:id', async (request) => ({ data: await update(adminCallerOf(request), { id: request.params.id, body: request.body }) }));
  server.delete<Id>('/webhooks/:id', async (request) => ({ data: await remove(adminCallerOf(request), request.params.id) }));
  server.post<Id>('/webhooks/:id/trigger', async (request) => ({ data: await trigger(adminCallerOf(request), request.params.id) }));
  server.get<Id & { Querystring: { limit?: unknown } }>('/webhooks/:id/deliveries', async (request) => ({
    data: await log(adminCallerOf(request), { id: request.params.id, limit: request.query.limit }),
  }));
  server.post<{ Params: { id: string; deliveryId: string } }>('/webhooks/:id/deliveries/:deliveryId/redeliver', async (request) => ({
    data: await redeliver(adminCallerOf(request), { id: request.params.id, deliveryId: request.params.deliveryId }),
  }));
}
