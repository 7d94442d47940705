/**
 * The deterministic content seeded into the blog fixture by `seed-blog-rows.ts`, as plain data,
 * so engine tests can compute what a query must return. Indexes are 1-based everywhere.
 *   5 categories, 4 authors, 6 tags, 5 files (none draft & publish)
 *   30 articles (draft & publish): every one has a draft row; those with i % 3 !== 0 also a
 *   published row (20). Article 1's draft differs from its published version (title, category).
 */
export const CATEGORY_NAMES = ['news', 'tech', 'travel', 'food', 'art'] as const;
/** `position`, with one NULL to sort */
export const CATEGORY_POSITIONS = [3, 1, 5, null, 2] as const;
export const AUTHOR_NAMES = ['ada', 'grace', 'linus', 'margaret'] as const;
export const TAG_NAMES = ['js', 'ts', 'sql', 'css', 'go', 'rust'] as const;
export const FILE_COUNT = 5;
export const ARTICLE_COUNT = 30;

export const pad = (n: number): string => String(n).padStart(2, '0');
export const categoryDocumentId = (i: number): string => `cat-${pad(i)}`;
export const authorDocumentId = (i: number): string => `aut-${pad(i)}`;
export const tagDocumentId = (i: number): string => `tag-${pad(i)}`;
export const fileDocumentId = (i: number): string => `file-${pad(i)}`;
export const articleDocumentId = (i: number): string => `art-${pad(i)}`;

const SPECIAL_TITLES: Readonly<Record<number, string>> = {
  1: 'Hello World',
  2: 'hello world',
  3: 'HELLO there',
  4: '100% pure_fun',
  5: 'back\\slash',
  6: 'Ünïcode straße',
};

export type BlockSpec =
  | { readonly kind: 'shared.rich-text'; readonly body: string }
  | { readonly kind: 'shared.quote'; readonly text: string; readonly author: number }
  | { readonly kind: 'shared.media'; readonly caption: string; readonly file: number };

export interface SeoSpec {
  readonly metaTitle: string;
  readonly metaDescription: string | null;
  readonly shareImage: number | null;
  readonly social: ReadonlyArray<{ readonly network: 'mastodon' | 'linkedin' | 'github'; readonly url: string }>;
}

export interface ArticleSpec {
  readonly i: number;
  readonly documentId: string;
  readonly published: boolean;
  readonly title: string;
  readonly draftTitle: string;
  readonly slug: string;
  readonly summary: string | null;
  readonly views: number | null;
  readonly likes: string;
  readonly rating: number;
  readonly score: number;
  readonly featured: boolean;
  readonly tone: 'neutral' | 'playful' | 'serious';
  readonly contactEmail: string;
  readonly publishDate: string;
  readonly readingTime: string;
  readonly lastReviewedAt: string;
  readonly meta: { readonly i: number };
  readonly body: ReadonlyArray<Record<string, unknown>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string;
  /** category index of the published row (and of the draft, except for article 1) */
  readonly category: number | null;
  readonly draftCategory: number | null;
  readonly author: number | null;
  readonly tags: readonly number[];
  readonly cover: number | null;
  readonly gallery: readonly number[];
  readonly seo: SeoSpec | null;
  readonly blocks: readonly BlockSpec[];
}

const hour = (base: string, hours: number): string => new Date(Date.parse(base) + hours * 3_600_000).toISOString();

export function articleSpec(i: number): ArticleSpec {
  const title = SPECIAL_TITLES[i] ?? `Article ${pad(i)}`;
  const category = i % 7 === 0 ? null : (i % 5) + 1;
  const tagCount = i % 3;
  const tags = Array.from({ length: tagCount }, (_, k) => ((i + k) % 6) + 1);
  const blocks: BlockSpec[] =
    i % 4 === 3
      ? []
      : [
          { kind: 'shared.quote', text: `Quote ${i}`, author: (i % 4) + 1 },
          { kind: 'shared.rich-text', body: `Body ${i}` },
          { kind: 'shared.media', caption: `Caption ${i}`, file: (i % FILE_COUNT) + 1 },
        ];
  return {
    i,
    documentId: articleDocumentId(i),
    published: i % 3 !== 0,
    title,
    draftTitle: i === 1 ? 'Hello World (draft)' : title,
    slug: `article-${i}`,
    summary: i % 4 === 0 ? null : `Summary ${i}`,
    views: i === 7 ? null : i * 10,
    likes: i === 30 ? '9007199254740993' : String(i * 1000),
    rating: (i % 5) + 0.5,
    score: i / 4,
    featured: i % 2 === 0,
    tone: (['neutral', 'playful', 'serious'] as const)[i % 3] ?? 'neutral',
    contactEmail: `writer${i}@example.com`,
    publishDate: `2024-01-${pad(i)}`,
    readingTime: `00:${pad(i % 60)}:00.000`,
    lastReviewedAt: hour('2024-02-01T10:00:00.000Z', i * 24),
    meta: { i },
    body: [{ type: 'paragraph', children: [{ type: 'text', text: `Paragraph ${i}` }] }],
    createdAt: hour('2024-01-01T00:00:00.000Z', i),
    updatedAt: hour('2024-01-01T00:30:00.000Z', i),
    publishedAt: hour('2024-03-01T00:00:00.000Z', i),
    category,
    draftCategory: i === 1 ? 5 : category,
    author: i === 10 ? null : (i % 4) + 1,
    tags,
    cover: i % 3 === 2 ? null : (i % FILE_COUNT) + 1,
    gallery: i % 4 === 0 ? [3, 1, 2] : [],
    seo:
      i % 2 === 1
        ? {
            metaTitle: `SEO ${pad(i)}`,
            metaDescription: i % 3 === 0 ? null : `Description ${i}`,
            shareImage: i % 5 === 0 ? 4 : null,
            social:
              i % 3 === 1
                ? [
                    { network: 'github', url: `https://github.com/a${i}` },
                    { network: 'mastodon', url: `https://mastodon.social/@a${i}` },
                  ]
                : [],
          }
        : null,
    blocks,
  };
}

export const ARTICLES: readonly ArticleSpec[] = Array.from({ length: ARTICLE_COUNT }, (_, k) => articleSpec(k + 1));
export const PUBLISHED_ARTICLES = ARTICLES.filter((a) => a.published);
