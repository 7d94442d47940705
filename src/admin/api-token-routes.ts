/**
 * `GET/POST /api-tokens`, `DELETE /api-tokens/:id`: the content API's tokens (the same service
 * as `app.tokens` and `vellum token`), Strapi's admin shapes: POST takes `{ name, description,
 * type, lifespan (ms: 7, 30 or 90 days; null: unlimited), permissions }` and answers the
 * `accessKey` once; lists never show it (the table keeps only its HMAC). Actions
 * `admin::api-tokens.read|create|delete`.
 */
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { AdminTransportContext, TokensApi } from '../transport/admin-context.js';
import { isRecord } from '../util/is-record.js';
import { adminCallerOf } from './admin-caller.js';

const DAY_MS = 86_400_000;
type CreateInput = Parameters<TokensApi['create']>[0];

function problem(key: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });
}

/** the admin API's body as the token service's input; a 400 naming the field otherwise */
function tokenInput(body: unknown): CreateInput {
  const input = isRecord(body) ? body : {};
  if (typeof input.name !== 'string' || input.name.trim() === '') throw problem('name', 'name is a required field');
  if (typeof input.type !== 'string') throw problem('type', 'type is a required field');
  if (input.description !== undefined && input.description !== null && typeof input.description !== 'string') throw problem('description', 'description must be a string');
  if (input.permissions !== undefined && input.permissions !== null && !(Array.isArray(input.permissions) && input.permissions.every((p) => typeof p === 'string'))) {
    throw problem('permissions', 'permissions must be an array of action names');
  }
  let expiresInDays: number | undefined;
  if (input.lifespan !== undefined && input.lifespan !== null) {
    if (typeof input.lifespan !== 'number' || !Number.isInteger(input.lifespan / DAY_MS)) throw problem('lifespan', 'lifespan must be 7, 30 or 90 days in milliseconds, or null');
    expiresInDays = input.lifespan / DAY_MS;
  }
  return {
    name: input.name,
    type: input.type,
    ...(typeof input.description === 'string' ? { description: input.description } : {}),
    ...(Array.isArray(input.permissions) ? { permissions: input.permissions as string[] } : {}),
    ...(expiresInDays === undefined ? {} : { expiresInDays }),
  };
}

export function registerApiTokenRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { tokens } = ctx.admin;
  const list = operations.action('admin::api-tokens.read', () => tokens.list());
  const create = operations.action('admin::api-tokens.create', async ({ input }: { input: unknown }) => {
    const { token, accessKey } = await tokens.create(tokenInput(input));
    return { ...token, accessKey };
  });
  const remove = operations.action('admin::api-tokens.delete', async ({ input }: { input: string }) => {
    const token = /^\d{1,15}$/.test(input) ? (await tokens.list()).find((candidate) => candidate.id === Number(input)) : undefined;
    if (!token || !(await tokens.revoke(token.name))) throw new NotFoundError('API token not found');
    return token;
  });

  server.get('/api-tokens', async (request) => ({ data: await list(adminCallerOf(request), undefined) }));
  server.post('/api-tokens', async (request, reply) => reply.code(201).send({ data: await create(adminCallerOf(request), request.body) }));
  server.delete<{ Params: { id: string } }>('/api-tokens/:id', async (request) => ({ data: await remove(adminCallerOf(request), request.params.id) }));
}
