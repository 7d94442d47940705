/**
 * Transfer tokens: what `strapi transfer --to <vellum>/admin --to-token <key>` authenticates
 * with, as Strapi's admin keeps them (`admin::transfer-token`): a name, a description, the
 * permissions `push` and/or `pull`, a lifespan of 7, 30 or 90 days or none. The access key is
 * 128 random bytes shown once as hex; the table keeps only its HMAC-SHA512 keyed by
 * `TRANSFER_TOKEN_SALT` (`admin.transfer.token.salt`), as API tokens keep theirs
 * (token-hash.ts). Vellum keeps the permissions as a JSON list in the token's row, not in
 * Strapi's separate permission table: a token has at most two.
 *
 * `verify` is Strapi's data-transfer strategy: an unknown key is "not authenticated" (the
 * upgrade is answered 401), an expired one `Token expired`, a key without the scope a
 * `ForbiddenError`.
 */
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext } from '../engine/types.js';
import { updateScalars } from '../engine/write/write-entity.js';
import { ApplicationError, ForbiddenError, NotImplementedError, UnauthorizedError, ValidationError } from '../errors/index.js';
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import { PLAIN, allRows, eq } from './queries.js';
import { hashAccessKey, newAccessKey } from './token-hash.js';

export const TRANSFER_TOKEN_UID = 'plugin::vellum.transfer-token';
export const TRANSFER_PERMISSIONS = ['push', 'pull'] as const;
export type TransferPermission = (typeof TRANSFER_PERMISSIONS)[number];
const DAY_MS = 86_400_000;
/** Strapi's lifespans, in milliseconds as its admin API takes them (null: unlimited) */
export const TRANSFER_LIFESPANS_MS = [7, 30, 90].map((days) => days * DAY_MS);
/** a use is written at most once an hour, as Strapi does */
const TOUCH_EVERY_MS = 3_600_000;

export const TRANSFER_TOKEN_TYPE: RawSchemaFile = {
  uid: TRANSFER_TOKEN_UID,
  file: '<internal>',
  definition: {
    kind: 'collectionType',
    collectionName: 'vellum_transfer_tokens',
    info: { singularName: 'transfer-token', pluralName: 'transfer-tokens', displayName: 'Transfer token' },
    options: { draftAndPublish: false },
    pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
    attributes: {
      name: { type: 'string', required: true, unique: true },
      description: { type: 'text' },
      permissions: { type: 'json' },
      // HMAC-SHA512 of the key, keyed by TRANSFER_TOKEN_SALT; the key itself is never stored
      accessKey: { type: 'string', required: true, unique: true, private: true },
      lifespan: { type: 'biginteger' },
      expiresAt: { type: 'datetime' },
      lastUsedAt: { type: 'datetime' },
    },
  },
};

/** A token as Strapi's admin API answers it (never its key, but once on create and regenerate). */
export interface TransferTokenRecord {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string;
  readonly permissions: readonly TransferPermission[];
  readonly lifespan: number | null;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface TransferTokenInput {
  readonly name: string;
  readonly description?: string;
  readonly permissions: readonly string[];
  /** milliseconds: 7, 30 or 90 days; null or absent: never expires */
  readonly lifespan?: number | null;
}

export type TransferTokenChanges = Partial<Pick<TransferTokenInput, 'name' | 'description' | 'permissions'>>;

export interface TransferTokensStore {
  create(input: TransferTokenInput): Promise<{ token: TransferTokenRecord; accessKey: string }>;
  list(): Promise<TransferTokenRecord[]>;
  findById(id: number): Promise<TransferTokenRecord | null>;
  /** name, description, permissions (never the lifespan, as Strapi); null when there is none */
  update(id: number, changes: TransferTokenChanges): Promise<TransferTokenRecord | null>;
  regenerate(id: number): Promise<{ token: TransferTokenRecord; accessKey: string } | null>;
  /** the removed token, or null */
  remove(id: number): Promise<TransferTokenRecord | null>;
  /**
   * The token whose key is `accessKey`, allowed `scope`: null when no token has that key;
   * `UnauthorizedError('Token expired')`, `ForbiddenError` as Strapi's strategy throws them.
   */
  verify(accessKey: string, scope: TransferPermission): Promise<TransferTokenRecord | null>;
}

function field(key: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });
}

function toRecord(entry: Record<string, unknown>): TransferTokenRecord {
  const permissions = Array.isArray(entry.permissions) ? entry.permissions.filter((p): p is TransferPermission => TRANSFER_PERMISSIONS.includes(p as TransferPermission)) : [];
  const lifespan = entry.lifespan === null || entry.lifespan === undefined ? null : Number(entry.lifespan);
  return {
    id: Number(entry.id),
    documentId: String(entry.documentId),
    name: String(entry.name),
    description: typeof entry.description === 'string' ? entry.description : '',
    permissions,
    lifespan,
    expiresAt: typeof entry.expiresAt === 'string' ? entry.expiresAt : null,
    lastUsedAt: typeof entry.lastUsedAt === 'string' ? entry.lastUsedAt : null,
    createdAt: String(entry.createdAt),
    updatedAt: String(entry.updatedAt ?? entry.createdAt),
  };
}

