/**
 * Scenario (g): writes while reads go on. Writer loops each create an article (published, with
 * every attribute kind: an SEO component with a repeatable social component, a three-block
 * dynamic zone, category/author/tags relations, cover and gallery media) and then update it
 * (other relations, components and zone); meanwhile autocannon reads (a). Reported: writes/s,
 * write latency, and the read latency under writes; statements per write come from the checking
 * pass (`statementsPerWrite`).
 */
import { load, type LoadResult } from './load.js';
import type { Scenario } from './scenarios.js';

/** Existing documents the writes link to, read from the dataset over REST. */
export interface WriteRefs {
  readonly categories: readonly string[];
  readonly authors: readonly string[];
  readonly tags: readonly string[];
  readonly files: readonly number[];
}

export interface WriteResult {
  readonly writers: number;
  readonly seconds: number;
  readonly writes: number;
  readonly writesPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly failures: number;
  /** the first failure's status and body, if any */
  readonly firstFailure: string | null;
  /** (a) read at the same time */
  readonly reads: LoadResult;
}

type Json = Record<string, unknown>;

/** Collects documents to link from one populated page of articles. */
export async function writeRefs(url: string): Promise<WriteRefs> {
  const response = await fetch(`${url}/api/articles?populate=*&pagination[pageSize]=20`);
  if (response.status !== 200) throw new Error(`bench: (g) could not read documents to link: HTTP ${response.status}`);
  const data = ((await response.json()) as { data: Json[] }).data;
  const unique = <T>(values: T[]): T[] => [...new Set(values)];
  const documentIdOf = (value: unknown): string[] => (typeof value === 'object' && value !== null ? [String((value as Json).documentId)] : []);
  const idOf = (value: unknown): number[] => (typeof value === 'object' && value !== null ? [Number((value as Json).id)] : []);
  return {
    categories: unique(data.flatMap((a) => documentIdOf(a.category))),
    authors: unique(data.flatMap((a) => documentIdOf(a.author))),
    tags: unique(data.flatMap((a) => (Array.isArray(a.tags) ? a.tags.flatMap(documentIdOf) : []))),
    files: unique(data.flatMap((a) => [...idOf(a.cover), ...(Array.isArray(a.gallery) ? a.gallery.flatMap(idOf) : [])])),
  };
}

const at = <T>(values: readonly T[], n: number): T => values[n % values.length]!;

/**
 * The body of write `n`: every attribute kind of the article; `related` is how many tags and
 * gallery files it links (the statement count must not grow with it).
 */
export function articleData(refs: WriteRefs, n: number, related = 3): Json {
  return {
    title: `Bench write ${n}`,
    summary: `Written by the bench, write ${n}.`,
    body: [{ type: 'paragraph', children: [{ type: 'text', text: `Body of write ${n}.` }] }],
    notes: `## Notes\n\nWrite ${n}.`,
    views: n,
    likes: String(1_000_000_000_000n + BigInt(n)),
    rating: (n % 500) / 100,
    score: n / 7,
    featured: n % 2 === 0,
    tone: at(['neutral', 'playful', 'serious'], n),
    contactEmail: `writer${n % 10}@example.com`,
    publishDate: '2026-01-02',
    readingTime: '00:05:00',
    lastReviewedAt: '2026-01-02T10:00:00.000Z',
    meta: { n, source: 'bench' },
    cover: at(refs.files, n),
    gallery: Array.from({ length: Math.min(related, refs.files.length) }, (_, k) => at(refs.files, n + k + 1)),
    category: at(refs.categories, n),
    author: at(refs.authors, n),
    tags: Array.from({ length: Math.min(related, refs.tags.length) }, (_, k) => at(refs.tags, n + k)),
    seo: {
      metaTitle: `Bench write ${n}`,
      metaDescription: `Write ${n}.`,
      shareImage: at(refs.files, n + 2),
      social: [{ network: 'github', url: `https://example.com/w/${n}` }],
    },
    blocks: [
      { __component: 'shared.rich-text', body: `Rich text of write ${n}.` },
      { __component: 'shared.quote', text: `Quote ${n}.`, attribution: 'Bench', author: at(refs.authors, n + 1) },
      { __component: 'shared.media', file: at(refs.files, n + 3), caption: `Media ${n}` },
    ],
  };
}

