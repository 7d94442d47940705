/**
 * Strapi's transfer token routes (Settings → Transfer Tokens): `GET/POST /transfer/tokens`,
 * `GET/PUT/DELETE /transfer/tokens/:id`, `POST /transfer/tokens/:id/regenerate`, with Strapi's
 * bodies: POST takes `{ name, description?, permissions: ['push' | 'pull', …], lifespan (ms: 7,
 * 30 or 90 days; null: unlimited) }` and answers the token with its `accessKey` once (201);
 * regenerate answers `{ id, accessKey }` (201); lists and reads never show a key. Unknown keys,
 * a missing name or permissions are a 400 naming the field; a taken name `Name already taken`.
 * Actions `admin::transfer.tokens.read|create|update|regenerate|delete`. Without a transfer
 * token salt every route answers Strapi's 501 `INVALID_TOKEN_SALT`.
 */
import { NotFoundError, ValidationError } from '../errors/index.js';
import { transferDisabledError, type AdminTransportContext, type TransferTokenChanges, type TransferTokenInput, type TransferTokensStore } from '../transport/admin-context.js';
import { isRecord } from '../util/is-record.js';
import { adminCallerOf as caller } from './admin-caller.js';

function problem(key: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });
}

/** Strapi's yup schemas are `noUnknown().strict()`: each key of its type, no other key */
function checkedBody(body: unknown, keys: readonly string[]): Record<string, unknown> {
  if (!isRecord(body)) throw problem('body', 'The body must be a JSON object');
  for (const key of Object.keys(body)) if (!keys.includes(key)) throw problem(key, `${key} field has unspecified keys: ${key}`);
  const { name, description, permissions } = body;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) throw problem('name', 'name must be a non-empty string');
  if (description !== undefined && description !== null && typeof description !== 'string') throw problem('description', 'description must be a string');
  if (permissions !== undefined && permissions !== null && !(Array.isArray(permissions) && permissions.every((p) => typeof p === 'string'))) {
    throw problem('permissions', 'permissions must be an array of push, pull');
  }
  return body;
}

function createInput(raw: unknown): TransferTokenInput {
  const body = checkedBody(raw, ['name', 'description', 'permissions', 'lifespan']);
  if (body.name === undefined) throw problem('name', 'name is a required field');
  if (!Array.isArray(body.permissions)) throw problem('permissions', 'permissions is a required field');
  if (body.lifespan !== undefined && body.lifespan !== null && typeof body.lifespan !== 'number') throw problem('lifespan', 'lifespan must be a number or null');
  return {
    name: body.name as string,
    ...(typeof body.description === 'string' ? { description: body.description.trim() } : {}),
    permissions: body.permissions as string[],
    lifespan: (body.lifespan as number | null | undefined) ?? null,
  };
}

function changesOf(raw: unknown): TransferTokenChanges {
  const body = checkedBody(raw, ['name', 'description', 'permissions']);
  return {
    ...(body.name === undefined ? {} : { name: body.name as string }),
    ...(body.description === undefined ? {} : { description: ((body.description as string | null) ?? '').trim() }),
    ...(Array.isArray(body.permissions) ? { permissions: body.permissions as string[] } : {}),
  };
}

function tokenId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new NotFoundError('Transfer token not found');
  return Number(raw);
}

function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new NotFoundError('Transfer token not found');
  return value;
}

export function registerTransferTokenRoutes(ctx: AdminTransportContext): void {
  const { server, operations } = ctx;
  const store = (): TransferTokensStore => {
    const tokens = ctx.admin.transferTokens;
    if (!tokens) throw transferDisabledError();
    return tokens;
  };
  const list = operations.action('admin::transfer.tokens.read', () => store().list());
  const one = operations.action('admin::transfer.tokens.read', async ({ input }: { input: string }) => found(await store().findById(tokenId(input))));
  const create = operations.action('admin::transfer.tokens.create', async ({ input }: { input: unknown }) => {
    const { token, accessKey } = await store().create(createInput(input));
    return { ...token, accessKey };
  });
  const update = operations.action('admin::transfer.tokens.update', async ({ input }: { input: { id: string; body: unknown } }) => {
    const id = tokenId(input.id);
    const changes = changesOf(input.body);
    found(await store().findById(id));
    return found(await store().update(id, changes));
  });
  const regenerate = operations.action('admin::transfer.tokens.regenerate', async ({ input }: { input: string }) => {
    const { token, accessKey } = found(await store().regenerate(tokenId(input)));
    return { id: token.id, accessKey };
  });
  const remove = operations.action('admin::transfer.tokens.delete', async ({ input }: { input: string }) => found(await store().remove(tokenId(input))));

  server.get('/transfer/tokens', async (request) => ({ data: await list(caller(request), undefined) }));
  server.post('/transfer/tokens', async (request, reply) => reply.code(201).send({ data: await create(caller(request), request.body) }));
  server.get<{ Params: { id: string } }>('/transfer/tokens/:id', async (request) => ({ data: await one(caller(request), request.params.id) }));
  server.put<{ Params: { id: string } }>('/transfer/tokens/:id', async (request) => ({ data: await update(caller(request), { id: request.params.id, body: request.body }) }));
  server.delete<{ Params: { id: string } }>('/transfer/tokens/:id', async (request) => ({ data: await remove(caller(request), request.params.id) }));
  server.post<{ Params: { id: string } }>('/transfer/tokens/:id/regenerate', async (request, reply) => reply.code(201).send({ data: await regenerate(caller(request), request.params.id) }));
}
