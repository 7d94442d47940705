/**
 * Generated, deterministic demo content for the blog: categories, authors, tags, images and
 * 240 articles (covers, galleries, tags, SEO components, dynamic-zone blocks, some drafts).
 * Written through the document service, exactly as any project's bootstrap code would.
 */
import { makePng } from './png.js';

type Entry = { id: number; documentId: string } & Record<string, unknown>;
interface Documents {
  findMany(params?: Record<string, unknown>): Promise<Entry[]>;
  count(params?: Record<string, unknown>): Promise<number>;
  create(params: { data: Record<string, unknown>; status?: 'draft' | 'published' }): Promise<Entry>;
  update(params: { documentId: string; data: Record<string, unknown>; status?: 'draft' | 'published' }): Promise<Entry | null>;
}
export interface DemoApp {
  documents(uid: string): Documents;
  uploads: { upload(files: Array<{ filename: string; mime: string; buffer: Buffer }>, infos: Array<Record<string, unknown>>): Promise<Entry[]> };
  log: { info(message: string): void };
}

export const ARTICLE_COUNT = 240;

/** mulberry32: a small seeded generator, so every fresh demo database holds the same content. */
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
  'populate component zone article author category tag editor reader server database index cache latency').split(' ');
const CATEGORIES = ['Tech', 'Design', 'Science', 'Travel', 'Food', 'Culture', 'Business', 'Health', 'Sport', 'Music', 'Books', 'Film'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Wirth'];
const TONES = ['neutral', 'playful', 'serious'];
const NETWORKS = ['mastodon', 'linkedin', 'github'];

export async function seedDemoData(app: DemoApp): Promise<void> {
  if ((await app.documents('api::article.article').count({ status: 'draft' })) > 0) return;
  const started = Date.now();
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = (n: number): string => words(n).replace(/^\w/, (c) => c.toUpperCase());

  const images = await app.uploads.upload(
    Array.from({ length: 20 }, (_, i) => ({
      filename: `demo-image-${i + 1}.png`,
      mime: 'image/png',
      buffer: makePng(64 + (i % 4) * 32, 48 + (i % 3) * 24, [(i * 53) % 256, (i * 97) % 256, (i * 151) % 256]),
    })),
    Array.from({ length: 20 }, (_, i) => ({ alternativeText: `Demo image ${i + 1}`, caption: `Generated image number ${i + 1}` })),
  );

  const categories: Entry[] = [];
  for (const [i, name] of CATEGORIES.entries()) {
    categories.push(await app.documents('api::category.category').create({
      data: { name, description: `Articles about ${name.toLowerCase()}.`, position: i + 1 },
    }));
  }
  const authors: Entry[] = [];
  for (let i = 0; i < 30; i += 1) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}${i >= 10 ? ` ${Math.floor(i / 10) + 1}` : ''}`;
    authors.push(await app.documents('api::author.author').create({
      data: {
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        bio: `**${name}** writes about ${words(3)}.\n\n- ${words(4)}\n- ${words(4)}`,
        active: i % 7 !== 0,
        avatar: images[i % images.length]!.id,
      },
    }));
  }
  const tags: Entry[] = [];
  for (let i = 0; i < 40; i += 1) tags.push(await app.documents('api::tag.tag').create({ data: { name: `${pick(WORDS)}-${i + 1}` } }));

  for (let i = 0; i < ARTICLE_COUNT; i += 1) {
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
      publishDate: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000 * 2).toISOString().slice(0, 10),
      readingTime: `00:${String(3 + (i % 40)).padStart(2, '0')}:00`,
      lastReviewedAt: new Date(Date.UTC(2025, 0, 1, 9) + i * 3_600_000 * 7).toISOString(),
      meta: { wordCount: 200 + i * 3, source: i % 3 === 0 ? 'newsletter' : 'web', flags: i % 4 === 0 ? ['pinned'] : [] },
      cover: images[i % images.length]!.id,
      gallery: Array.from({ length: i % 4 }, (_, k) => images[(i + k + 1) % images.length]!.id),
      category: categories[i % categories.length]!.documentId,
      author: authors[(i * 7) % authors.length]!.documentId,
      tags: tagIds,
      seo: {
        metaTitle: heading,
        metaDescription: `${title(10)}.`,
        shareImage: images[(i + 5) % images.length]!.id,
        social: [{ network: pick(NETWORKS), url: `https://example.com/${i}` }],
      },
      blocks: [
        { __component: 'shared.rich-text', body: `${title(20)}.` },
        { __component: 'shared.quote', text: `${title(9)}.`, attribution: pick(FIRST), author: authors[i % authors.length]!.documentId },
        { __component: 'shared.media', file: images[(i + 2) % images.length]!.id, caption: words(4) },
      ],
    };
    const isDraftOnly = i % 9 === 8;
    const article = await app.documents('api::article.article').create({ data, status: isDraftOnly ? 'draft' : 'published' });
    if (!isDraftOnly && i % 13 === 12) {
      await app.documents('api::article.article').update({ documentId: article.documentId, data: { summary: `Draft revision: ${title(8)}.` }, status: 'draft' });
    }
  }

  await app.documents('api::global.global').create({
    data: {
      siteName: 'Vellum demo blog',
      siteDescription: 'A demo project generated on first start.',
      favicon: images[0]!.id,
      defaultSeo: { metaTitle: 'Vellum demo blog', metaDescription: 'Demo content served by Vellum.', shareImage: images[1]!.id },
    },
    status: 'published',
  });
  app.log.info(`Demo data created: ${ARTICLE_COUNT} articles, ${authors.length} authors, ${categories.length} categories, ${tags.length} tags, ${images.length} images (${Date.now() - started} ms)`);
}
