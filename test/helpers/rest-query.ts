/**
 * Shared pieces of the REST query-language tests: a test app seeded over HTTP, and the orderings
 * the database should produce, computed in JS from the seed (nulls first ascending and last
 * descending, `id` as the final tie-breaker — decisions.md "Default order").
 */
import { beforeAll } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { type JsonResponse, request } from './http.js';
import { attributePath, invalidKeyMessage, parentPath } from './invalid-key.js';
import { type BlogSeed, type SeededArticle, seedBlogHttp } from './seed-blog-http.js';
import { type TestApp, useTestApp } from './test-app.js';

type Headers = Readonly<Record<string, string>>;

export interface ApiClient {
  get<T = any>(path: string, headers?: Headers): Promise<JsonResponse<T>>;
  post<T = any>(path: string, json: unknown, headers?: Headers): Promise<JsonResponse<T>>;
  put<T = any>(path: string, json: unknown, headers?: Headers): Promise<JsonResponse<T>>;
  delete<T = any>(path: string, headers?: Headers): Promise<JsonResponse<T>>;
}

export interface SeededBlogApp {
  readonly t: TestApp;
  /** sends the full-access token with every request */
  readonly api: ApiClient;
  /** `Authorization` of the full-access token */
  readonly headers: Headers;
  readonly seed: BlogSeed;
}

export interface SeededBlogOptions {
  readonly articles?: number;
  readonly files?: Record<string, string>;
  readonly env?: Record<string, string>;
}

export function apiClient(baseUrl: () => string, headers: () => Headers): ApiClient {
  const send = <T>(method: string, path: string, json?: unknown, extra?: Headers) =>
    request<T>(`${baseUrl()}${path}`, { method, json, headers: { ...headers(), ...extra } });
  return {
    get: (path, extra) => send('GET', path, undefined, extra),
    post: (path, json, extra) => send('POST', path, json, extra),
    put: (path, json, extra) => send('PUT', path, json, extra),
    delete: (path, extra) => send('DELETE', path, undefined, extra),
  };
}

/**
 * One app for the current describe block, with a full-access API token (the tests exercise the
 * query language, not permissions), seeded once in beforeAll.
 */
export function useSeededBlog(dialect: DialectName, options: SeededBlogOptions = {}): SeededBlogApp {
  const t = useTestApp({ dialect, files: options.files, env: options.env });
  let seed: BlogSeed | undefined;
  let headers: Headers | undefined;
  beforeAll(async () => {
    const { accessKey } = await t.app.tokens.create({ name: 'rest-query-tests', type: 'full-access' });
    headers = { authorization: `Bearer ${accessKey}` };
    seed = await seedBlogHttp(t.url, { articles: options.articles, headers });
  }, 180_000);
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSeededBlog: the blog is seeded in beforeAll; read it inside tests');
    return value;
  };
  return {
    t,
    api: apiClient(() => t.url, () => ready(headers)),
    get headers() { return ready(headers); },
    get seed() { return ready(seed); },
  };
}

export type SortValue = string | number | boolean | bigint | null | undefined;
export type SortKey<T> = readonly [(item: T) => SortValue, 'asc' | 'desc'];

function compareValues(a: SortValue, b: SortValue, order: 'asc' | 'desc'): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) {
    if (aNull && bNull) return 0;
    // NULLs first ascending, last descending
    return aNull ? (order === 'asc' ? -1 : 1) : order === 'asc' ? 1 : -1;
  }
  let result: number;
  if (typeof a === 'string' && typeof b === 'string') {
    // code point order: what binary collations (SQLite, MySQL utf8mb4_bin, PostgreSQL C) give
    const x = [...a].map((c) => c.codePointAt(0) ?? 0);
    const y = [...b].map((c) => c.codePointAt(0) ?? 0);
    result = 0;
    for (let i = 0; i < Math.min(x.length, y.length) && result === 0; i++) result = (x[i] ?? 0) - (y[i] ?? 0);
    if (result === 0) result = x.length - y.length;
  } else {
    result = a < b ? -1 : a > b ? 1 : 0;
  }
  return order === 'asc' ? result : -result;
}

/** Stable sort by the keys, then by `id` ascending. */
export function orderBy<T>(items: readonly T[], keys: readonly SortKey<T>[], id: (item: T) => number): T[] {
  return [...items].sort((a, b) => {
    for (const [key, order] of keys) {
      const c = compareValues(key(a), key(b), order);
      if (c !== 0) return c;
    }
    return id(a) - id(b);
  });
}

/** Published articles' ids. */
export const publishedIds = (articles: readonly SeededArticle[]): number[] => articles.map((a) => a.id as number);

/** `orderBy` for published articles (id = published row id). */
export function orderArticles(articles: readonly SeededArticle[], keys: readonly SortKey<SeededArticle>[]): SeededArticle[] {
  return orderBy(articles, keys, (a) => a.id as number);
}

/** ids of a list response */
export const idsOf = (body: { data: readonly { id?: unknown }[] }): number[] => body.data.map((e) => e.id as number);

/**
 * The error body every invalid query parameter answers with, for the key written at `path` (the
 * full dotted path; Strapi reports its parent, see invalid-key.ts). `key` defaults to the last
 * dotted segment of `path` (give it when a segment holds a dot, like a component uid); `attribute`
 * when the key is an attribute the query may not use there.
 */
export function invalidKeyBody(param: string, path: string, options: { key?: string; message?: string; attribute?: boolean } = {}) {
  const key = options.key ?? (path.split('.').at(-1) || param);
  // a key that is itself an attribute (hidden, relational where a scalar is needed) ends the path
  const parent = options.attribute && param !== 'populate' ? attributePath(path) : parentPath(path, param, key);
  return {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: options.message ?? invalidKeyMessage(key, parent),
      details: { key, path: parent, source: 'query', param },
    },
  };
}
