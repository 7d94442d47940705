/**
 * Schema sync run by several processes at once on one empty database (issue 9, item 3): each
 * instance has its own connection pool, as two servers (or a server and the CLI) would; all of
 * them come up, and the database ends with the layout once.
 */
import { expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../helpers/dialects.js';
import { openDatabase } from '../../src/db/connection.js';
import { liveIndexes } from '../../src/db/schema-state.js';
import { syncSchema } from '../../src/db/sync-schema.js';
import { loadRegistry } from '../../src/model/load-models.js';

const BLOG = new URL('../../examples/blog', import.meta.url).pathname;
const INSTANCES = 4;

describeEachDialect('schema sync at once', (dialect) => {
  it(`${INSTANCES} instances syncing one empty database at once all succeed`, async () => {
    const registry = await loadRegistry(BLOG);
    const testDb = await createTestDatabase(dialect);
    const dbs = await Promise.all(Array.from({ length: INSTANCES }, () => openDatabase(testDb.config)));
    try {
      const reports = await Promise.all(dbs.map((db) => syncSchema(db, registry, { allowDestructive: false })));
      // exactly one instance created the tables; the others found them made
      expect(reports.filter((r) => r.createdTables.length > 0)).toHaveLength(1);
      expect(reports.filter((r) => r.changed)).toHaveLength(1);
      const db = dbs[0]!;
      expect(await db.knex.schema.hasTable('articles')).toBe(true);
      const indexes = await liveIndexes(db.knex, dialect, 'categories');
      expect(indexes.has('categories_name_uq')).toBe(true);
      // and a later start has nothing left to do
      expect((await syncSchema(db, registry, { allowDestructive: false })).changed).toBe(false);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await testDb.drop();
    }
  });
});
