/**
 * API tokens in the database (`vellum_api_tokens`), shared by the server (`app.tokens`) and the
 * CLI (`vellum token …`). The plain token exists only in `create`'s result; the table keeps its
 * HMAC. Types and rules follow Strapi's admin API tokens: `read-only`, `full-access`, `custom`
 * (listed actions only), lifespans of 7, 30 or 90 days or none, or an explicit expiry date.
 * Creating and revoking go through the repository, which replaces the auth version stamp in the
 * same transaction (auth-state.ts).
 */
import type { DocumentRepository } from '../documents/types.js';
import type { EngineContext } from '../engine/types.js';
import { readHiddenValues } from '../engine/read-hidden.js';
import { updateScalars } from '../engine/write/write-entity.js';
import { UniqueError, UnknownPermissionsError, ValidationError } from '../errors/index.js';
import { normalizeAction, unknownActions, type CustomActions } from './actions.js';
import type { TokenType } from './actor.js';
import { API_TOKEN_UID } from './content-types.js';
import { PLAIN, allRows, eq } from './queries.js';
import { hashAccessKey, newAccessKey } from './token-hash.js';

export const TOKEN_TYPES: readonly TokenType[] = ['read-only', 'full-access', 'custom'];
export const TOKEN_LIFESPANS_DAYS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

export interface TokenRecord {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: TokenType;
  /** custom tokens: the allowed actions */
  readonly permissions: readonly string[];
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
}

export interface CreateTokenInput {
  readonly name: string;
  readonly type: TokenType | string;
  readonly description?: string;
  /** custom tokens only: action names */
  readonly permissions?: readonly string[];
  /** 7, 30 or 90; omitted (and no expiresAt): never expires */
  readonly expiresInDays?: number;
  /** an explicit expiry; a past date makes an already-expired token */
  readonly expiresAt?: Date | string;
}

export type TokenChanges = Partial<Pick<CreateTokenInput, 'name' | 'type' | 'description' | 'permissions'>>;

export interface TokensStore {
  /** `accessKey` is the plain token, shown once */
  create(input: CreateTokenInput): Promise<{ token: TokenRecord; accessKey: string }>;
  list(): Promise<TokenRecord[]>;
  /** false when no token has that name */
  revoke(name: string): Promise<boolean>;
  /** name, description, type and permissions of the token with that row id (its expiry stays); null when there is none */
  update(id: number, changes: TokenChanges): Promise<TokenRecord | null>;
  /** a new access key for the token with that row id (the old one stops working); null when there is none */
  regenerate(id: number): Promise<{ token: TokenRecord; accessKey: string } | null>;
  /** every token with its stored HMAC, for the request-time lookup */
  loadWithHashes(): Promise<Array<{ token: TokenRecord; hash: string }>>;
  /** the token whose stored HMAC is `hash` (a cache miss) */
  findByHash(hash: string): Promise<TokenRecord | null>;
  /** records a use: bookkeeping, so it leaves the version stamp alone */
  touch(token: { id: number; documentId: string }, when: Date): Promise<void>;
}

export function toTokenRecord(entry: Record<string, unknown>): TokenRecord {
  const permissions = Array.isArray(entry.permissions) ? entry.permissions.filter((p): p is string => typeof p === 'string') : [];
  return {
    id: Number(entry.id),
    documentId: String(entry.documentId),
    name: String(entry.name),
    description: typeof entry.description === 'string' ? entry.description : null,
    type: TOKEN_TYPES.find((t) => t === entry.type) ?? 'custom',
    permissions,
    expiresAt: typeof entry.expiresAt === 'string' ? entry.expiresAt : null,
    lastUsedAt: typeof entry.lastUsedAt === 'string' ? entry.lastUsedAt : null,
    createdAt: String(entry.createdAt),
  };
}

function expiryOf(input: CreateTokenInput, now: Date): string | null {
  if (input.expiresInDays !== undefined && input.expiresAt !== undefined) {
    throw new ValidationError('Give either an expiry in days or an expiry date, not both');
  }
  if (input.expiresInDays !== undefined) {
    if (!(TOKEN_LIFESPANS_DAYS as readonly number[]).includes(input.expiresInDays)) {
      throw new ValidationError(`Token lifespans are ${TOKEN_LIFESPANS_DAYS.join(', ')} days or unlimited (got ${input.expiresInDays})`);
    }
    return new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString();
  }
  if (input.expiresAt !== undefined) {
    const date = input.expiresAt instanceof Date ? input.expiresAt : new Date(input.expiresAt);
    if (Number.isNaN(date.getTime())) throw new ValidationError(`Invalid expiry date ${String(input.expiresAt)} (expected an ISO date)`);
    return date.toISOString();
  }
  return null;
}

