/**
 * Relation races over real HTTP on every dialect (issue 9, item 1): writes that change other
 * documents' links (inverse sides, exclusive targets), links racing a delete of their target,
 * and registrations whose emails differ in case. Each test repeats its round.
 */
import { expect, it } from 'vitest';
import { relationLinkTable } from '../../src/db/naming.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { storageProblems } from '../helpers/storage-integrity.js';
import { useTestApp } from '../helpers/test-app.js';
import { pngBytes, uploadFile } from '../helpers/upload.js';

const WRITERS = 8;
const ROUNDS = 3;

const all = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

const type = (singular: string, plural: string, attributes: Record<string, unknown>): string => JSON.stringify({
  kind: 'collectionType', collectionName: plural, info: { singularName: singular, pluralName: plural, displayName: singular },
  options: { draftAndPublish: false }, attributes,
});

/** a bidirectional oneToOne: a passport belongs to one person at a time */
const FILES = {
  'src/api/person/content-types/person/schema.json': type('person', 'people', {
    name: { type: 'string' },
    passport: { type: 'relation', relation: 'oneToOne', target: 'api::passport.passport', inversedBy: 'holder' },
  }),
  'src/api/passport/content-types/passport/schema.json': type('passport', 'passports', {
    number: { type: 'string' },
    holder: { type: 'relation', relation: 'oneToOne', target: 'api::person.person', mappedBy: 'passport' },
  }),
  'config/plugins.json': JSON.stringify({ 'users-permissions': { config: { ratelimit: { max: 1000 } } } }),
};

