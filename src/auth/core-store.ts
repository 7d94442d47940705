/**
 * Strapi's core store (`strapi_core_store_settings`), the rows plugins keep settings in: a key
 * (`plugin_users-permissions_advanced`) and its value as JSON text. Writes go through the
 * repository the stores are handed (a stamped type: every write replaces the auth stamp, so each
 * instance reads the new value at its next request).
 */
import type { DocumentRepository } from '../documents/types.js';
import { UniqueError } from '../errors/index.js';
import { allRows, anyOf, eq, PLAIN } from './queries.js';

export interface CoreStore {
  /** the stored values of these keys (absent: never stored, or not JSON) */
  read(keys: readonly string[]): Promise<Map<string, unknown>>;
  /** stores `value` under `key`, replacing what was there */
  write(key: string, value: unknown): Promise<void>;
}

/** Strapi's key of a plugin's setting: `plugin_<plugin>_<name>` */
export const pluginKey = (plugin: string, name: string): string => `plugin_${plugin}_${name}`;

function parsed(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createCoreStore(repository: DocumentRepository): CoreStore {
  async function find(key: string) {
    return (await repository.findPage(allRows(eq('key', key)))).entries[0];
  }
  return {
    async read(keys) {
      if (keys.length === 0) return new Map();
      const rows = (await repository.findPage(allRows(anyOf(...keys.map((key) => eq('key', key)))))).entries;
      return new Map(rows.map((row) => [String(row.key), parsed(row.value)] as const).filter(([, value]) => value !== undefined));
    },
    async write(key, value) {
      const data = { value: JSON.stringify(value), type: 'object', environment: '', tag: '' };
      const existing = await find(key);
      if (existing) {
        await repository.update(String(existing.documentId), data, { status: 'published' }, PLAIN);
        return;
      }
      try {
        await repository.create({ key, ...data }, { status: 'published' }, PLAIN);
      } catch (error) {
        // another writer stored the key a moment ago: this value replaces it
        if (!(error instanceof UniqueError)) throw error;
        const stored = await find(key);
        if (!stored) throw error;
        await repository.update(String(stored.documentId), data, { status: 'published' }, PLAIN);
      }
    },
  };
}