/** `push`, `pull` or both, each once, in that order; anything else is a 400 naming `permissions` */
export function checkedPermissions(given: readonly string[]): TransferPermission[] {
  const unknown = given.filter((p) => !TRANSFER_PERMISSIONS.includes(p as TransferPermission));
  if (unknown.length > 0) throw field('permissions', `Unknown permissions provided: ${unknown.join(', ')} (expected push, pull)`);
  const kept = TRANSFER_PERMISSIONS.filter((p) => given.includes(p));
  if (kept.length === 0) throw field('permissions', 'permissions must name push, pull or both');
  return kept;
}

function checkedLifespan(lifespan: number | null | undefined): number | null {
  if (lifespan === undefined || lifespan === null) return null;
  if (!TRANSFER_LIFESPANS_MS.includes(lifespan)) throw field('lifespan', 'lifespan must be 7, 30 or 90 days in milliseconds, or null');
  return lifespan;
}

export function createTransferTokensStore(engine: EngineContext, repo: DocumentRepository, salt: string): TransferTokensStore {
  const list = async (): Promise<TransferTokenRecord[]> =>
    (await repo.findPage(allRows(null))).entries.map(toRecord).sort((a, b) => a.name.localeCompare(b.name));
  const findById = async (id: number): Promise<TransferTokenRecord | null> => (await list()).find((token) => token.id === id) ?? null;

  async function checkFreeName(name: string, except?: number): Promise<void> {
    if ((await repo.findPage(allRows(eq('name', name)))).entries.some((entry) => entry.id !== except)) throw new ApplicationError('Name already taken');
  }

  function checkedName(name: string): string {
    const trimmed = name.trim();
    if (trimmed === '') throw field('name', 'name is a required field');
    return trimmed;
  }

  return {
    async create(input) {
      const name = checkedName(input.name);
      const permissions = checkedPermissions(input.permissions);
      const lifespan = checkedLifespan(input.lifespan);
      await checkFreeName(name);
      const accessKey = newAccessKey();
      const created = await repo.create({
        name,
        description: input.description ?? '',
        permissions,
        accessKey: hashAccessKey(salt, accessKey),
        lifespan,
        expiresAt: lifespan === null ? null : new Date(Date.now() + lifespan).toISOString(),
        lastUsedAt: null,
      }, { status: 'published' }, PLAIN);
      return { token: toRecord(created), accessKey };
    },
    list,
    findById,
    async update(id, changes) {
      const token = await findById(id);
      if (!token) return null;
      const name = changes.name === undefined ? token.name : checkedName(changes.name);
      if (name !== token.name) await checkFreeName(name, id);
      const updated = await repo.update(token.documentId, {
        name,
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.permissions === undefined ? {} : { permissions: checkedPermissions(changes.permissions) }),
      }, { status: 'published' }, PLAIN);
      return updated ? toRecord(updated) : null;
    },
    async regenerate(id) {
      const token = await findById(id);
      if (!token) return null;
      const accessKey = newAccessKey();
      const updated = await repo.update(token.documentId, { accessKey: hashAccessKey(salt, accessKey) }, { status: 'published' }, PLAIN);
      return updated ? { token: toRecord(updated), accessKey } : null;
    },
    async remove(id) {
      const token = await findById(id);
      if (!token) return null;
      await repo.delete(token.documentId);
      return token;
    },
    async verify(accessKey, scope) {
      // the key is private: the engine filters on its HMAC here, no client can (query/)
      const [entry] = (await repo.findPage({ ...allRows(eq('accessKey', hashAccessKey(salt, accessKey))), pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries;
      if (!entry) return null;
      const token = toRecord(entry);
      const now = Date.now();
      if (token.expiresAt !== null && Date.parse(token.expiresAt) < now) throw new UnauthorizedError('Token expired');
      if (!token.permissions.includes(scope)) throw new ForbiddenError('Forbidden access');
      if (token.lastUsedAt === null || now - Date.parse(token.lastUsedAt) > TOUCH_EVERY_MS) {
        await updateScalars(engine, { schema: engine.registry.contentType(TRANSFER_TOKEN_UID), rowId: token.id, documentId: token.documentId }, { lastUsedAt: new Date(now).toISOString() });
      }
      return token;
    },
  };
}

/** Strapi's answer on every transfer route when no token salt is configured (its `ctx.notImplemented`) */
export function transferDisabledError(): NotImplementedError {
  return new NotImplementedError('The server configuration for data transfer is invalid. Please contact your server administrator.', { code: 'INVALID_TOKEN_SALT' });
}
