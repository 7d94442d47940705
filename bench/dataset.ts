/**
 * The anchors' deterministic dataset: 50 categories, 200 authors, 100 tags, 20 images and 5,000
 * articles (2,992 published, 2,008 drafts) using every attribute kind of the blog model, SEO
 * components and dynamic zones. Written once through the document service of an app made by the
 * `vellum` package's `createApp` (so the storage is exactly what the app writes) and cached as a
 * SQLite file under `bench/.cache/`, keyed by the dataset version and the storage layout the app
 * gives the tables it fills; later runs copy the file.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type CreateAppOptions } from 'vellum';
import { generateBlogContent, type BlogApp } from '../examples/blog/src/demo-data.js';
import { CACHE_DIR, fixtureDir, writeBenchProject } from './project.js';
import { readLayout } from './sqlite-layout.js';

type Logger = NonNullable<CreateAppOptions['logger']>;

/** Bump when the generated content changes. */
export const DATASET_VERSION = 2;

export interface DatasetCounts {
  readonly categories: number;
  readonly authors: number;
  readonly tags: number;
  readonly images: number;
  readonly articles: number;
  readonly published: number;
}

/** The anchors' dataset. */
export const COUNTS: DatasetCounts = { categories: 50, authors: 200, tags: 100, images: 20, articles: 5_000, published: 2_992 };

/** A small dataset of the same shape, for `--smoke` and the ceiling's byte test: built in seconds. */
export const SMALL_COUNTS: DatasetCounts = { categories: 6, authors: 10, tags: 12, images: 4, articles: 60, published: 37 };

export type DatasetSize = 'full' | 'small';

export const countsOf = (size: DatasetSize): DatasetCounts => (size === 'small' ? SMALL_COUNTS : COUNTS);

export interface DatasetInfo {
  readonly key: string;
  readonly file: string;
  readonly counts: DatasetCounts;
  /** a published article, for scenario (f) */
  readonly sampleDocumentId: string;
  readonly buildMs: number;
  readonly bytes: number;
}

/**
 * 7919 is a prime that divides neither article count, so `i ↦ i·7919 mod articles` is a
 * permutation: exactly `published` articles (2,992 of the 5,000) are published, spread out.
 */
export function isPublished(index: number, counts: DatasetCounts = COUNTS): boolean {
  return (index * 7919) % counts.articles < counts.published;
}

/**
 * The tables of the fixture's content types and components (their `collectionName`, as the
 * project's schema files name them), with the link and component tables named after them.
 */
function fixtureTables(dir: string): string[] {
  const names: string[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.json')) {
        const name = (JSON.parse(readFileSync(path, 'utf8')) as { collectionName?: unknown }).collectionName;
        if (typeof name === 'string') names.push(name);
      }
    }
  };
  for (const part of ['api', 'components']) visit(join(dir, 'src', part));
  return names;
}

/** Tables the dataset fills: the blog's own and the upload plugin's `files` (others, e.g. auth, sync at start). */
function isDatasetTable(table: string, owners: readonly string[]): boolean {
  return [...owners, 'files'].some((owner) => table === owner || table.startsWith(`${owner}_`));
}

/**
 * The cache key: the dataset version and the storage layout of the tables it fills, as the app
 * makes it from the fixture (an app started on an empty bench project, its SQLite file read
 * back), so any change of tables, columns or indexes makes a new build.
 */
