/**
 * Writes the rows of `blog-row-specs.ts` straight into a synced blog database with Knex,
 * following the storage layout of `src/db/naming.ts` (no document service involved), and
 * `useSeededBlog()` for tests: a fresh database per dialect, synced and seeded once.
 */
import { beforeAll } from 'vitest';
import type { Knex } from 'knex';
import type { Database } from '../../src/db/connection.js';
import type { DialectName } from '../../src/db/dialect.js';
import {
  COMPONENT_LINK_COLUMNS as C,
  LINK_COLUMNS as L,
  MEDIA_LINK_COLUMNS as M,
  MEDIA_LINK_TABLE,
  columnName,
  componentLinkTable,
  relationLinkTable,
} from '../../src/db/naming.js';
import { syncSchema } from '../../src/db/sync-schema.js';
import { toDbValue, toNumber } from '../../src/db/values.js';
import type { EngineContext } from '../../src/engine/types.js';
import { loadRegistry } from '../../src/model/load-models.js';
import type { Registry, Schema } from '../../src/model/types.js';
import { useTestDatabase } from './dialects.js';
import { BLOG_EXAMPLE } from './fixtures.js';
import {
  ARTICLES,
  AUTHOR_NAMES,
  CATEGORY_NAMES,
  CATEGORY_POSITIONS,
  FILE_COUNT,
  TAG_NAMES,
  authorDocumentId,
  categoryDocumentId,
  fileDocumentId,
  tagDocumentId,
  type ArticleSpec,
  type BlockSpec,
} from './blog-row-specs.js';

const SEED_TIME = '2024-01-01T00:00:00.000Z';

export interface SeededRows {
  /** article index → its row ids */
  readonly articleRows: ReadonlyMap<number, { readonly draft: number; readonly published: number | null }>;
  readonly fileIds: readonly number[];
}

class Seeder {
  private readonly links = new Map<string, Array<Record<string, unknown>>>();

  constructor(
    private readonly knex: Knex,
    private readonly registry: Registry,
    private readonly dialect: DialectName,
    private readonly returning: boolean,
  ) {}

  /** Scalars by attribute name (wire form) and system fields → one row; returns its id. */
  async row(schema: Schema, values: Record<string, unknown>, system: Record<string, unknown> = {}): Promise<number> {
    const row: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      const attr = schema.attributes[name];
      if (attr?.kind !== 'scalar') throw new Error(`seed: ${schema.uid}.${name} is not a scalar`);
      row[columnName(name)] = toDbValue(attr.type, value, this.dialect);
    }
    for (const [field, value] of Object.entries(system)) {
      row[columnName(field)] = field === 'documentId' ? value : toDbValue('datetime', value, this.dialect);
    }
    const insert = this.knex(schema.collectionName).insert(row);
    const [first] = (this.returning ? await insert.returning('id') : await insert) as unknown[];
    return toNumber(typeof first === 'object' && first !== null ? (first as { id: unknown }).id : first);
  }

  async entity(
    uid: string,
    documentId: string,
    values: Record<string, unknown>,
    times: { publishedAt?: string | null; createdAt?: string; updatedAt?: string } = {},
  ): Promise<number> {
    const { publishedAt = SEED_TIME, createdAt = SEED_TIME, updatedAt = createdAt } = times;
    return this.row(this.registry.get(uid), values, { documentId, createdAt, updatedAt, publishedAt });
  }

  link(table: string, values: Record<string, unknown>): void {
    const rows = this.links.get(table) ?? [];
    rows.push(values);
    this.links.set(table, rows);
  }

  relation(owner: Schema, attribute: string, entityId: number, targets: readonly string[]): void {
    targets.forEach((target, k) =>
      this.link(relationLinkTable(owner.collectionName, attribute), { [L.entity]: entityId, [L.target]: target, [L.order]: k + 1 }),
    );
  }

  media(owner: Schema, field: string, relatedId: number, fileIds: readonly number[]): void {
    fileIds.forEach((file, k) =>
      this.link(MEDIA_LINK_TABLE, { [M.file]: file, [M.related]: relatedId, [M.relatedType]: owner.uid, [M.field]: field, [M.order]: k + 1 }),
    );
  }

  async component(owner: Schema, ownerId: number, field: string, uid: string, ord: number, values: Record<string, unknown>): Promise<number> {
    const id = await this.row(this.registry.component(uid), values);
    this.link(componentLinkTable(owner.collectionName), { [C.entity]: ownerId, [C.component]: id, [C.componentType]: uid, [C.field]: field, [C.order]: ord });
    return id;
  }

  async flushLinks(): Promise<void> {
    for (const [table, rows] of this.links) {
      for (let i = 0; i < rows.length; i += 100) await this.knex(table).insert(rows.slice(i, i + 100));
    }
    this.links.clear();
  }
}

