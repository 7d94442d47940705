/**
 * Seeds a deterministic blog dataset through the REST API (and `POST /api/upload`) of a running
 * server, and returns what it created: the inputs that were sent, the entries the server
 * answered, and how they are linked. Tests compute their expected answers from this data.
 *
 * Article `i` (0-based, creation order) gets every attribute kind, with gaps (nulls, missing
 * relations, empty lists) and ties on a fixed cycle; `articleInput(i, …)` is the single source of
 * those values. Some articles stay drafts, some published ones get a different draft.
 */
import { request } from './http.js';
import { pngBytes, uploadFile } from './upload.js';

export interface SeededFile {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly url: string;
  readonly alternativeText: string;
  readonly width: number;
  readonly height: number;
}

export interface SeededCategory {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly position: number | null;
}

export interface SeededAuthor {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly email: string | null;
  readonly active: boolean;
  readonly avatar: SeededFile | null;
}

export interface SeededTag {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
}

export interface SocialInput {
  readonly network: 'mastodon' | 'linkedin' | 'github';
  readonly url: string;
}

export interface SeoInput {
  readonly metaTitle: string;
  readonly metaDescription: string | null;
  readonly shareImage: SeededFile | null;
  readonly social: readonly SocialInput[];
}

export type BlockInput =
  | { readonly __component: 'shared.rich-text'; readonly body: string }
  | { readonly __component: 'shared.quote'; readonly text: string; readonly attribution: string; readonly author: SeededAuthor | null }
  | { readonly __component: 'shared.media'; readonly caption: string; readonly file: SeededFile | null };

/** The scalar attributes of an article, in wire form (as sent, as the server returns them). */
export interface ArticleScalars {
  readonly title: string;
  readonly summary: string | null;
  readonly body: readonly unknown[] | null;
  readonly notes: string | null;
  readonly views: number | null;
  readonly likes: string | null;
  readonly rating: number | null;
  readonly score: number | null;
  readonly featured: boolean;
  readonly tone: 'neutral' | 'playful' | 'serious' | null;
  readonly contactEmail: string | null;
  readonly publishDate: string | null;
  readonly readingTime: string | null;
  readonly lastReviewedAt: string | null;
  readonly meta: Readonly<Record<string, unknown>> | null;
}

export interface SeededArticle {
  readonly index: number;
  readonly documentId: string;
  /** id of the published row; null for a draft-only article */
  readonly id: number | null;
  /** id of the draft row */
  readonly draftId: number;
  readonly published: boolean;
  /** scalars of the published version (of the draft when never published) */
  readonly scalars: ArticleScalars;
  /** scalars of the draft version (differs from `scalars` when a draft edit was made) */
  readonly draftScalars: ArticleScalars;
  /** the entry the server answered on create (published version, else the draft) */
  readonly entry: Readonly<Record<string, unknown>>;
  readonly slug: string;
  readonly createdAt: string;
  readonly category: SeededCategory | null;
  readonly author: SeededAuthor | null;
  readonly tags: readonly SeededTag[];
  readonly cover: SeededFile | null;
  readonly gallery: readonly SeededFile[];
  readonly seo: SeoInput | null;
  readonly blocks: readonly BlockInput[];
}

export interface BlogSeed {
  readonly files: readonly SeededFile[];
  readonly categories: readonly SeededCategory[];
  readonly authors: readonly SeededAuthor[];
  readonly tags: readonly SeededTag[];
  /** every article, in creation order */
  readonly articles: readonly SeededArticle[];
  /** published articles in id order (what a list returns by default) */
  readonly published: readonly SeededArticle[];
  readonly global: { readonly documentId: string; readonly siteName: string };
}

