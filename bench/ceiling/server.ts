/**
 * The hand-written ceiling: the least a server can do to answer scenarios (a), (b), (d) and (f)
 * over Vellum's own SQLite layout with the same JSON bytes. Fastify and better-sqlite3 only;
 * every statement is written by hand and prepared once; no auth, no validation, no query
 * parser beyond the few keys those requests use. The bench measures Vellum against it in the
 * same run, on the same dataset file (see README.md beside this file).
 */
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';

type Row = Record<string, unknown>;
type Statement = Database.Statement<unknown[], Row>;

const ARTICLE = 'api::article.article';

/**
 * The security headers Vellum sends on every response (its `strapi::security` defaults),
 * precomputed: the ceiling puts the same bytes on the wire, so the ratio compares the work per
 * request and not header sizes.
 */
const HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';connect-src 'self' https:;media-src 'self' data: blob:",
  'content-type': 'application/json; charset=utf-8',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  vary: 'Origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-powered-by': 'Vellum',
  'x-xss-protection': '0',
};

/** Shared columns of every content row, as the response names them, in Vellum's order. */
const doc = (t: string): string =>
  `${t}.id, ${t}.document_id AS documentId, ${t}.created_at AS createdAt, ${t}.updated_at AS updatedAt, ${t}.published_at AS publishedAt`;

// biginteger is read as text: a JS number would round values past 2^53.
const ARTICLE_COLUMNS = `${doc('articles')}, title, slug, summary, body, notes, views, CAST(likes AS TEXT) AS likes, rating, score, featured, tone,
  contact_email AS contactEmail, publish_date AS publishDate, reading_time AS readingTime, last_reviewed_at AS lastReviewedAt, meta`;
const FILE_COLUMNS = `${doc('f')}, f.name, f.alternative_text AS alternativeText, f.caption, f.focal_point AS focalPoint, f.width, f.height, f.formats, f.hash, f.ext, f.mime,
  f.size, f.url, f.preview_url AS previewUrl, f.provider, f.provider_metadata`;

/** Columns stored as JSON text, and boolean columns stored as 0/1, by response key. */
const JSON_KEYS = ['body', 'meta', 'focalPoint', 'formats', 'provider_metadata'];
const BOOLEAN_KEYS = ['featured', 'active'];

/** Turns the stored JSON and boolean columns of a row into their response values, in place. */
function decode(row: Row): Row {
  for (const key of JSON_KEYS) {
    const value = row[key];
    if (typeof value === 'string') row[key] = JSON.parse(value) as unknown;
  }
  for (const key of BOOLEAN_KEYS) {
    const value = row[key];
    if (typeof value === 'number') row[key] = value === 1;
  }
  return row;
}

/** Which of the article's first-level attributes a request populates. */
interface Populate {
  readonly category: boolean;
  readonly author: boolean;
  readonly tags: boolean;
  readonly media: boolean;
  readonly components: boolean;
}

const NONE: Populate = { category: false, author: false, tags: false, media: false, components: false };
const ALL: Populate = { category: true, author: true, tags: true, media: true, components: true };

function populateOf(query: Record<string, unknown>): Populate {
  if (query.populate === '*') return ALL;
  const named = Object.entries(query).filter(([key]) => key.startsWith('populate[')).map(([, value]) => String(value));
  if (typeof query.populate === 'string') named.push(...query.populate.split(','));
  return { ...NONE, category: named.includes('category'), author: named.includes('author'), tags: named.includes('tags') };
}

/** One prepared statement per length of the `IN (…)` list, made on first use. */
function byCount(db: Database.Database, sql: (marks: string) => string): (ids: readonly number[]) => Row[] {
  const statements = new Map<number, Statement>();
  return (ids) => {
    if (ids.length === 0) return [];
    let statement = statements.get(ids.length);
    if (statement === undefined) {
      statement = db.prepare(sql(ids.map(() => '?').join(',')));
      statements.set(ids.length, statement);
    }
    return statement.all(...ids);
  };
}

