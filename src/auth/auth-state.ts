/**
 * The permission version stamp: one row whose `stamp` is replaced by a fresh random value on
 * every role, permission or token change (by the server or by the CLI in another process).
 * Running servers poll it and reload when it differs; random values need no atomic increment.
 */
import { randomBytes } from 'node:crypto';
import type { DocumentRepository } from '../documents/types.js';
import { PLAIN, allRows } from './queries.js';

export interface AuthState {
  read(): Promise<string | null>;
  bump(): Promise<void>;
}

export function createAuthState(repo: DocumentRepository): AuthState {
  const first = async (): Promise<{ documentId: string; stamp: string } | null> => {
    const [row] = (await repo.findPage({ ...allRows(null), pagination: { kind: 'offset', start: 0, limit: 1, withCount: false } })).entries;
    return row ? { documentId: String(row.documentId), stamp: String(row.stamp) } : null;
  };
  return {
    async read() {
      return (await first())?.stamp ?? null;
    },
    async bump() {
      const stamp = randomBytes(12).toString('hex');
      const row = await first();
      if (row) await repo.update(row.documentId, { stamp }, { status: 'published' }, PLAIN);
      else await repo.create({ stamp }, { status: 'published' }, PLAIN);
    },
  };
}
