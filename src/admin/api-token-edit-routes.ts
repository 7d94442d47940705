/**
 * `GET /api-tokens/:id`, `PUT /api-tokens/:id` and `POST /api-tokens/:id/regenerate`, beside the
 * list, create and delete of api-token-routes.ts, as Strapi's admin serves them: PUT changes
 * `name`, `description`, `type` and `permissions` (never the expiry) and answers `{ data: token }`;
 * regenerate gives the token a new access key, answered once (`{ data: { …token, accessKey } }`,
 * 201), and the old key is refused from the next request on, on every instance (the auth stamp).
 * Actions `admin::api-tokens.read|update|regenerate`.
 */
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { AdminTransportContext, TokensApi } from '../transport/admin-context.js';
import { isRecord } from '../util/is-record.js';
import { adminCallerOf as caller } from './admin-caller.js';

type Changes = Parameters<TokensApi['update']>[1];

const KEYS = ['name', 'description', 'type', 'permissions'];

function problem(key: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });
}

/** a PUT body: some of the keys, each of its type; anything else is a 400 naming the field */
function tokenChanges(body: unknown): Changes {
  if (!isRecord(body)) throw problem('body', 'The body must be a JSON object');
  for (const key of Object.keys(body)) if (!KEYS.includes(key)) throw problem(key, `${key} cannot be changed (fields: ${KEYS.join(', ')})`);
  const { name, description, type, permissions } = body;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) throw problem('name', 'name must be a non-empty string');
  if (description !== undefined && description !== null && typeof description !== 'string') throw problem('description', 'description must be a string');
  if (type !== undefined && typeof type !== 'string') throw problem('type', 'type must be a string');
  if (permissions !== undefined && permissions !== null && !(Array.isArray(permissions) && permissions.every((p) => typeof p === 'string'))) {
    throw problem('permissions', 'permissions must be an array of action names');
  }
  return {
    ...(name === undefined ? {} : { name: name as string }),
    ...(description === undefined ? {} : { description: (description as string | null) ?? '' }),
    ...(type === undefined ? {} : { type: type as string }),
    ...(Array.isArray(permissions) ? { permissions: permissions as string[] } : {}),
  };
}

function tokenId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new NotFoundError('API token not found');
  return Number(raw);
}

export function registerApiTokenEditRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const { tokens } = ctx.admin;
  const found = <T>(value: T | null | undefined): T => {
    if (value === null || value === undefined) throw new NotFoundError('API token not found');
    return value;
  };

  const one = operations.action('admin::api-tokens.read', async ({ input }: { input: string }) => {
    const id = tokenId(input);
    return found((await tokens.list()).find((token) => token.id === id));
  });
  server.get<{ Params: { id: string } }>('/api-tokens/:id', async (request) => ({ data: await one(caller(request), request.params.id) }));

  const update = operations.action('admin::api-tokens.update', async ({ input }: { input: { id: string; body: unknown } }) => found(await tokens.update(tokenId(input.id), tokenChanges(input.body))));
  server.put<{ Params: { id: string } }>('/api-tokens/:id', async (request) => ({ data: await update(caller(request), { id: request.params.id, body: request.body }) }));

  const regenerate = operations.action('admin::api-tokens.regenerate', async ({ input }: { input: string }) => {
    const { token, accessKey } = found(await tokens.regenerate(tokenId(input)));
    return { ...token, accessKey };
  });
  server.post<{ Params: { id: string } }>('/api-tokens/:id/regenerate', async (request, reply) => reply.code(201).send({ data: await regenerate(caller(request), request.params.id) }));
}