/** The update of write `n`: other relations, a changed component and a reordered zone. */
export function articleUpdate(refs: WriteRefs, n: number): Json {
  const data = articleData(refs, n + 1);
  return {
    title: `Bench write ${n} (updated)`,
    category: data.category,
    author: data.author,
    tags: data.tags,
    gallery: data.gallery,
    seo: data.seo,
    blocks: [...(data.blocks as Json[])].reverse(),
  };
}

export interface WriteRequest {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly body: string;
}

export const createRequest = (refs: WriteRefs, n: number, related?: number): WriteRequest => ({
  method: 'POST', path: '/api/articles?status=published', body: JSON.stringify({ data: articleData(refs, n, related) }),
});

export const updateRequest = (refs: WriteRefs, n: number, documentId: string): WriteRequest => ({
  method: 'PUT', path: `/api/articles/${documentId}?status=published`, body: JSON.stringify({ data: articleUpdate(refs, n) }),
});

/** Sends one write; the created or updated documentId, or the failure. */
export async function send(url: string, token: string, request: WriteRequest): Promise<{ status: number; documentId?: string; text: string; headers: Headers }> {
  const response = await fetch(url + request.path, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: request.body,
  });
  const text = await response.text();
  let documentId: string | undefined;
  try {
    const value = (JSON.parse(text) as { data?: { documentId?: unknown } }).data?.documentId;
    if (typeof value === 'string') documentId = value;
  } catch {
    // not JSON: reported as a failure below
  }
  return { status: response.status, ...(documentId === undefined ? {} : { documentId }), text, headers: response.headers };
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface WriteLoopOptions {
  url: string;
  token: string;
  refs: WriteRefs;
  writers: number;
  seconds: number;
  /** numbers writes from here, so each run's titles differ */
  firstNumber: number;
}

/** `writers` loops of create-then-update for `seconds`: each write's latency, the failures. */
export function writeLoops(options: WriteLoopOptions): { latencies: number[]; failures(): { count: number; first: string | null }; run(): Promise<void> } {
  const { url, token, refs, writers, seconds } = options;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let next = options.firstNumber;
  const timed = async (request: WriteRequest): Promise<string | undefined> => {
    const started = performance.now();
    const result = await send(url, token, request);
    latencies.push(performance.now() - started);
    if (result.status === 200 || result.status === 201) return result.documentId;
    failures += 1;
    firstFailure ??= `${request.method} ${request.path}: HTTP ${result.status} ${result.text.slice(0, 300)}`;
    return undefined;
  };
  const writer = async (deadline: number): Promise<void> => {
    while (performance.now() < deadline) {
      const n = next;
      next += 1;
      const documentId = await timed(createRequest(refs, n));
      if (documentId !== undefined && performance.now() < deadline) await timed(updateRequest(refs, n, documentId));
    }
  };
  return {
    latencies,
    failures: () => ({ count: failures, first: firstFailure }),
    run: async () => {
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(Array.from({ length: writers }, () => writer(deadline)));
    },
  };
}

/** `writers` loops of create-then-update for `seconds`, while autocannon reads `read` at 2 connections. */
export async function runWrites(options: WriteLoopOptions & { read: Scenario }): Promise<WriteResult> {
  const { writers, seconds } = options;
  const loops = writeLoops(options);
  const { latencies } = loops;
  const started = performance.now();
  const [reads] = await Promise.all([load(options.url, options.read, 2, seconds), loops.run()]);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round1 = (value: number): number => Math.round(value * 10) / 10;
  return {
    writers,
    seconds: round1(elapsed),
    writes: latencies.length,
    writesPerSecond: round1(latencies.length / elapsed),
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? Number.NaN),
    failures: loops.failures().count,
    firstFailure: loops.failures().first,
    reads,
  };
}