async function seedArticleRow(s: Seeder, registry: Registry, a: ArticleSpec, version: 'draft' | 'published', fileIds: readonly number[]): Promise<number> {
  const article = registry.contentType('api::article.article');
  const draft = version === 'draft';
  const id = await s.entity(
    article.uid,
    a.documentId,
    {
      title: draft ? a.draftTitle : a.title,
      slug: a.slug, summary: a.summary, body: a.body, views: a.views, likes: a.likes, rating: a.rating,
      score: a.score, featured: a.featured, tone: a.tone, contactEmail: a.contactEmail, publishDate: a.publishDate,
      readingTime: a.readingTime, lastReviewedAt: a.lastReviewedAt, meta: a.meta,
    },
    { publishedAt: draft ? null : a.publishedAt, createdAt: a.createdAt, updatedAt: a.updatedAt },
  );
  const category = draft ? a.draftCategory : a.category;
  s.relation(article, 'category', id, category === null ? [] : [categoryDocumentId(category)]);
  s.relation(article, 'author', id, a.author === null ? [] : [authorDocumentId(a.author)]);
  s.relation(article, 'tags', id, a.tags.map(tagDocumentId));
  const file = (n: number): number => fileIds[n - 1] as number;
  if (a.cover !== null) s.media(article, 'cover', id, [file(a.cover)]);
  s.media(article, 'gallery', id, a.gallery.map(file));
  if (a.seo) {
    const seo = registry.component('shared.seo');
    const seoId = await s.component(article, id, 'seo', seo.uid, 1, { metaTitle: a.seo.metaTitle, metaDescription: a.seo.metaDescription });
    if (a.seo.shareImage !== null) s.media(seo, 'shareImage', seoId, [file(a.seo.shareImage)]);
    for (const [k, social] of a.seo.social.entries()) await s.component(seo, seoId, 'social', 'shared.social', k + 1, social);
  }
  for (const [k, block] of a.blocks.entries()) await seedBlock(s, registry, article, id, block, k + 1, file);
  return id;
}

async function seedBlock(s: Seeder, registry: Registry, owner: Schema, ownerId: number, block: BlockSpec, ord: number, file: (n: number) => number): Promise<void> {
  switch (block.kind) {
    case 'shared.rich-text':
      await s.component(owner, ownerId, 'blocks', block.kind, ord, { body: block.body });
      return;
    case 'shared.quote': {
      const id = await s.component(owner, ownerId, 'blocks', block.kind, ord, { text: block.text, attribution: `By ${block.author}` });
      s.relation(registry.component(block.kind), 'author', id, [authorDocumentId(block.author)]);
      return;
    }
    case 'shared.media': {
      const id = await s.component(owner, ownerId, 'blocks', block.kind, ord, { caption: block.caption });
      s.media(registry.component(block.kind), 'file', id, [file(block.file)]);
      return;
    }
  }
}

export async function seedBlogRows(db: Database, registry: Registry): Promise<SeededRows> {
  const s = new Seeder(db.knex, registry, db.dialect.name, db.dialect.supportsReturning);
  const fileIds: number[] = [];
  for (let k = 1; k <= FILE_COUNT; k++) {
    fileIds.push(
      await s.entity('plugin::upload.file', fileDocumentId(k), {
        name: `image-${k}.png`, alternativeText: `Alt ${k}`, caption: null, width: 100 * k, height: 50 * k,
        hash: `hash_${k}`, ext: '.png', mime: 'image/png', size: 1.5 * k, url: `/uploads/image-${k}.png`, provider: 'local',
      }),
    );
  }
  for (const [k, name] of CATEGORY_NAMES.entries()) {
    await s.entity('api::category.category', categoryDocumentId(k + 1), {
      name, slug: name, description: `About ${name}`, position: CATEGORY_POSITIONS[k],
    });
  }
  const author = registry.contentType('api::author.author');
  for (const [k, name] of AUTHOR_NAMES.entries()) {
    const id = await s.entity(author.uid, authorDocumentId(k + 1), { name, email: `${name}@example.com`, bio: `Bio of ${name}`, active: k !== 2 });
    if (k === 0) s.media(author, 'avatar', id, [fileIds[1] as number]);
  }
  for (const [k, name] of TAG_NAMES.entries()) await s.entity('api::tag.tag', tagDocumentId(k + 1), { name });
  const articleRows = new Map<number, { draft: number; published: number | null }>();
  for (const a of ARTICLES) {
    const draft = await seedArticleRow(s, registry, a, 'draft', fileIds);
    const published = a.published ? await seedArticleRow(s, registry, a, 'published', fileIds) : null;
    articleRows.set(a.i, { draft, published });
  }
  await s.flushLinks();
  return { articleRows, fileIds };
}

export interface SeededBlog {
  readonly db: Database;
  readonly registry: Registry;
  readonly ctx: EngineContext;
  readonly rows: SeededRows;
}

/** beforeAll: a fresh database of `dialect` with the blog fixture's tables and rows. */
export function useSeededBlog(dialect: DialectName): SeededBlog {
  const t = useTestDatabase(dialect);
  let state: { registry: Registry; rows: SeededRows } | undefined;
  beforeAll(async () => {
    const registry = await loadRegistry(BLOG_EXAMPLE);
    await syncSchema(t.db, registry, { allowDestructive: false });
    state = { registry, rows: await seedBlogRows(t.db, registry) };
  });
  const ready = (): { registry: Registry; rows: SeededRows } => {
    if (!state) throw new Error('useSeededBlog: seeded in beforeAll; read it inside tests');
    return state;
  };
  return {
    get db() {
      return t.db;
    },
    get registry() {
      return ready().registry;
    },
    get rows() {
      return ready().rows;
    },
    get ctx(): EngineContext {
      return { knex: t.db.knex, registry: ready().registry, dialect: t.db.dialect };
    },
  };
}
