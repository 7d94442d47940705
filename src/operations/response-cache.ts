/**
 * The response cache (`api.rest.cache`, docs/cache.md): the repository reads of `api::` content
 * types made for a transport's caller (REST, GraphQL), answered from a store when it holds the
 * answer. What is cached is the repository's answer to its exact arguments — the query after
 * permission-aware sanitising, policies and middlewares — never a whole response: the permission
 * check, policies, sanitising, middlewares and lifecycles run on every request, so a caller with
 * other rights asks with other arguments (populate pruned, drafts refused, …) and never gets
 * another caller's answer, and a permission change shows on the next request.
 *
 * Keys carry the content stamp (engine/content-stamp.ts), read before the content: every write
 * transaction replaces it in its own commit, on any instance, so an answer kept under a stamp is
 * never older than that stamp, and the first read after a write misses. Keys also carry a
 * fingerprint of the model and response settings, so instances running another model (a rolling
 * deploy) never share answers.
 */
import { createHash } from 'node:crypto';
import type { CacheStore } from './cache-store.js';

export type CacheOutcome = 'HIT' | 'MISS';

export interface ResponseCache {
  /**
   * `load`'s answer to `method(...args)` of type `uid`'s repository, from the store when it
   * holds one under the current content stamp; `request` collects the outcome (X-Cache).
   */
  read<T>(request: object, uid: string, method: string, args: readonly unknown[], load: () => Promise<T>): Promise<T>;
  /** HIT when every cached read of the request was answered from the store, MISS when one was not; undefined when it made none */
  outcome(request: object): CacheOutcome | undefined;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  readonly store: CacheStore;
  /** the content stamp (one primary-key read); null before the first write */
  stamp(): Promise<string | null>;
  /** what else answers depend on: the model and the response settings (app/runtime.ts) */
  readonly fingerprint: string;
  /** closes the store's connection */
  close?(): Promise<void>;
}

/**
 * JSON of the arguments, where JSON would merge two values the engine tells apart: non-finite
 * numbers (JSON writes null) become tagged objects, which no query AST node looks like.
 */
function argumentsKey(args: readonly unknown[]): string {
  return JSON.stringify(args, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? { $number: String(value) } : value));
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const outcomes = new WeakMap<object, CacheOutcome>();
  let lastStamp: string | null | undefined;
  const note = (request: object, outcome: CacheOutcome): void => {
    if (outcomes.get(request) !== 'MISS') outcomes.set(request, outcome);
  };
  return {
    async read<T>(request: object, uid: string, method: string, args: readonly unknown[], load: () => Promise<T>): Promise<T> {
      // the stamp first: the content read after it is at least as new as the stamp says
      const stamp = await options.stamp();
      if (stamp !== lastStamp) {
        // answers under an older stamp are never asked for again: free their room at once
        if (lastStamp !== undefined) options.store.forget();
        lastStamp = stamp;
      }
      const digest = createHash('sha256').update(`${options.fingerprint}\n${uid}\n${method}\n${argumentsKey(args)}`).digest('base64url');
      const key = `${stamp ?? '-'}:${digest}`;
      const held = await options.store.get(key);
      if (held !== undefined) {
        note(request, 'HIT');
        return JSON.parse(held) as T;
      }
      note(request, 'MISS');
      const value = await load();
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch {
        text = undefined; // not JSON (a BigInt from user code): answered, not kept
      }
      if (text !== undefined) await options.store.set(key, text);
      return value;
    },
    outcome: (request) => outcomes.get(request),
    close: async () => {
      await options.close?.();
    },
  };
}