export async function datasetKey(size: DatasetSize = 'full', log: (message: string) => void = console.log): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = mkdtempSync(join(CACHE_DIR, 'layout-'));
  try {
    const file = writeBenchProject(dir);
    const app = await createApp({ dir, env: { NODE_ENV: 'development' }, logger: quietLogger(log) });
    await app.stop();
    const owners = fixtureTables(fixtureDir());
    const tables = [...readLayout(file)]
      .filter(([name]) => isDatasetTable(name, owners))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, table]) => ({ name, columns: table.columns, indexes: table.indexes }));
    const hash = createHash('sha256').update(`dataset v${DATASET_VERSION}\n${JSON.stringify(tables)}`);
    return `${size === 'small' ? 'small-' : ''}v${DATASET_VERSION}-${hash.digest('hex').slice(0, 12)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function generate(app: BlogApp, counts: DatasetCounts, log: (message: string) => void, concurrency: number): Promise<string> {
  let sampleDocumentId = '';
  if (counts.published < 1 || counts.published > counts.articles) throw new Error('bench: a dataset needs 1 to `articles` published articles');
  let sampleIndex = Math.floor(counts.articles / 5);
  while (!isPublished(sampleIndex, counts)) sampleIndex = (sampleIndex + 1) % counts.articles;
  await generateBlogContent(app, {
    counts,
    concurrency,
    label: 'Bench',
    articleStatus: (i) => (isPublished(i, counts) ? 'published' : 'draft'),
    onArticle(i, article) {
      if (i === sampleIndex) sampleDocumentId = article.documentId;
      if ((i + 1) % 1000 === 0) log(`bench: dataset: ${i + 1} / ${counts.articles} articles`);
    },
  });
  return sampleDocumentId;
}

const quietLogger = (log: (message: string) => void): Logger => ({
  info: () => {},
  warn: (message) => log(`bench: dataset warning: ${message}`),
  error: (message, error) => log(`bench: dataset error: ${message} ${error instanceof Error ? error.stack : String(error ?? '')}`),
});

/** The cached dataset of that size, built first if this key has none. */
export async function ensureDataset(log: (message: string) => void = console.log, size: DatasetSize = 'full'): Promise<DatasetInfo> {
  const counts = countsOf(size);
  return cachedDataset(await datasetKey(size, log), counts, (dir) => fillDatabase(dir, {}, counts, log), log);
}

/**
 * The dataset cached under `key`, else built now: `fill` writes it into a fresh bench project
 * in the directory it is given (returning the sample documentId), and its SQLite file is kept.
 * Also the baseline's dataset (baseline.ts), which another tree's code writes.
 */
export async function cachedDataset(key: string, counts: DatasetCounts, fill: (dir: string) => Promise<string>, log: (message: string) => void): Promise<DatasetInfo> {
  const file = join(CACHE_DIR, `dataset-${key}.db`);
  const manifest = join(CACHE_DIR, `dataset-${key}.json`);
  if (existsSync(file) && existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as DatasetInfo;

  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = mkdtempSync(join(CACHE_DIR, 'build-'));
  log(`bench: building dataset ${key} (one time) in ${dir}`);
  const started = performance.now();
  try {
    const dbFile = writeBenchProject(dir);
    const sampleDocumentId = await fill(dir);
    const buildMs = Math.round(performance.now() - started);
    const partial = `${file}.partial`;
    copyFileSync(dbFile, partial);
    renameSync(partial, file);
    const info: DatasetInfo = { key, file, counts, sampleDocumentId, buildMs, bytes: statSync(file).size };
    writeFileSync(manifest, `${JSON.stringify(info, null, 2)}\n`);
    log(`bench: dataset built in ${(buildMs / 1000).toFixed(1)} s (${(info.bytes / 1048576).toFixed(1)} MiB)`);
    return info;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the dataset writer needs of an app: the current one, or another tree's (the baseline's). */
export interface DatasetApp extends BlogApp {
  readonly db: { readonly dialect: { readonly name: string }; readonly knex: { raw(sql: string): PromiseLike<unknown> } };
  stop(): Promise<void>;
}

export type DatasetAppFactory = (options: { dir: string; env: Record<string, string>; logger: Logger }) => Promise<DatasetApp>;

/**
 * Writes the dataset through the document service into the bench project in `dir`, on the
 * database `env` names (`DATABASE_*`; none: the project's SQLite file), with the app `open`
 * makes (default: this tree's). Returns the documentId of the published article scenario (f) reads.
 */
export async function fillDatabase(
  dir: string, env: Readonly<Record<string, string>>, counts: DatasetCounts, log: (message: string) => void, open: DatasetAppFactory = createApp,
): Promise<string> {
  const app = await open({ dir, env: { NODE_ENV: 'development', ...env }, logger: quietLogger(log) });
  const sqlite = app.db.dialect.name === 'sqlite';
  try {
    // A throw-away build: durability buys nothing, and fsync per transaction costs minutes.
    if (sqlite) await app.db.knex.raw('PRAGMA synchronous = OFF');
    // SQLite has one writer: concurrent creates only wait; the servers write several at once
    const sampleDocumentId = await generate(app, counts, log, sqlite ? 1 : 4);
    if (sqlite) await app.db.knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    return sampleDocumentId;
  } finally {
    await app.stop();
  }
}

/** `node --import tsx bench/dataset.ts [--small]` builds (or finds) the cached dataset and prints it. */
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  console.log(await ensureDataset(console.log, process.argv.includes('--small') ? 'small' : 'full'));
}
