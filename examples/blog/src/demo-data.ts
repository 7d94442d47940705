/**
 * Generated, deterministic blog content: categories, authors, tags, images and articles (covers,
 * galleries, tags, SEO components, dynamic-zone blocks, drafts), written through the document
 * service exactly as any project's bootstrap code would. The demo seeds a small set on first
 * start; the benchmark (`bench/dataset.ts`) builds the anchors' large set with the same generator.
 */
import { makePng } from './png.js';

type Entry = { id: number; documentId: string } & Record<string, unknown>;
type Status = 'draft' | 'published';
interface Documents {
  count(params?: Record<string, unknown>): Promise<number>;
  create(params: { data: Record<string, unknown>; status?: Status; locale?: string }): Promise<Entry>;
  update(params: { documentId: string; data: Record<string, unknown>; status?: Status; locale?: string }): Promise<Entry | null>;
}
export interface BlogApp {
  documents(uid: string): Documents;
  uploads: { upload(files: Array<{ filename: string; mime: string; buffer: Buffer }>, infos: Array<Record<string, unknown>>): Promise<Array<{ id: number }>> };
  log: { info(message: string): void };
}

export interface BlogContentOptions {
  readonly counts: { readonly images: number; readonly categories: number; readonly authors: number; readonly tags: number; readonly articles: number };
  /** the status article `i` is created with */
  articleStatus(i: number): Status;
  /** whether published article `i` also gets a pending draft edit */
  draftEdit?(i: number): boolean;
  /** names the images and the site ('Demo', 'Bench') */
  readonly label: string;
  onArticle?(i: number, article: Entry): void;
  /**
   * Articles written at once (default 1: one after the other, ids in article order). The content
   * stays the same: every article's data is drawn from the generator before its writes start.
   */
  readonly concurrency?: number;
}

/** mulberry32: a small seeded generator, so every build holds the same content. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('vellum content schema query relation draft publish media token graphql rest filter sort page field ' +
  'populate component zone article author category tag editor reader server database index cache latency ' +
  'garden river mountain signal pattern lantern harbour meadow quartz velvet ember orbit').split(' ');
const CATEGORIES = ['Tech', 'Design', 'Science', 'Travel', 'Food', 'Culture', 'Business', 'Health', 'Sport', 'Music', 'Books', 'Film'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Wirth'];
const TONES = ['neutral', 'playful', 'serious'];
const NETWORKS = ['mastodon', 'linkedin', 'github'];

export async function generateBlogContent(app: BlogApp, options: BlogContentOptions): Promise<void> {
  const { counts, label } = options;
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = (n: number): string => words(n).replace(/^\w/, (c) => c.toUpperCase());
  const create = (uid: string, data: Record<string, unknown>, status?: Status): Promise<Entry> =>
    app.documents(uid).create(status === undefined ? { data } : { data, status });

  const imageIds = (await app.uploads.upload(
    Array.from({ length: counts.images }, (_, i) => ({
      filename: `${label.toLowerCase()}-image-${i + 1}.png`,
      mime: 'image/png',
      buffer: makePng(64 + (i % 4) * 32, 48 + (i % 3) * 24, [(i * 53) % 256, (i * 97) % 256, (i * 151) % 256]),
    })),
    Array.from({ length: counts.images }, (_, i) => ({ alternativeText: `${label} image ${i + 1}`, caption: `Generated image number ${i + 1}` })),
  )).map((file) => file.id);
  const image = (n: number): number => imageIds[n % imageIds.length]!;

  const categories: Entry[] = [];
  for (let i = 0; i < counts.categories; i += 1) {
    const name = CATEGORIES[i] ?? `${title(2)} ${i + 1}`;
    categories.push(await create('api::category.category', { name, description: `Articles about ${name.toLowerCase()}.`, position: i + 1 }));
  }
  const authors: Entry[] = [];
  for (let i = 0; i < counts.authors; i += 1) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 3 + Math.floor(i / 10)) % LAST.length]} ${i + 1}`;
    authors.push(await create('api::author.author', {
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      bio: `**${name}** writes about ${words(3)}.\n\n- ${words(4)}\n- ${words(4)}`,
      active: i % 7 !== 0,
      avatar: image(i),
    }));
  }
  const tags: Entry[] = [];
  for (let i = 0; i < counts.tags; i += 1) tags.push(await create('api::tag.tag', { name: `${pick(WORDS)}-${i + 1}` }));

  const writing: Promise<void>[] = [];
  for (let i = 0; i < counts.articles; i += 1) {
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
    const status = options.articleStatus(i);
    const revision = status === 'published' && options.draftEdit?.(i) ? `Draft revision: ${title(8)}.` : undefined;
    writing.push((async () => {
      const article = await create('api::article.article', data, status);
      if (revision !== undefined) {
        await app.documents('api::article.article').update({ documentId: article.documentId, data: { summary: revision }, status: 'draft' });
      }
      options.onArticle?.(i, article);
    })());
    if (writing.length >= (options.concurrency ?? 1)) await Promise.all(writing.splice(0));
  }
  await Promise.all(writing);

  await create('api::global.global', {
    siteName: `Vellum ${label.toLowerCase()} blog`,
    siteDescription: 'Generated content.',
    favicon: image(0),
    defaultSeo: { metaTitle: `Vellum ${label.toLowerCase()} blog`, metaDescription: 'Content served by Vellum.', shareImage: image(1) },
  }, 'published');
}

export const DEMO_COUNTS = { images: 20, categories: 12, authors: 30, tags: 40, articles: 240 } as const;

/** First start of the demo: fill an empty database. */
export async function seedDemoData(app: BlogApp): Promise<void> {
  if ((await app.documents('api::article.article').count({ status: 'draft' })) > 0) return;
  const started = Date.now();
  await generateBlogContent(app, {
    counts: DEMO_COUNTS,
    label: 'Demo',
    articleStatus: (i) => (i % 9 === 8 ? 'draft' : 'published'),
    draftEdit: (i) => i % 13 === 12,
  });
  const c = DEMO_COUNTS;
  app.log.info(`Demo data created: ${c.articles} articles, ${c.authors} authors, ${c.categories} categories, ${c.tags} tags, ${c.images} images (${Date.now() - started} ms)`);
}

/** The localized pages of the demo: each in English (the default locale) and French. */
const DEMO_PAGES = [
  { position: 1, en: { title: 'About', body: 'Vellum serves this blog through REST and GraphQL.' }, fr: { title: 'À propos', body: 'Vellum sert ce blog en REST et en GraphQL.' } },
  { position: 2, en: { title: 'Contact', body: 'Write to the editors at editors@example.com.' }, fr: { title: 'Contact', body: 'Écrivez à la rédaction : editors@example.com.' } },
  { position: 3, en: { title: 'Privacy', body: 'This demo stores no personal data.' }, fr: { title: 'Confidentialité', body: 'Cette démo ne stocke aucune donnée personnelle.' } },
] as const;

/** First start of the demo: the localized pages, when there are none (`?locale=fr` reads the French ones). */
export async function seedDemoPages(app: BlogApp): Promise<void> {
  const pages = app.documents('api::page.page');
  if ((await pages.count({ status: 'draft', locale: '*' })) > 0) return;
  for (const page of DEMO_PAGES) {
    const en = await pages.create({ data: { ...page.en, position: page.position }, status: 'published' });
    await pages.update({ documentId: en.documentId, locale: 'fr', data: page.fr, status: 'published' });
  }
  app.log.info(`Demo pages created: ${DEMO_PAGES.length} pages in en and fr`);
}