export interface SeedOptions {
  /** number of articles (default 40) */
  readonly articles?: number;
  /** headers for every request (credentials, once authentication is on) */
  readonly headers?: Readonly<Record<string, string>>;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Titles that exercise case, LIKE wildcards, escapes and Unicode; the rest are `Article NN`. */
const SPECIAL_TITLES: Readonly<Record<number, string>> = {
  0: 'Hello World',
  1: 'hello world',
  2: 'HELLO there',
  3: '100% pure',
  4: 'under_score',
  5: 'back\\slash',
  6: 'Ünïcode straße',
  7: 'Star * and [bracket]?',
  8: 'Twin',
  9: 'Twin',
};

export const CATEGORY_NAMES = ['Tech', 'Design', 'Science', 'Travel', 'Food'] as const;
/** positions with a tie (Design, Science) and a null (Food) */
const CATEGORY_POSITIONS: readonly (number | null)[] = [3, 1, 1, 2, null];
const AUTHOR_NAMES = ['Ada Lovelace', 'alan turing', 'Grace Hopper', 'Édith Piaf', 'Linus', 'Margaret Hamilton'] as const;
export const TAG_NAMES = ['news', 'howto', 'opinion', 'review', 'release', 'guide', 'deep-dive', 'misc'] as const;

/** Deterministic scalars of article `i`. */
export function articleScalars(i: number): ArticleScalars {
  const title = SPECIAL_TITLES[i] ?? `Article ${pad(i)}`;
  const day = new Date(Date.UTC(2024, 0, 1 + i * 9));
  return {
    title,
    summary: i % 4 === 0 ? null : `Summary ${i}: about ${title.toLowerCase()}`,
    body: i % 3 === 2 ? null : [{ type: 'paragraph', children: [{ type: 'text', text: `Body ${i}` }] }],
    notes: i % 5 === 3 ? null : `# Notes ${i}\n\n*richtext*`,
    views: i % 13 === 12 ? null : (i * 7) % 11,
    likes: i % 5 === 0 ? null : i === 11 ? '9223372036854775807' : (BigInt(i) * 1_000_000_007n).toString(),
    rating: i % 6 === 0 ? null : Number(((i % 9) * 0.5 + 0.25).toFixed(2)),
    score: i % 10 === 9 ? null : (i % 8) / 8,
    featured: i % 3 === 0,
    tone: (['neutral', 'playful', 'serious', null] as const)[i % 4] ?? null,
    contactEmail: i % 2 === 1 ? `Writer${i}@Example.com` : null,
    publishDate: i % 7 === 6 ? null : day.toISOString().slice(0, 10),
    readingTime: i % 6 === 5 ? null : `00:${pad(i % 60)}:30.000`,
    lastReviewedAt: i % 5 === 4 ? null : `2025-01-${pad(1 + (i % 28))}T${pad(i % 24)}:15:00.000Z`,
    meta: i % 3 === 1 ? null : { i, even: i % 2 === 0, label: `meta-${i}` },
  };
}

/** Article `i` is created as a draft only. */
export const isDraftOnly = (i: number): boolean => i % 8 === 7;
/** Article `i` is published, then its draft is edited (the draft title differs). */
export const hasDraftEdit = (i: number): boolean => i % 10 === 2;

type Json = Record<string, unknown>;

export async function seedBlogHttp(baseUrl: string, options: SeedOptions = {}): Promise<BlogSeed> {
  const count = options.articles ?? 40;
  const headers = { ...options.headers };
  const send = async (method: string, path: string, json?: unknown): Promise<Json> => {
    const res = await request(`${baseUrl}${path}`, { method, json, headers });
    if (res.status >= 300) throw new Error(`seed: ${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const create = async (plural: string, data: unknown, query = ''): Promise<Json> =>
    (await send('POST', `/api/${plural}${query}`, { data })).data as Json;

  const files: SeededFile[] = [];
  for (let f = 0; f < 4; f++) {
    const name = `image-${f}.png`;
    const alternativeText = `Alt ${f}`;
    const res = await uploadFile(baseUrl, name, pngBytes(2 + f, 1 + f), { alternativeText, caption: `Caption ${f}` }, headers);
    if (res.status !== 201) throw new Error(`seed: upload → ${res.status} ${JSON.stringify(res.body)}`);
    const file = res.body[0] as Json;
    files.push({ id: Number(file.id), documentId: String(file.documentId), name, url: String(file.url), alternativeText, width: 2 + f, height: 1 + f });
  }
  const file = (n: number): SeededFile => files[n % files.length] as SeededFile;

  const categories: SeededCategory[] = [];
  for (const [c, name] of CATEGORY_NAMES.entries()) {
    const position = CATEGORY_POSITIONS[c] ?? null;
    const entry = await create('categories', { name, position, description: `All about ${name.toLowerCase()}` });
    categories.push({ id: Number(entry.id), documentId: String(entry.documentId), name, position });
  }

  const authors: SeededAuthor[] = [];
  for (const [a, name] of AUTHOR_NAMES.entries()) {
    const email = a % 3 === 2 ? null : `author${a}@example.com`;
    const active = a !== 3;
    const avatar = a === 5 ? null : file(a);
    const entry = await create('authors', { name, email, active, bio: `Bio of ${name}`, avatar: avatar?.id ?? null });
    authors.push({ id: Number(entry.id), documentId: String(entry.documentId), name, email, active, avatar });
  }

  const tags: SeededTag[] = [];
  for (const name of TAG_NAMES) {
    const entry = await create('tags', { name });
    tags.push({ id: Number(entry.id), documentId: String(entry.documentId), name });
  }

  const articles: SeededArticle[] = [];
  for (let i = 0; i < count; i++) {
    const scalars = articleScalars(i);
    const category = i % 6 === 5 ? null : (categories[i % categories.length] ?? null);
    const author = i % 7 === 6 ? null : (authors[i % authors.length] ?? null);
    const articleTags = i % 5 === 2 ? [] : tags.filter((_, j) => (i + j) % 3 === 0);
    const cover = i % 4 === 3 ? null : file(i);
    const gallery = i % 3 === 0 ? [] : [file(i + 1), file(i + 2)];
    const seo: SeoInput | null = i % 2 === 1 ? null : {
      metaTitle: `Seo ${scalars.title}`,
      metaDescription: i % 4 === 0 ? `Description ${i}` : null,
      shareImage: i % 4 === 0 ? file(i + 3) : null,
      social: i % 4 === 0
        ? [{ network: 'github', url: `https://github.com/a${i}` }, { network: 'mastodon', url: `https://mastodon.social/@a${i}` }]
        : [{ network: 'linkedin', url: `https://linkedin.com/in/a${i}` }],
    };
    const blocks: BlockInput[] = i % 5 === 1 ? [] : [
      { __component: 'shared.rich-text', body: `Block text ${i}` },
      { __component: 'shared.quote', text: `Quote ${i}`, attribution: `Person ${i % 4}`, author: authors[(i + 1) % authors.length] ?? null },
      { __component: 'shared.media', caption: `Media ${i}`, file: file(i + 2) },
    ].slice(0, 1 + (i % 3)).reverse() as BlockInput[];

    const data = {
      ...scalars,
      cover: cover?.id ?? null,
      gallery: gallery.map((g) => g.id),
      category: category?.documentId ?? null,
      author: author?.documentId ?? null,
      tags: articleTags.map((t) => t.documentId),
      seo: seo && { ...seo, shareImage: seo.shareImage?.id ?? null },
      blocks: blocks.map((b) => {
        if (b.__component === 'shared.quote') return { ...b, author: b.author?.documentId ?? null };
        if (b.__component === 'shared.media') return { ...b, file: b.file?.id ?? null };
        return b;
      }),
    };
    const draftOnly = isDraftOnly(i);
    const entry = await create('articles', data, draftOnly ? '?status=draft' : '');
    const documentId = String(entry.documentId);
    let draftScalars = scalars;
    if (hasDraftEdit(i) && !draftOnly) {
      draftScalars = { ...scalars, title: `${scalars.title} (draft)` };
      await send('PUT', `/api/articles/${documentId}?status=draft`, { data: { title: draftScalars.title } });
    }
    const draft = (await send('GET', `/api/articles/${documentId}?status=draft&fields=title`)).data as Json;
    articles.push({
      index: i,
      documentId,
      id: draftOnly ? null : Number(entry.id),
      draftId: Number(draft.id),
      published: !draftOnly,
      scalars,
      draftScalars,
      entry,
      slug: String(entry.slug),
      createdAt: String(entry.createdAt),
      category,
      author,
      tags: articleTags,
      cover,
      gallery,
      seo,
      blocks,
    });
  }

  const global = (await send('PUT', '/api/global', {
    data: { siteName: 'Vellum blog', siteDescription: 'A seeded blog', favicon: file(0).id, defaultSeo: { metaTitle: 'Home', social: [{ network: 'github', url: 'https://github.com/vellum' }] } },
  })).data as Json;

  const published = articles.filter((a) => a.published).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return { files, categories, authors, tags, articles, published, global: { documentId: String(global.documentId), siteName: 'Vellum blog' } };
}
