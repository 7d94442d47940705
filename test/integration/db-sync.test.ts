import { expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../helpers/dialects.js';
import { openDatabase, type Database } from '../../src/db/connection.js';
import type { DialectName } from '../../src/db/dialect.js';
import { liveColumns, liveIndexes } from '../../src/db/schema-state.js';
import { syncRefusal, syncSchema } from '../../src/db/sync-schema.js';
import { StartupError } from '../../src/errors/index.js';
import { loadRegistry } from '../../src/model/load-models.js';
import type {
  Attribute,
  ComponentSchema,
  ContentType,
  Registry,
  RelationKind,
  ScalarType,
} from '../../src/model/types.js';
import { BLOG_EXAMPLE as BLOG } from '../helpers/fixtures.js';

async function loadBlogRegistry(): Promise<Registry> {
  return loadRegistry(BLOG);
}

// ── a hand-built registry, to change one attribute at a time ──────────────────────────────────
const base = { required: false, private: false, raw: {} };
const scalar = (name: string, type: ScalarType): Attribute => ({ ...base, name, kind: 'scalar', type, unique: false });
const relation = (name: string, relationKind: RelationKind, target: string, mappedBy?: string): Attribute =>
  mappedBy === undefined
    ? { ...base, name, kind: 'relation', relation: relationKind, target }
    : { ...base, name, kind: 'relation', relation: relationKind, target, mappedBy };

function contentType(uid: string, collectionName: string, attributes: Attribute[], draftAndPublish = false): ContentType {
  const singularName = uid.split('.').pop() ?? uid;
  return {
    uid,
    collectionName,
    displayName: singularName,
    attributes: Object.fromEntries(attributes.map((a) => [a.name, a])),
    file: '<test>',
    modelType: 'contentType',
    kind: 'collectionType',
    singularName,
    pluralName: collectionName,
    draftAndPublish,
    namespace: 'api',
    options: {},
    pluginOptions: {},
  };
}

function registryOf(contentTypes: ContentType[], components: ComponentSchema[] = []): Registry {
  const cts = new Map(contentTypes.map((c) => [c.uid, c]));
  const cps = new Map(components.map((c) => [c.uid, c]));
  const get = (uid: string): ContentType | ComponentSchema => {
    const found = cts.get(uid) ?? cps.get(uid);
    if (!found) throw new Error(`unknown ${uid}`);
    return found;
  };
  return {
    contentTypes: cts,
    components: cps,
    get,
    contentType: (uid) => get(uid) as ContentType,
    component: (uid) => get(uid) as ComponentSchema,
    byRouteSegment: (segment) => [...cts.values()].find((c) => c.pluralName === segment),
  };
}

const articleAttributes = (): Attribute[] => [
  scalar('title', 'string'),
  scalar('views', 'integer'),
  relation('author', 'manyToOne', 'api::author.author'),
];
const author = contentType('api::author.author', 'authors', [
  scalar('name', 'string'),
  relation('articles', 'oneToMany', 'api::article.article', 'author'),
]);
const registryWith = (attributes: Attribute[], extra: ContentType[] = []): Registry =>
  registryOf([contentType('api::article.article', 'articles', attributes, true), author, ...extra]);

async function withDatabase(dialect: DialectName, fn: (db: Database) => Promise<void>): Promise<void> {
  const testDb = await createTestDatabase(dialect);
  const db = await openDatabase(testDb.config);
  try {
    await fn(db);
  } finally {
    await db.close();
    await testDb.drop();
  }
}

const sorted = (values: Iterable<string>): string[] => [...values].sort();

async function tableNames(db: Database): Promise<string[]> {
  const candidates = [
    'articles', 'authors', 'categories', 'tags', 'globals',
    'components_shared_media', 'components_shared_rich_texts', 'components_shared_seos',
    'components_shared_quotes', 'components_shared_socials',
    'articles_category_lnk', 'articles_author_lnk', 'articles_tags_lnk', 'components_shared_quotes_author_lnk',
    'categories_articles_lnk', 'authors_articles_lnk', 'tags_articles_lnk',
    'articles_cmps', 'globals_cmps', 'components_shared_seos_cmps', 'authors_cmps', 'files_related_mph', 'files',
  ];
  const present: string[] = [];
  for (const name of candidates) if (await db.knex.schema.hasTable(name)) present.push(name);
  return present.sort();
}

const EXPECTED_TYPES: Record<DialectName, Record<string, string>> = {
  sqlite: {
    title: 'varchar(255)', summary: 'text', body: 'text', meta: 'text', views: 'integer', likes: 'bigint',
    rating: 'float', score: 'float', featured: 'boolean', publish_date: 'text', reading_time: 'text',
    last_reviewed_at: 'text', published_at: 'text',
  },
  postgres: {
    title: 'character varying(255)', summary: 'text', body: 'jsonb', meta: 'jsonb', views: 'integer', likes: 'bigint',
    rating: 'numeric(10,2)', score: 'double precision', featured: 'boolean', publish_date: 'date',
    reading_time: 'time(3) without time zone', last_reviewed_at: 'timestamp(3) with time zone',
    published_at: 'timestamp(3) with time zone',
  },
  mysql: {
    title: 'varchar(255)', summary: 'longtext', body: 'longtext', meta: 'longtext', views: 'int(11)', likes: 'bigint(20)',
    rating: 'decimal(10,2)', score: 'double', featured: 'tinyint(1)', publish_date: 'date', reading_time: 'time(3)',
    last_reviewed_at: 'datetime(3)', published_at: 'datetime(3)',
  },
};

async function columnTypes(db: Database, dialect: DialectName, table: string): Promise<Record<string, string>> {
  switch (dialect) {
    case 'sqlite': {
      const rows = (await db.knex.raw('select name, type from pragma_table_info(?)', [table])) as Array<{ name: string; type: string }>;
      return Object.fromEntries(rows.map((r) => [r.name, r.type.toLowerCase()]));
    }
    case 'postgres': {
      const result = (await db.knex.raw(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
         where a.attrelid = ?::regclass and a.attnum > 0 and not a.attisdropped`,
        [table],
      )) as { rows: Array<{ name: string; type: string }> };
      return Object.fromEntries(result.rows.map((r) => [r.name, r.type]));
    }
    case 'mysql': {
      const [rows] = (await db.knex.raw(
        'select column_name as name, column_type as type from information_schema.columns where table_schema = database() and table_name = ?',
        [table],
      )) as [Array<{ name: string; type: string }>];
      return Object.fromEntries(rows.map((r) => [r.name, r.type]));
    }
  }
}

const pick = (record: Record<string, string>, keys: string[]): Record<string, string | undefined> =>
  Object.fromEntries(keys.map((k) => [k, record[k]]));

describeEachDialect('schema sync', (dialect) => {
  it('creates every table, column and index of the blog model, and a second sync changes nothing', async () => {
    const registry = await loadBlogRegistry();
    await withDatabase(dialect, async (db) => {
      const report = await syncSchema(db, registry, { allowDestructive: false });
      expect(report.changed).toBe(true);
      expect(await tableNames(db)).toEqual(sorted([
        'articles', 'authors', 'categories', 'tags', 'globals',
        'components_shared_media', 'components_shared_rich_texts', 'components_shared_seos',
        'components_shared_quotes', 'components_shared_socials',
        'articles_category_lnk', 'articles_author_lnk', 'articles_tags_lnk', 'components_shared_quotes_author_lnk',
        'articles_cmps', 'globals_cmps', 'components_shared_seos_cmps', 'files_related_mph', 'files',
      ]));
      expect(sorted(await liveColumns(db.knex, 'articles'))).toEqual(sorted([
        'id', 'document_id', 'created_at', 'updated_at', 'published_at',
        'title', 'slug', 'summary', 'body', 'notes', 'views', 'likes', 'rating', 'score', 'featured', 'tone',
        'contact_email', 'publish_date', 'reading_time', 'last_reviewed_at', 'meta',
      ]));
      expect(sorted(await liveColumns(db.knex, 'components_shared_seos'))).toEqual(['id', 'meta_description', 'meta_title']);
      expect(sorted(await liveColumns(db.knex, 'articles_tags_lnk'))).toEqual(['entity_id', 'id', 'ord', 'target_document_id']);
      expect(sorted(await liveColumns(db.knex, 'articles_cmps'))).toEqual(
        ['cmp_id', 'component_type', 'entity_id', 'field', 'id', 'ord'],
      );
      expect(sorted(await liveColumns(db.knex, 'files_related_mph'))).toEqual(
        ['field', 'file_id', 'id', 'ord', 'related_id', 'related_type'],
      );
      const articleIndexes = await liveIndexes(db.knex, dialect, 'articles');
      expect(articleIndexes.has('articles_document_id_idx')).toBe(true);
      expect(articleIndexes.has('articles_document_id_published_at_idx')).toBe(true);
      expect(articleIndexes.has('articles_published_at_id_idx')).toBe(true);
      const categoryIndexes = await liveIndexes(db.knex, dialect, 'categories');
      expect(categoryIndexes.has('categories_document_id_idx')).toBe(true);
      expect(categoryIndexes.has('categories_document_id_published_at_idx')).toBe(false);
      expect(categoryIndexes.has('categories_published_at_id_idx')).toBe(false);
      const mediaIndexes = await liveIndexes(db.knex, dialect, 'files_related_mph');
      expect(mediaIndexes.has('files_related_mph_related_type_related_id_field_idx')).toBe(true);
      expect(mediaIndexes.has('files_related_mph_file_id_idx')).toBe(true);

      const second = await syncSchema(db, registry, { allowDestructive: false });
      expect(second).toEqual({
        createdTables: [], addedColumns: [], retypedColumns: [], createdIndexes: [], droppedIndexes: [],
        droppedColumns: [], droppedTables: [], changed: false,
      });
    });
  });

  it('builds each attribute type as the column type of its dialect', async () => {
    const registry = await loadRegistry(BLOG);
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registry, { allowDestructive: false });
      const types = await columnTypes(db, dialect, 'articles');
      expect(pick(types, ['title', 'summary', 'body', 'meta', 'views', 'likes', 'rating', 'score', 'featured',
        'publish_date', 'reading_time', 'last_reviewed_at', 'published_at'])).toEqual(EXPECTED_TYPES[dialect]);
    });
  });

  it('unique attributes and document rows get unique indexes per publication state where the database has partial indexes', async () => {
    const registry = await loadBlogRegistry();
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registry, { allowDestructive: false });
      // a draft and its published row share their uid value
      const draft = { document_id: 'doc1', title: 'A', slug: 'same', published_at: null };
      await db.knex('articles').insert([draft, { ...draft, published_at: '2024-01-01 00:00:00' }]);
      const [count] = (await db.knex('articles').where({ slug: 'same' }).count({ n: '*' })) as Array<{ n: unknown }>;
      expect(Number(count?.n)).toBe(2);
      // without draft & publish a unique value has one row, on every database
      await db.knex('categories').insert({ document_id: 'c1', name: 'Same' });
      await expect(db.knex('categories').insert({ document_id: 'c2', name: 'Same' })).rejects.toThrow();
      await expect(db.knex('categories').insert({ document_id: 'c1', name: 'Other' })).rejects.toThrow();
      // MySQL has no partial indexes: there the write locks alone keep drafts unique
      const second = db.knex('articles').insert({ ...draft, document_id: 'doc2' });
      if (dialect === 'mysql') await second;
      else await expect(second).rejects.toThrow();
      const twoDrafts = db.knex('articles').insert({ ...draft, slug: 'other' });
      if (dialect === 'mysql') await twoDrafts;
      else await expect(twoDrafts).rejects.toThrow();
    });
  });

  it('refuses to start when existing rows break a new unique index, naming table, column and value', async () => {
    const registry = await loadBlogRegistry();
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registry, { allowDestructive: false });
      const index = 'categories_name_uq';
      await db.knex.raw(dialect === 'mysql' ? 'DROP INDEX ?? ON ??' : 'DROP INDEX ??', dialect === 'mysql' ? [index, 'categories'] : [index]);
      await db.knex('categories').insert([{ document_id: 'c1', name: 'Twice' }, { document_id: 'c2', name: 'Twice' }]);
      await expect(syncSchema(db, registry, { allowDestructive: false })).rejects.toThrow(/categories\.name must be unique, but the value "Twice" is held by 2 rows/);
    });
  });

  it('string columns compare case-sensitively', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert({ document_id: 'a', title: 'Hello' });
      expect(await db.knex('articles').where({ title: 'hello' }).select('id')).toEqual([]);
      expect(await db.knex('articles').where({ title: 'Hello' }).select('title')).toEqual([{ title: 'Hello' }]);
    });
  });

  it('adding an attribute or a type keeps the rows', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert([{ document_id: 'a', title: 'One', views: 1 }, { document_id: 'b', title: 'Two', views: 2 }]);
      const tag = contentType('api::tag.tag', 'tags', [scalar('name', 'string')]);
      const report = await syncSchema(db, registryWith([...articleAttributes(), scalar('subtitle', 'text')], [tag]), {
        allowDestructive: false,
      });
      expect(report.addedColumns).toEqual(['articles.subtitle']);
      expect(report.createdTables).toEqual(['tags']);
      expect(report.droppedColumns).toEqual([]);
      const rows = await db.knex('articles').orderBy('document_id').select('title', 'views', 'subtitle');
      expect(rows.map((r: { title: string; views: unknown; subtitle: unknown }) => [r.title, Number(r.views), r.subtitle])).toEqual([
        ['One', 1, null],
        ['Two', 2, null],
      ]);
    });
  });

  it('refuses to drop a column that holds data, naming table, column and row count', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert([
        { document_id: 'a', title: 'One', views: 12 },
        { document_id: 'b', title: 'Two', views: 3 },
        { document_id: 'c', title: 'Three', views: null },
      ]);
      const withoutViews = registryWith(articleAttributes().filter((a) => a.name !== 'views'));
      const error = await syncSchema(db, withoutViews, { allowDestructive: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toBe(
        [
          'The database schema cannot be synced without losing data:',
          '  - articles.views: column would be dropped (2 rows hold data)',
          'To allow it, set DATABASE_ALLOW_DESTRUCTIVE_SYNC=true or database.settings.allowDestructiveSync: true.',
        ].join('\n'),
      );
      expect(await liveColumns(db.knex, 'articles')).toContain('views');

      const report = await syncSchema(db, withoutViews, { allowDestructive: true });
      expect(report.droppedColumns).toEqual(['articles.views']);
      expect(await liveColumns(db.knex, 'articles')).not.toContain('views');
      expect(await db.knex('articles').orderBy('document_id').pluck('title')).toEqual(['One', 'Two', 'Three']);
    });
  });

  it('syncRefusal (the content-type builder asks before writing) answers the very refusal syncSchema stops with, and runs no DDL', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert([{ document_id: 'a', title: 'One', views: 12 }]);
      const withoutViews = registryWith(articleAttributes().filter((a) => a.name !== 'views'));
      const refusal = await syncRefusal(db, withoutViews, { allowDestructive: false });
      const error = await syncSchema(db, withoutViews, { allowDestructive: false }).catch((e: unknown) => e);
      expect(refusal).toBe((error as Error).message);
      expect(refusal).toContain('  - articles.views: column would be dropped (1 row holds data)');
      expect(await syncRefusal(db, withoutViews, { allowDestructive: true })).toBeUndefined();
      // an addition is no refusal, and planning it created nothing
      const withSubtitle = registryWith([...articleAttributes(), scalar('subtitle', 'string')]);
      expect(await syncRefusal(db, withSubtitle, { allowDestructive: false })).toBeUndefined();
      expect(await liveColumns(db.knex, 'articles')).toContain('views');
      expect(await liveColumns(db.knex, 'articles')).not.toContain('subtitle');
    });
  });

  it('drops an empty column, an empty link table and an empty type silently', async () => {
    await withDatabase(dialect, async (db) => {
      const tag = contentType('api::tag.tag', 'tags', [scalar('name', 'string')]);
      await syncSchema(db, registryWith(articleAttributes(), [tag]), { allowDestructive: false });
      await db.knex('articles').insert({ document_id: 'a', title: 'One', views: null });
      const report = await syncSchema(db, registryWith([scalar('title', 'string')]), { allowDestructive: false });
      expect(report.droppedColumns).toEqual(['articles.views']);
      expect(sorted(report.droppedTables)).toEqual(['articles_author_lnk', 'tags']);
      expect(await db.knex.schema.hasTable('tags')).toBe(false);
      expect(await db.knex('articles').pluck('title')).toEqual(['One']);
      const again = await syncSchema(db, registryWith([scalar('title', 'string')]), { allowDestructive: false });
      expect(again.changed).toBe(false);
    });
  });

  it('refuses to retype or drop what holds data, listing every change', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert({ id: 1, document_id: 'a', title: 'One', views: 7 });
      await db.knex('articles_author_lnk').insert({ entity_id: 1, target_document_id: 'x', ord: 1 });
      const changed = registryWith([scalar('title', 'string'), scalar('views', 'string')]);
      const error = await syncSchema(db, changed, { allowDestructive: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      const message = (error as Error).message;
      expect(message).toContain('  - articles.views: column would change from integer to varchar, losing its values (1 row holds data)');
      expect(message).toContain('  - articles_author_lnk: table would be dropped (1 row holds data)');

      const report = await syncSchema(db, changed, { allowDestructive: true });
      expect(report.retypedColumns).toEqual(['articles.views']);
      expect(report.droppedTables).toEqual(['articles_author_lnk']);
      await db.knex('articles').update({ views: 'seven' });
      expect(await db.knex('articles').pluck('views')).toEqual(['seven']);
    });
  });

  it('retypes an empty column silently', async () => {
    await withDatabase(dialect, async (db) => {
      await syncSchema(db, registryWith(articleAttributes()), { allowDestructive: false });
      await db.knex('articles').insert({ document_id: 'a', title: 'One' });
      const report = await syncSchema(db, registryWith([...articleAttributes().filter((a) => a.name !== 'views'), scalar('views', 'biginteger')]), {
        allowDestructive: false,
      });
      expect(report.retypedColumns).toEqual(['articles.views']);
      await db.knex('articles').update({ views: '9007199254740993' });
      expect(String((await db.knex('articles').first('views'))?.views)).toBe('9007199254740993');
    });
  });

  it('recreates an index that went missing and leaves foreign tables alone', async () => {
    await withDatabase(dialect, async (db) => {
      const registry = registryWith(articleAttributes());
      await db.knex.schema.createTable('someone_elses', (t) => t.increments('id'));
      await syncSchema(db, registry, { allowDestructive: false });
      if (dialect === 'mysql') await db.knex.raw('DROP INDEX articles_document_id_idx ON articles');
      else await db.knex.raw('DROP INDEX articles_document_id_idx');
      const report = await syncSchema(db, registry, { allowDestructive: false });
      expect(report.createdIndexes).toEqual(['articles_document_id_idx']);
      expect(report.droppedTables).toEqual([]);
      expect(await db.knex.schema.hasTable('someone_elses')).toBe(true);
    });
  });
});
