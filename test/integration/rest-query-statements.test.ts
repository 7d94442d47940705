/**
 * Batched population over real HTTP: the number of SQL statements a list request runs (read from
 * `Server-Timing: db;count=N`) depends on the shape of `populate`, never on how many entries come
 * back. Each shape runs over 10 and over 100 entries and must cost the same, and the exact count
 * documents the cost model: one statement for the page, one for the count, one per populated
 * relation/media/component path and level, one per component type of a populated dynamic zone,
 * plus the one read of the auth version stamp every request starts with (docs/auth.md). On SQLite
 * that read is a `PRAGMA data_version` while no other connection has committed since the last one,
 * and the PRAGMA and the stamp read after a commit (db/direct-reads.ts `selectFirstUnlessChanged`):
 * shapes are measured with nothing committed since the request before (`settle`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { statementCount } from '../helpers/http.js';
import { useSeededBlog } from '../helpers/rest-query.js';

/** The auth version stamp, read once per request (auth/auth-state.ts). */
const AUTH = 1;

/** [name, query, statements with the count query, without the auth stamp] */
const SHAPES: readonly (readonly [string, string, number])[] = [
  ['no populate', '', 2],
  ['one relation', 'populate=category', 3],
  ['several relations', 'populate[0]=category&populate[1]=author&populate[2]=tags', 5],
  ['nested relation and media', 'populate[author][populate][0]=avatar', 4],
  ['three levels', 'populate[author][populate][articles][populate][0]=category', 5],
  ['media', 'populate[0]=cover&populate[1]=gallery', 4],
  ['components and nested components', 'populate[0]=seo&populate[1]=seo.social&populate[2]=seo.shareImage', 5],
  ['dynamic zone, first level', 'populate[0]=blocks', 5],
  ['dynamic zone, detailed', 'populate[blocks][on][shared.quote][populate][author][populate][0]=avatar&populate[blocks][on][shared.media][populate]=file', 7],
  ['populate=*', 'populate=*', 11],
  ['filtered, sorted, selected populate', 'populate[tags][filters][name][$ne]=misc&populate[tags][sort]=name:desc&populate[category][fields]=name', 4],
  ['relation sort and deep filters', 'sort=category.name&filters[$or][0][tags][name][$ne]=zzz&filters[$or][1][tags][$null]=true&populate=author', 3],
  ['everything at once', 'populate[author][populate]=*&populate[seo][populate]=*&populate[blocks][populate]=*&populate[tags]=true&populate[cover]=true', 15],
];

describeEachDialect('REST statement counts', (dialect) => {
  // 115 articles: 101 published, so a page of 100 is full
  const blog = useSeededBlog(dialect, {
    articles: 115,
    // a localized type beside the blog (test/fixtures/i18n): lists with `locale`
    files: {
      'src/api/page/content-types/page/schema.json': readFileSync(fileURLToPath(new URL('../fixtures/i18n/page-schema.json', import.meta.url)), 'utf8'),
      'config/plugins.ts': `export default { i18n: { config: { locales: ['fr'] } } };\n`,
    },
  });

  /** a request after the last write: the next one reads the auth stamp as every request does */
  const settle = async (): Promise<void> => {
    expect((await blog.api.get('/api/articles?pagination[pageSize]=1')).status).toBe(200);
  };

  const cost = async (query: string, size: number): Promise<{ count: number; entries: number }> => {
    await settle();
    const res = await blog.api.get(`/api/articles?${query}${query ? '&' : ''}pagination[pageSize]=${size}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    return { count: statementCount(res.headers), entries: res.body.data.length };
  };

  it.each(SHAPES)('%s: the same statements over 10 and 100 entries', async (_name, query, expected) => {
    const ten = await cost(query, 10);
    const hundred = await cost(query, 100);
    expect(ten.entries).toBe(10);
    expect(hundred.entries).toBe(100);
    expect(hundred.count).toBe(ten.count);
    expect(ten.count).toBe(expected + AUTH);
  });

  it('withCount=false saves the count statement; pageSize=0 runs only the count', async () => {
    expect((await cost('populate=category&pagination[withCount]=false', 100)).count).toBe(2 + AUTH);
    const res = await blog.api.get('/api/articles?populate=*&pagination[pageSize]=0');
    expect(statementCount(res.headers)).toBe(1 + AUTH);
  });

  it('drafts and single reads cost the same per shape', async () => {
    const drafts10 = await cost('status=draft&populate=*', 10);
    const drafts100 = await cost('status=draft&populate=*', 100);
    expect(drafts100.count).toBe(drafts10.count);
    expect(drafts10.count).toBe(11 + AUTH);
    const one = await blog.api.get(`/api/articles/${blog.seed.published[0]?.documentId}?populate=*`);
    expect(statementCount(one.headers)).toBe(10 + AUTH);
  });

  it('the auth stamp: one statement per request; on SQLite one more after a commit by another connection', async () => {
    await settle();
    const count = async (): Promise<number> => statementCount((await blog.api.get('/api/articles?pagination[pageSize]=1')).headers);
    expect(await count()).toBe(2 + AUTH);
    // a write through this process commits on knex's connection, which the read connection sees as another
    await blog.t.app.documents('api::category.category').create({ data: { name: 'Settled' } });
    expect(await count()).toBe(2 + AUTH + (dialect === 'sqlite' ? 1 : 0));
    expect(await count()).toBe(2 + AUTH);
  });

  it('a list with locale costs no extra statement; localizations one per level, over 10 and 30 entries', async () => {
    const pages = blog.t.app.documents('api::page.page');
    for (let i = 0; i < 30; i += 1) {
      const en = await pages.create({ data: { title: `Page ${i}` }, status: 'published' });
      await pages.update({ documentId: String(en.documentId), locale: 'fr', data: { title: `Page fr ${i}` }, status: 'published' });
    }
    const pageCost = async (query: string, size: number): Promise<number> => {
      await settle();
      const res = await blog.api.get(`/api/pages?${query}${query ? '&' : ''}pagination[pageSize]=${size}`);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body.data).toHaveLength(size);
      return statementCount(res.headers);
    };
    for (const size of [10, 30]) {
      expect(await pageCost('', size)).toBe(2 + AUTH);
      expect(await pageCost('locale=fr', size)).toBe(2 + AUTH);
      expect(await pageCost('locale=fr&populate=localizations', size)).toBe(3 + AUTH);
      expect(await pageCost('locale=fr&populate[localizations][populate]=localizations', size)).toBe(4 + AUTH);
    }
  });
});
