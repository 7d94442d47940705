/**
 * Races over real HTTP on every dialect (issue 9, item 1): many requests sent at once against
 * one started server, then the rows checked in the database. Each test repeats its round so a
 * lucky interleaving does not hide a race.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { authTestFiles } from '../helpers/auth.js';
import { useTestApp } from '../helpers/test-app.js';
import { componentLinkTable, relationLinkTable } from '../../src/db/naming.js';

const WRITERS = 12;
const ROUNDS = 3;

const all = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describeEachDialect('concurrent writes', (dialect) => {
  const t = useTestApp({ dialect, files: authTestFiles() });
  const api = client(() => t.url, () => t.authHeaders);
  const anonymous = client(() => t.url);
  const knex = () => t.app.db.knex;
  const count = async (table: string, where: Record<string, unknown> = {}): Promise<number> => {
    const [row] = (await knex()(table).where(where).count({ n: '*' })) as Array<{ n: unknown }>;
    return Number(row?.n);
  };

  it('registrations with one email at once make one user; the others get a clean 400', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race${round}@example.com`;
      const responses = await all(WRITERS, (i) =>
        anonymous.post('/api/auth/local/register', { username: `racer${round}x${i}`, email, password: 'long-enough-password' }),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array(WRITERS - 1).fill(400)]);
      for (const r of responses.filter((r) => r.status === 400)) {
        expect(r.body.error.message).toBe('Email or Username are already taken');
      }
      expect(await count('up_users', { email })).toBe(1);
    }
  });

  it('first PUTs of a single type at once make one document', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await knex()('globals').delete();
      const responses = await all(WRITERS, (i) => api.put('/api/global', { data: { siteName: `site ${round}.${i}` } }));
      expect(responses.map((r) => r.status)).toEqual(Array(WRITERS).fill(200));
      expect(new Set(responses.map((r) => r.body.data.documentId)).size).toBe(1);
      expect(await count('globals')).toBe(1);
      const stored = await api.get('/api/global');
      expect(responses.map((r) => r.body.data.siteName)).toContain(stored.body.data.siteName);
    }
  });

  it('creates with one unique value at once: one succeeds, the others get a 400 naming the attribute', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Unique ${round}`;
      const responses = await all(WRITERS, () => api.post('/api/categories', { data: { name } }));
      expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(WRITERS - 1).fill(400)]);
      for (const r of responses.filter((r) => r.status === 400)) {
        expect(r.body.error).toMatchObject({ name: 'ValidationError', message: 'name must be unique', details: { errors: [{ path: ['name'] }] } });
      }
      expect(await count('categories', { name })).toBe(1);
    }
  });

  it('uids derived from one base at once get distinct values', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // distinct names (name is unique) that all slugify to one base
      const responses = await all(WRITERS, (i) => api.post('/api/categories', { data: { name: `Base ${round}${'!'.repeat(i + 1)}` } }));
      expect(responses.map((r) => r.status)).toEqual(Array(WRITERS).fill(201));
      const slugs = responses.map((r) => String(r.body.data.slug));
      expect(new Set(slugs).size).toBe(WRITERS);
      for (const slug of slugs) expect(slug).toMatch(new RegExp(`^base-${round}(-\\d+)?$`));
    }
  });

  describe('PUTs of one published document at once', () => {
    it('leave one draft and one published row holding one writer\'s whole state, with no orphan rows', async () => {
      const tags = await all(WRITERS, async (i) => (await api.post('/api/tags', { data: { name: `tag ${i}` } })).body.data.documentId as string);
      const categories = await all(WRITERS, async (i) => (await api.post('/api/categories', { data: { name: `Writer cat ${i}` } })).body.data.documentId as string);
      const seoTable = t.app.registry.component('shared.seo').collectionName;
      const quoteTable = t.app.registry.component('shared.quote').collectionName;
      for (let round = 0; round < ROUNDS; round++) {
        const created = await api.post('/api/articles?status=published', { data: { title: `start ${round}` } });
        expect(created.status).toBe(201);
        const documentId = String(created.body.data.documentId);
        const state = (i: number) => ({
          title: `writer ${i}`,
          seo: { metaTitle: `writer ${i}` },
          blocks: [
            { __component: 'shared.quote', text: `writer ${i} a`, attribution: `writer ${i}` },
            { __component: 'shared.quote', text: `writer ${i} b`, attribution: `writer ${i}` },
          ],
          tags: [tags[i]],
          category: categories[i],
        });
        const responses = await all(WRITERS, (i) => api.put(`/api/articles/${documentId}?status=published`, { data: state(i) }));
        expect(responses.map((r) => r.status)).toEqual(Array(WRITERS).fill(200));

        const rows = (await knex()('articles').select('id', 'published_at').where('document_id', documentId)) as Array<{ id: unknown; published_at: unknown }>;
        expect(rows.filter((r) => r.published_at === null)).toHaveLength(1);
        expect(rows.filter((r) => r.published_at !== null)).toHaveLength(1);

        for (const status of ['published', 'draft']) {
          const read = await api.get(`/api/articles/${documentId}?status=${status}&populate[seo]=true&populate[blocks]=true&populate[tags]=true&populate[category]=true`);
          const entry = read.body.data;
          const writer = Number(/^writer (\d+)$/.exec(entry.title)?.[1]);
          expect(entry.seo.metaTitle).toBe(`writer ${writer}`);
          expect(entry.blocks.map((b: { text: string }) => b.text)).toEqual([`writer ${writer} a`, `writer ${writer} b`]);
          expect(entry.tags.map((tag: { documentId: string }) => tag.documentId)).toEqual([tags[writer]]);
          expect(entry.category.documentId).toBe(categories[writer]);
        }
      }
      // every component row is linked from exactly one owner row, every owner row exists
      const links = (await knex()(componentLinkTable('articles')).select('entity_id', 'cmp_id', 'component_type')) as Array<Record<string, unknown>>;
      const articleIds = new Set(((await knex()('articles').select('id')) as Array<{ id: unknown }>).map((r) => Number(r.id)));
      expect(links.every((l) => articleIds.has(Number(l.entity_id)))).toBe(true);
      for (const [table, uid] of [[seoTable, 'shared.seo'], [quoteTable, 'shared.quote']] as const) {
        const linked = links.filter((l) => l.component_type === uid).map((l) => Number(l.cmp_id)).sort((a, b) => a - b);
        const ids = ((await knex()(table).select('id')) as Array<{ id: unknown }>).map((r) => Number(r.id)).sort((a, b) => a - b);
        expect(ids).toEqual(linked);
      }
      const tagLinks = (await knex()(relationLinkTable('articles', 'tags')).select('entity_id')) as Array<{ entity_id: unknown }>;
      expect(tagLinks.every((l) => articleIds.has(Number(l.entity_id)))).toBe(true);
      // a to-one relation has at most one link per owner row
      const categoryLinks = (await knex()(relationLinkTable('articles', 'category')).select('entity_id')) as Array<{ entity_id: unknown }>;
      expect(new Set(categoryLinks.map((l) => Number(l.entity_id))).size).toBe(categoryLinks.length);
    });
  });
});