function statements(db: Database.Database) {
  return {
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM articles WHERE published_at IS NOT NULL'),
    page: db.prepare<[number, number], Row>(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE published_at IS NOT NULL ORDER BY id LIMIT ? OFFSET ?`),
    one: db.prepare<[string], Row>(`SELECT ${ARTICLE_COLUMNS} FROM articles WHERE document_id = ? AND published_at IS NOT NULL LIMIT 1`),
    category: byCount(db, (ids) => `SELECT l.entity_id AS owner, ${doc('t')}, t.name, t.slug, t.description, t.position
      FROM articles_category_lnk l JOIN categories t ON t.document_id = l.target_document_id WHERE l.entity_id IN (${ids})`),
    author: byCount(db, (ids) => `SELECT l.entity_id AS owner, ${doc('t')}, t.name, t.email, t.bio, t.active
      FROM articles_author_lnk l JOIN authors t ON t.document_id = l.target_document_id WHERE l.entity_id IN (${ids})`),
    tags: byCount(db, (ids) => `SELECT l.entity_id AS owner, ${doc('t')}, t.name
      FROM articles_tags_lnk l JOIN tags t ON t.document_id = l.target_document_id WHERE l.entity_id IN (${ids}) ORDER BY l.ord, l.id`),
    media: byCount(db, (ids) => `SELECT m.related_id AS owner, m.field AS field, ${FILE_COLUMNS}
      FROM files_related_mph m JOIN files f ON f.id = m.file_id
      WHERE m.related_type = '${ARTICLE}' AND m.related_id IN (${ids}) AND m.field IN ('cover', 'gallery') ORDER BY m.ord, m.id`),
    // every component of the page in one statement: the SEO component and the three dynamic-zone kinds
    components: byCount(db, (ids) => `SELECT c.entity_id AS owner, c.field AS field, c.component_type AS type, c.cmp_id AS id,
        s.meta_title AS metaTitle, s.meta_description AS metaDescription, r.body AS body, q.text AS text, q.attribution AS attribution, m.caption AS caption
      FROM articles_cmps c
      LEFT JOIN components_shared_seos s ON c.component_type = 'shared.seo' AND s.id = c.cmp_id
      LEFT JOIN components_shared_rich_texts r ON c.component_type = 'shared.rich-text' AND r.id = c.cmp_id
      LEFT JOIN components_shared_quotes q ON c.component_type = 'shared.quote' AND q.id = c.cmp_id
      LEFT JOIN components_shared_media m ON c.component_type = 'shared.media' AND m.id = c.cmp_id
      WHERE c.entity_id IN (${ids}) AND c.field IN ('seo', 'blocks') ORDER BY c.ord, c.id`),
  };
}

/** The component as the response shows it: `__component` for dynamic-zone entries, then id and scalar fields. */
function component(row: Row): Row {
  switch (row.type) {
    case 'shared.seo':
      return { id: row.id, metaTitle: row.metaTitle, metaDescription: row.metaDescription };
    case 'shared.rich-text':
      return { __component: row.type, id: row.id, body: row.body };
    case 'shared.quote':
      return { __component: row.type, id: row.id, text: row.text, attribution: row.attribution };
    default:
      return { __component: row.type, id: row.id, caption: row.caption };
  }
}

/** Groups rows by their `owner` column, dropping it. */
function byOwner(rows: readonly Row[]): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const { owner, ...rest } = row;
    const group = groups.get(owner);
    if (group) group.push(rest);
    else groups.set(owner, [rest]);
  }
  return groups;
}

const toOne = (rows: Row[] | undefined): Row | null => (rows?.[0] === undefined ? null : decode(rows[0]));

/** Adds the populated attributes to each article, in the schema's attribute order. */
function populate(sql: ReturnType<typeof statements>, articles: Row[], wanted: Populate): Row[] {
  if (articles.length === 0 || wanted === NONE) return articles;
  const ids = articles.map((a) => a.id as number);
  const media = wanted.media ? byOwner(sql.media(ids)) : undefined;
  const category = wanted.category ? byOwner(sql.category(ids)) : undefined;
  const author = wanted.author ? byOwner(sql.author(ids)) : undefined;
  const tags = wanted.tags ? byOwner(sql.tags(ids)) : undefined;
  const components = wanted.components ? byOwner(sql.components(ids)) : undefined;
  return articles.map((article) => {
    const out: Row = article;
    if (media) {
      const files = media.get(article.id) ?? [];
      const of = (field: string): Row[] => files.filter((f) => f.field === field).map(({ field: _field, ...file }) => decode(file));
      out.cover = of('cover')[0] ?? null;
      out.gallery = of('gallery');
    }
    if (category) out.category = toOne(category.get(article.id));
    if (author) out.author = toOne(author.get(article.id));
    if (tags) out.tags = tags.get(article.id) ?? [];
    if (components) {
      const all = components.get(article.id) ?? [];
      const seo = all.find((c) => c.field === 'seo');
      out.seo = seo ? component(seo) : null;
      out.blocks = all.filter((c) => c.field === 'blocks').map(component);
    }
    return out;
  });
}

const positive = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The ceiling server over the SQLite file of a bench project (opened read-only). */
export function createCeiling(file: string): { app: FastifyInstance; close(): Promise<void> } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const sql = statements(db);
  const app = Fastify({ logger: false });

  app.get('/api/articles', (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const pageSize = Math.min(positive(query['pagination[pageSize]'], 25), 100);
    const page = positive(query['pagination[page]'], 1);
    const total = sql.count.get()!.n;
    const data = populate(sql, sql.page.all(pageSize, (page - 1) * pageSize).map(decode), populateOf(query));
    const body = JSON.stringify({ data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } });
    void reply.headers(HEADERS).send(body);
  });

  app.get('/api/articles/:documentId', (request, reply) => {
    const { documentId } = request.params as { documentId: string };
    const row = sql.one.get(documentId);
    if (row === undefined) {
      void reply.code(404).headers(HEADERS).send(JSON.stringify({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }));
      return;
    }
    const [data] = populate(sql, [decode(row)], populateOf(request.query as Record<string, unknown>));
    void reply.headers(HEADERS).send(JSON.stringify({ data, meta: {} }));
  });

  return {
    app,
    async close() {
      await app.close();
      db.close();
    },
  };
}
