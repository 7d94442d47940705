/**
 * The anchors' deterministic dataset: 50 categories, 200 authors, 100 tags, 20 images and 5,000
 * articles (2,992 published, 2,008 drafts) using every attribute kind of the blog model, SEO
 * components and dynamic zones. Written once through the document service (so the storage is
 * exactly what the app writes) and cached as a SQLite file under `bench/.cache/`, keyed by the
 * dataset version and the files that decide the storage layout; later runs copy the file.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type VellumApp } from '../src/app/create-app.js';
import type { Logger } from '../src/app/logger.js';
import { buildSchemaLayout } from '../src/db/schema-layout.js';
import { loadRegistry } from '../src/model/load-models.js';
import { FILE_UID } from '../src/upload/upload-service.js';
import { makePng } from '../examples/blog/src/png.js';
import { CACHE_DIR, fixtureDir, writeBenchProject } from './project.js';

/** Bump when the generated content changes. */
export const DATASET_VERSION = 1;

export const COUNTS = { categories: 50, authors: 200, tags: 100, images: 20, articles: 5_000, published: 2_992 } as const;


export interface DatasetInfo {
  readonly key: string;
  readonly file: string;
  readonly counts: typeof COUNTS;
  /** a published article, for scenario (f) */
  readonly sampleDocumentId: string;
  readonly buildMs: number;
  readonly bytes: number;
}

/** mulberry32: small, seeded, identical on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 7919 is prime to 5,000, so `i ↦ i·7919 mod 5000` is a permutation: exactly 2,992 published, spread out. */
export function isPublished(index: number): boolean {
  return (index * 7919) % COUNTS.articles < COUNTS.published;
}

/** Tables the dataset fills: the blog's own and the upload plugin's (others, e.g. auth, sync at start). */
const isDatasetTable = (owner: string): boolean => !/^(plugin|admin)::/.test(owner) || owner === FILE_UID;

/**
 * The cache key: the dataset version and the storage layout of the tables it fills, as the app
 * computes it from the fixture, so any change of tables, columns or indexes makes a new build.
 */
export async function datasetKey(): Promise<string> {
  const layout = buildSchemaLayout(await loadRegistry(fixtureDir()));
  const tables = [...layout.values()]
    .filter((table) => isDatasetTable(table.owner))
    .map((table) => ({ name: table.name, columns: [...table.columns], indexes: table.indexes }));
  const hash = createHash('sha256').update(`dataset v${DATASET_VERSION}\n${JSON.stringify(tables)}`);
  return `v${DATASET_VERSION}-${hash.digest('hex').slice(0, 12)}`;
}

const WORDS = ('vellum content schema query relation draft publish media token graphql rest filter sort page field ' +
  'populate component zone article author category tag editor reader server database index cache latency ' +
  'garden river mountain signal pattern lantern harbour meadow quartz velvet ember orbit').split(' ');
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Wirth'];
const TONES = ['neutral', 'playful', 'serious'];
const NETWORKS = ['mastodon', 'linkedin', 'github'];

type Row = { id: number; documentId: string };