export function createTokensStore(
  engine: EngineContext, repo: DocumentRepository, salt: string, custom?: CustomActions,
): TokensStore {
  const list = async (): Promise<TokenRecord[]> => (await repo.findPage(allRows(null))).entries.map(toTokenRecord);
  const byId = async (id: number): Promise<TokenRecord | undefined> => (await list()).find((token) => token.id === id);

  /** the stored type and permissions of a create or update, checked */
  function typeAndPermissions(type: string, given: readonly string[]): { type: TokenType; permissions: string[] } {
    if (!TOKEN_TYPES.includes(type as TokenType)) throw new ValidationError(`Unknown token type "${type}" (expected ${TOKEN_TYPES.join(', ')})`);
    const permissions = [...new Set(given.map((p) => p.trim()).filter(Boolean))];
    if (type !== 'custom' && permissions.length > 0) throw new ValidationError('Non-custom tokens should not reference permissions');
    const unknown = unknownActions(engine.registry, permissions, custom);
    if (unknown.length > 0) throw new UnknownPermissionsError(`Unknown permissions provided: ${unknown.join(', ')}`);
    return { type: type as TokenType, permissions: type === 'custom' ? permissions.map(normalizeAction) : [] };
  }

  async function checkFreeName(name: string, except?: number): Promise<void> {
    if ((await repo.findPage(allRows(eq('name', name)))).entries.some((entry) => entry.id !== except)) {
      throw new UniqueError(`A token named "${name}" already exists`);
    }
  }

  return {
    async create(input) {
      const name = input.name.trim();
      if (name === '') throw new ValidationError('A token needs a name');
      const { type, permissions } = typeAndPermissions(input.type, input.permissions ?? []);
      const expiresAt = expiryOf(input, new Date());
      await checkFreeName(name);
      const accessKey = newAccessKey();
      const created = await repo.create({
        name,
        description: input.description ?? null,
        type,
        permissions,
        accessKey: hashAccessKey(salt, accessKey),
        expiresAt,
        lastUsedAt: null,
      }, { status: 'published' }, PLAIN);
      return { token: toTokenRecord(created), accessKey };
    },
    list,
    async revoke(name) {
      const rows = (await repo.findPage(allRows(eq('name', name)))).entries;
      for (const row of rows) await repo.delete(String(row.documentId));
      return rows.length > 0;
    },
    async update(id, changes) {
      const token = await byId(id);
      if (!token) return null;
      const name = changes.name === undefined ? token.name : changes.name.trim();
      if (name === '') throw new ValidationError('A token needs a name');
      if (name !== token.name) await checkFreeName(name, id);
      // a type change without permissions keeps none (a custom token's own list otherwise)
      const checked = typeAndPermissions(changes.type ?? token.type, changes.permissions ?? (changes.type === undefined || changes.type === token.type ? token.permissions : []));
      const updated = await repo.update(token.documentId, {
        name, ...(changes.description === undefined ? {} : { description: changes.description }), ...checked,
      }, { status: 'published' }, PLAIN);
      return updated ? toTokenRecord(updated) : null;
    },
    async regenerate(id) {
      const token = await byId(id);
      if (!token) return null;
      const accessKey = newAccessKey();
      const updated = await repo.update(token.documentId, { accessKey: hashAccessKey(salt, accessKey) }, { status: 'published' }, PLAIN);
      return updated ? { token: toTokenRecord(updated), accessKey } : null;
    },
    async loadWithHashes() {
      const entries = (await repo.findPage(allRows(null))).entries;
      const hashes = await readHiddenValues(engine, API_TOKEN_UID, entries.map((e) => e.id), ['accessKey']);
      return entries.flatMap((entry) => {
        const hash = hashes.get(entry.id)?.accessKey;
        return typeof hash === 'string' ? [{ token: toTokenRecord(entry), hash }] : [];
      });
    },
    async findByHash(hash) {
      // The access key is private: the engine filters on it here, no client can (query/).
      const [entry] = (await repo.findPage({ ...allRows(eq('accessKey', hash)), pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries;
      return entry ? toTokenRecord(entry) : null;
    },
    async touch(token, when) {
      // Straight to the row, not through the repository: a use is no permission change, so it
      // must not replace the version stamp and send every server back to the database.
      await updateScalars(engine, { schema: engine.registry.contentType(API_TOKEN_UID), rowId: token.id, documentId: token.documentId }, { lastUsedAt: when.toISOString() });
    },
  };
}