describeEachDialect('concurrent relation writes', (dialect) => {
  const t = useTestApp({ dialect, files: FILES });
  const api = client(() => t.url, () => t.authHeaders);
  const anonymous = client(() => t.url);
  const knex = () => t.app.db.knex;
  const create = async (path: string, data: Record<string, unknown>): Promise<string> => {
    const created = await api.post(path, { data });
    expect(created.status).toBe(201);
    return String(created.body.data.documentId);
  };

  it('authors taking one article from the inverse side at once leave it one author, on each of its rows', async () => {
    const authors = await all(WRITERS, (i) => create('/api/authors', { name: `inverse ${i}` }));
    for (let round = 0; round < ROUNDS; round++) {
      const article = await create('/api/articles?status=published', { title: `taken ${round}` });
      const responses = await all(WRITERS, (i) => api.put(`/api/authors/${authors[i]}`, { data: { articles: { connect: [article] } } }));
      expect(responses.map((r) => r.status)).toEqual(Array(WRITERS).fill(200));

      const rowIds = ((await knex()('articles').select('id').where('document_id', article)) as Array<{ id: unknown }>).map((r) => Number(r.id));
      expect(rowIds).toHaveLength(2);
      const links = (await knex()(relationLinkTable('articles', 'author')).select('entity_id', 'target_document_id').whereIn('entity_id', rowIds)) as Array<Record<string, unknown>>;
      expect(links).toHaveLength(2);
      const owner = String(links[0]?.target_document_id);
      expect(links.every((l) => String(l.target_document_id) === owner)).toBe(true);
      // both sides agree: the article names that author, and only that author lists the article
      for (const status of ['draft', 'published']) {
        expect((await api.get(`/api/articles/${article}?status=${status}&populate[author]=true`)).body.data.author.documentId).toBe(owner);
      }
      const listing = await api.get(`/api/authors?populate[articles][filters][documentId]=${article}&pagination[pageSize]=100`);
      const holders = (listing.body.data as Array<{ documentId: string; articles: unknown[] }>).filter((a) => a.articles.length > 0).map((a) => a.documentId);
      expect(holders).toEqual([owner]);
    }
  });

  it('owners taking one exclusive (oneToOne) target at once leave it linked from one owner', async () => {
    const people = await all(WRITERS, (i) => create('/api/people', { name: `person ${i}` }));
    for (let round = 0; round < ROUNDS; round++) {
      const passport = await create('/api/passports', { number: `P-${round}` });
      const responses = await all(WRITERS, (i) => api.put(`/api/people/${people[i]}`, { data: { passport } }));
      expect(responses.map((r) => r.status)).toEqual(Array(WRITERS).fill(200));
      const links = (await knex()(relationLinkTable('people', 'passport')).select('entity_id').where('target_document_id', passport)) as Array<{ entity_id: unknown }>;
      expect(links).toHaveLength(1);
      const holder = (await api.get(`/api/passports/${passport}?populate[holder]=true`)).body.data.holder;
      const owner = (await knex()('people').first('document_id').where('id', Number(links[0]?.entity_id))) as { document_id: unknown };
      expect(holder.documentId).toBe(String(owner.document_id));
    }
  });

  it('links to a document or a file racing its delete leave no link to a missing row', async () => {
    const articles = await all(WRITERS, (i) => create('/api/articles', { title: `linker ${i}` }));
    for (let round = 0; round < ROUNDS; round++) {
      const category = await create('/api/categories', { name: `doomed ${round}` });
      const upload = await uploadFile(t.url, `doomed-${round}.png`, pngBytes(2, 2), undefined, t.authHeaders);
      expect(upload.status).toBe(201);
      const file = Number(upload.body[0].id);
      const [deletedCategory, deletedFile, ...writes] = await Promise.all([
        api.delete(`/api/categories/${category}`),
        api.delete(`/api/upload/files/${file}`),
        ...articles.map((article) => api.put(`/api/articles/${article}`, { data: { category, cover: file } })),
      ]);
      expect(deletedCategory?.status).toBe(204);
      expect(deletedFile?.status).toBe(200);
      // each write either came first (and the delete then removed its links) or found a target gone
      for (const write of writes) {
        expect([200, 400]).toContain(write.status);
        if (write.status === 400) expect(write.body.error.name).toBe('ValidationError');
      }
      expect(await storageProblems(knex(), t.app.registry)).toEqual([]);
      for (const article of articles) {
        const read = await api.get(`/api/articles/${article}?status=draft&populate[category]=true&populate[cover]=true`);
        expect(read.body.data.category).toBeNull();
        expect(read.body.data.cover).toBeNull();
      }
    }
  });

  it('publishing or relinking drafts while the targets they keep are deleted leaves no link to a missing row', async () => {
    const spare = await create('/api/tags', { name: 'spare' });
    for (let round = 0; round < ROUNDS; round++) {
      const category = await create('/api/categories', { name: `kept ${round}` });
      const tag = await create('/api/tags', { name: `kept ${round}` });
      const upload = await uploadFile(t.url, `kept-${round}.png`, pngBytes(2, 3), undefined, t.authHeaders);
      const file = Number(upload.body[0].id);
      const drafts = await all(WRITERS, (i) => create('/api/articles', { title: `keeper ${round}.${i}`, category, tags: [tag], cover: file }));
      const [deletedCategory, deletedTag, deletedFile, ...writes] = await Promise.all([
        api.delete(`/api/categories/${category}`),
        api.delete(`/api/tags/${tag}`),
        api.delete(`/api/upload/files/${file}`),
        // even writers publish the draft as it is (a deep copy of its links); odd ones add a tag and keep the others
        ...drafts.map((article, i) => (i % 2 === 0
          ? api.put(`/api/articles/${article}?status=published`, { data: { title: `published ${round}.${i}` } })
          : api.put(`/api/articles/${article}`, { data: { tags: { connect: [spare] } } }))),
      ]);
      expect([deletedCategory?.status, deletedTag?.status, deletedFile?.status]).toEqual([204, 204, 200]);
      expect(writes.map((w) => w.status)).toEqual(Array(WRITERS).fill(200));
      expect(await storageProblems(knex(), t.app.registry)).toEqual([]);
    }
  });

  it('registrations whose emails differ only in case at once make one user', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const variants = (i: number) => `Case${round}@Example.com`.split('').map((c, j) => ((i >> (j % 4)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
      const responses = await all(WRITERS, (i) =>
        anonymous.post('/api/auth/local/register', { username: `caser${round}x${i}`, email: variants(i), password: 'long-enough-password' }),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(WRITERS - 1).fill(400)]);
      const [row] = (await knex()('up_users').whereRaw('lower(email) = ?', [`case${round}@example.com`]).count({ n: '*' })) as Array<{ n: unknown }>;
      expect(Number(row?.n)).toBe(1);
    }
  });
});