async function generate(app: VellumApp, log: (message: string) => void): Promise<string> {
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = (n: number): string => words(n).replace(/^\w/, (c) => c.toUpperCase());
  const create = async (uid: string, data: Record<string, unknown>, status?: 'draft' | 'published'): Promise<Row> => {
    const entry = await app.documents(uid).create(status === undefined ? { data } : { data, status });
    return { id: entry.id, documentId: entry.documentId };
  };

  const images = (await app.uploads.upload(
    Array.from({ length: COUNTS.images }, (_, i) => ({
      filename: `bench-image-${i + 1}.png`,
      mime: 'image/png',
      buffer: makePng(64 + (i % 4) * 32, 48 + (i % 3) * 24, [(i * 53) % 256, (i * 97) % 256, (i * 151) % 256]),
    })),
    Array.from({ length: COUNTS.images }, (_, i) => ({ alternativeText: `Bench image ${i + 1}`, caption: `Generated image ${i + 1}` })),
  )).map((entry) => entry.id);
  const image = (n: number): number => images[n % images.length]!;

  const categories: Row[] = [];
  for (let i = 0; i < COUNTS.categories; i += 1) {
    const name = `${title(2)} ${i + 1}`;
    categories.push(await create('api::category.category', { name, description: `Articles about ${name.toLowerCase()}.`, position: i + 1 }));
  }
  const authors: Row[] = [];
  for (let i = 0; i < COUNTS.authors; i += 1) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 3 + Math.floor(i / 10)) % LAST.length]} ${i + 1}`;
    authors.push(await create('api::author.author', {
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      bio: `**${name}** writes about ${words(3)}.\n\n- ${words(4)}\n- ${words(4)}`,
      active: i % 7 !== 0,
      avatar: image(i),
    }));
  }
  const tags: Row[] = [];
  for (let i = 0; i < COUNTS.tags; i += 1) tags.push(await create('api::tag.tag', { name: `${pick(WORDS)}-${i + 1}` }));
  log(`bench: dataset: ${images.length} images, ${categories.length} categories, ${authors.length} authors, ${tags.length} tags`);

  let sampleDocumentId = '';
  let sampleIndex = 1000;
  while (!isPublished(sampleIndex)) sampleIndex += 1;
  for (let i = 0; i < COUNTS.articles; i += 1) {
    const heading = `${title(3 + (i % 4))} ${i + 1}`;
    const tagIds = [...new Set(Array.from({ length: i % 5 }, () => pick(tags).documentId))];
    const data = {
      title: heading,
      summary: `${title(12)}.`,
      body: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: heading }] },
        { type: 'paragraph', children: [{ type: 'text', text: `${title(25)}.` }] },
        { type: 'paragraph', children: [{ type: 'text', text: words(8), bold: true }, { type: 'text', text: ` ${words(12)}.` }] },
      ],
      notes: `## Notes\n\n${title(15)}.`,
      views: Math.floor(rand() * 100_000),
      likes: String(BigInt(Math.floor(rand() * 1e8)) * 10_000_000_000n + BigInt(i)),
      rating: Math.round(rand() * 500) / 100,
      score: Math.round(rand() * 1e6) / 1e3,
      featured: i % 10 === 0,
      tone: pick(TONES),
      contactEmail: `editor${i % 12}@example.com`,
      publishDate: new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      readingTime: `00:${String(3 + (i % 40)).padStart(2, '0')}:00`,
      lastReviewedAt: new Date(Date.UTC(2025, 0, 1, 9) + i * 3_600_000 * 7).toISOString(),
      meta: { wordCount: 200 + i * 3, source: i % 3 === 0 ? 'newsletter' : 'web', flags: i % 4 === 0 ? ['pinned'] : [] },
      cover: image(i),
      gallery: Array.from({ length: i % 4 }, (_, k) => image(i + k + 1)),
      category: categories[i % categories.length]!.documentId,
      author: authors[(i * 7) % authors.length]!.documentId,
      tags: tagIds,
      seo: {
        metaTitle: heading,
        metaDescription: `${title(10)}.`,
        shareImage: image(i + 5),
        social: [{ network: pick(NETWORKS), url: `https://example.com/${i}` }],
      },
      blocks: [
        { __component: 'shared.rich-text', body: `${title(20)}.` },
        { __component: 'shared.quote', text: `${title(9)}.`, attribution: pick(FIRST), author: authors[i % authors.length]!.documentId },
        { __component: 'shared.media', file: image(i + 2), caption: words(4) },
      ],
    };
    const article = await create('api::article.article', data, isPublished(i) ? 'published' : 'draft');
    if (i === sampleIndex) sampleDocumentId = article.documentId;
    if ((i + 1) % 1000 === 0) log(`bench: dataset: ${i + 1} / ${COUNTS.articles} articles`);
  }

  await create('api::global.global', {
    siteName: 'Vellum bench blog',
    siteDescription: 'The benchmark dataset.',
    favicon: image(0),
    defaultSeo: { metaTitle: 'Vellum bench blog', metaDescription: 'Benchmark content.', shareImage: image(1) },
  }, 'published');
  return sampleDocumentId;
}

const quietLogger = (log: (message: string) => void): Logger => ({
  info: () => {},
  warn: (message) => log(`bench: dataset warning: ${message}`),
  error: (message, error) => log(`bench: dataset error: ${message} ${error instanceof Error ? error.stack : String(error ?? '')}`),
});

/** The cached dataset, built first if this key has none. */
export async function ensureDataset(log: (message: string) => void = console.log): Promise<DatasetInfo> {
  const key = await datasetKey();
  const file = join(CACHE_DIR, `dataset-${key}.db`);
  const manifest = join(CACHE_DIR, `dataset-${key}.json`);
  if (existsSync(file) && existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as DatasetInfo;

  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = mkdtempSync(join(CACHE_DIR, 'build-'));
  log(`bench: building dataset ${key} (one time) in ${dir}`);
  const started = performance.now();
  try {
    const dbFile = writeBenchProject(dir);
    const app = await createApp({ dir, env: { NODE_ENV: 'development' }, logger: quietLogger(log) });
    let sampleDocumentId: string;
    try {
      // A throw-away build: durability buys nothing, and fsync per transaction costs minutes.
      await app.db.knex.raw('PRAGMA synchronous = OFF');
      sampleDocumentId = await generate(app, log);
      await app.db.knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await app.stop();
    }
    const buildMs = Math.round(performance.now() - started);
    const partial = `${file}.partial`;
    copyFileSync(dbFile, partial);
    renameSync(partial, file);
    const info: DatasetInfo = { key, file, counts: COUNTS, sampleDocumentId, buildMs, bytes: statSync(file).size };
    writeFileSync(manifest, `${JSON.stringify(info, null, 2)}\n`);
    log(`bench: dataset built in ${(buildMs / 1000).toFixed(1)} s (${(info.bytes / 1048576).toFixed(1)} MiB)`);
    return info;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `node --import tsx bench/dataset.ts` builds (or finds) the cached dataset and prints it. */
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ensureDataset());
}
