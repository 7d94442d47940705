/**
 * Property test over generated query strings against a running server: whatever the URL holds
 * (bracket paths of any depth, operators, directives, huge indexes, odd values, raw or
 * percent-encoded brackets and colons, malformed escapes), the answer is a 200 or a 4xx in the
 * error shape — never a 5xx, never a hang — and the server logs no internal error.
 * `FUZZ_SEED=<n>` replays a run; `FUZZ_RUNS=<n>` changes the number of cases.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useSeededBlog } from '../helpers/rest-query.js';

const PARAMS = ['filters', 'sort', 'pagination', 'fields', 'populate', 'status', 'locale', 'lookup', 'where', '_q', 'foo'];
const ATTRIBUTES = [
  'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title', 'slug', 'summary', 'body', 'notes', 'views', 'likes',
  'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta', 'cover',
  'gallery', 'category', 'author', 'tags', 'seo', 'blocks', 'name', 'position', 'avatar', 'articles', 'social', 'network',
  'url', 'metaTitle', 'shareImage', 'file', 'caption', 'text', 'attribution', 'active', 'mime', 'width', 'formats',
];
const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains', '$containsi',
  '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$and', '$or',
  '$not', '$fake', '$EQ', '$',
];
const DIRECTIVES = ['populate', 'fields', 'sort', 'filters', 'on', 'count', 'pagination', 'page', 'pageSize', 'start', 'limit', 'withCount'];
const ODD_KEYS = [
  'shared.quote', 'shared.media', 'shared.rich-text', 'shared.seo', 'shared.nope', '*', '', '0', '1', '2', '99', '100', '101',
  '999999999999', '-1', '1e3', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'category.name', 'author.avatar',
  'seo.social', 'title:desc', 't0', 'a.b.c.d',
];
const ODD_VALUES = [
  '', 'true', 'false', 't', 'f', '0', '1', '-1', '-2', '10', '100', '1000', '1.5', '1e3', '1e400', 'NaN', 'Infinity',
  '9007199254740993', '99999999999999999999', '-9223372036854775809', '2024-01-01', '2024-02-30', '2025-01-01T00:15:00',
  '2025-01-01T00:15:00+14:00', '00:10:00', '25:61', 'title', 'title:desc', 'title:up', 'category.name:asc', 'views,title',
  '*', 'null', 'undefined', 'draft', 'published', 'Tech', 'news', 'shared.quote', '%', '_', '\\', "'", '"', '[', ']',
  "'; DROP TABLE articles; --", '\u0000', 'a\u0000b', '💥', 'ÜNÏ', 'x'.repeat(3000), '0000-01-01', '0001-01-01',
  '9999-12-31', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+14:00', '2147483647', '2147483648', '-2147483649',
  '9223372036854775807', '9223372036854775808', '-0', '+1', ' 1', '0x10', '1_000', '2024-01-01T24:00:00Z', '23:59:59.9999999',
];

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ATTRIBUTES) },
  { weight: 3, arbitrary: fc.constantFrom(...OPERATORS) },
  { weight: 2, arbitrary: fc.constantFrom(...DIRECTIVES) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_KEYS) },
  { weight: 1, arbitrary: fc.nat({ max: 5000 }).map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_VALUES) },
  { weight: 2, arbitrary: fc.constantFrom(...ATTRIBUTES, ...OPERATORS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

type Encoding = 'raw' | 'brackets' | 'all';
const pair = fc.record({
  param: fc.constantFrom(...PARAMS),
  path: fc.oneof({ weight: 5, arbitrary: fc.array(key, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.array(key, { minLength: 10, maxLength: 40 }) }),
  value: fc.option(value, { freq: 8 }),
  encoding: fc.constantFrom<Encoding>('raw', 'brackets', 'all'),
});

function render(p: { param: string; path: readonly string[]; value: string | null; encoding: Encoding }): string {
  const open = p.encoding === 'raw' ? '[' : '%5B';
  const close = p.encoding === 'raw' ? ']' : '%5D';
  const segment = (s: string) => (p.encoding === 'all' ? encodeURIComponent(s) : s.replace(/[&=#]/g, encodeURIComponent));
  const name = `${p.param}${p.path.map((k) => `${open}${segment(k)}${close}`).join('')}`;
  if (p.value === null) return name;
  const v = p.encoding === 'all' ? encodeURIComponent(p.value) : p.value.replace(/[&#%]/g, encodeURIComponent).replace(/:/g, p.encoding === 'raw' ? ':' : '%3A');
  return `${name}=${v}`;
}

/** Well-formed filters, sorts and populates, so that odd values reach the SQL more often. */
const COMPARISONS = OPERATORS.filter((op) => !['$and', '$or', '$not', '$fake', '$EQ', '$'].includes(op));
const filterPath: fc.Arbitrary<readonly string[]> = fc.oneof<fc.Arbitrary<readonly string[]>[]>(
  fc.constantFrom('id', 'documentId', 'createdAt', 'publishedAt', 'title', 'summary', 'views', 'likes', 'rating', 'score', 'featured', 'tone', 'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta', 'body').map((a): readonly string[] => [a]),
  fc.tuple(
    fc.constantFrom('category', 'author', 'tags', 'cover', 'gallery', 'seo'),
    fc.constantFrom('id', 'documentId', 'name', 'position', 'active', 'width', 'size', 'metaTitle', 'url', 'createdAt', '$eq', '$null', '$in'),
  ).map((pair): readonly string[] => [...pair]),
  fc.constantFrom<readonly string[]>(['seo', 'social', 'network'], ['author', 'avatar', 'size'], ['author', 'articles', 'views'], ['category', 'articles', 'publishDate'], ['seo', 'shareImage', 'mime']),
);
const wellFormed = fc.record({
  where: fc.constantFrom('filters', 'filters[$or][0]', 'filters[$not]', 'filters[$and][1]', 'populate[tags][filters]', 'populate[author][filters]', 'populate[blocks][on][shared.quote][filters]'),
  path: filterPath,
  op: fc.constantFrom(...COMPARISONS),
  values: fc.array(value, { minLength: 1, maxLength: 3 }),
  sort: fc.option(fc.tuple(fc.constantFrom('title', 'views', 'likes', 'category.name', 'author.active', 'seo.metaTitle', 'publishDate', 'id'), fc.constantFrom('asc', 'desc', 'DESC', 'up')), { freq: 2 }),
  populate: fc.option(fc.constantFrom('*', 'category', 'author.avatar', 'seo.social', 'blocks', 'tags', 'gallery'), { freq: 2 }),
}).map(({ where, path, op, values, sort, populate }) => {
  const base = `${where}${path.map((k) => `[${k}]`).join('')}[${op}]`;
  const parts = values.length === 1 ? [`${base}=${encodeURIComponent(values[0] as string)}`] : values.map((v, i) => `${base}[${i}]=${encodeURIComponent(v)}`);
  if (sort) parts.push(`sort=${sort[0]}%3A${sort[1]}`);
  if (populate) parts.push(`populate=${populate}`);
  return parts.join('&');
});

const queryString = fc.oneof(
  { weight: 6, arbitrary: wellFormed },
  { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => pairs.map(render).join('&')) },
  // raw noise, malformed escapes included
  { weight: 1, arbitrary: fc.array(fc.constantFrom('[', ']', '%', '%5B', '%5D', '%3A', '%zz', '%E0%A4%A', '&', '=', 'a', '0', '$eq', 'populate', 'filters', '.', ':'), { maxLength: 30 }).map((parts) => parts.join('')) },
);

const target = fc.constantFrom('/api/articles', '/api/articles', '/api/articles', '/api/categories', '/api/authors', '/api/global', 'single');

const RUNS: Record<string, number> = { sqlite: 300, postgres: 100, mysql: 100 };

describeEachDialect('REST query fuzz', (dialect) => {
  const blog = useSeededBlog(dialect, { articles: 12 });

  it('answers every generated query string with a 200 or a 4xx error body, never a 5xx or a hang', async () => {
    const single = `/api/articles/${blog.seed.published[0]?.documentId}`;
    await fc.assert(
      fc.asyncProperty(target, queryString, async (path, query) => {
        const url = `${blog.t.url}${path === 'single' ? single : path}?${query}`;
        const response = await fetch(url, { headers: blog.headers, signal: AbortSignal.timeout(10_000) });
        const text = await response.text();
        const status = response.status;
        if (status === 200) return;
        expect(status, `${status} for ${url}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(status, `${status} for ${url}: ${text.slice(0, 300)}`).toBeLessThan(500);
        const body = JSON.parse(text) as { data: unknown; error: { status: number; name: string; message: string; details: unknown } };
        expect(body).toEqual({ data: null, error: { status, name: expect.any(String), message: expect.any(String), details: expect.any(Object) } });
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? RUNS[dialect] ?? 100),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        endOnFailure: true,
      },
    );
    expect(blog.t.logs.filter((line) => line.startsWith('error'))).toEqual([]);
    expect((await blog.api.get('/api/articles?pagination[pageSize]=1')).status).toBe(200);
  }, 120_000);

  it('hostile shapes: deep nesting, huge indexes, wide arrays, long values', async () => {
    const deep = (n: number) => `populate${'[author][populate][articles][populate]'.repeat(n)}=*`;
    const cases = [
      deep(3), deep(12), `filters${'[$not]'.repeat(30)}[title]=x`, `filters${'[$or][0]'.repeat(15)}[title]=x`,
      `filters[id][$in][99999999999]=1`, `sort[4294967296]=title`, `populate[999999999999999999999]=category`,
      Array.from({ length: 100 }, (_, i) => `filters[$or][${i}][title][$contains]=${i}`).join('&'),
      Array.from({ length: 1000 }, (_, i) => `filters[title][$notIn][${i % 100}]=${'y'.repeat(20)}`).join('&'),
      `filters[title][$contains]=${'%25_'.repeat(2000)}`, `fields=${'title,'.repeat(500)}`,
      `pagination[page]=9007199254740991&pagination[pageSize]=100`, `pagination[start]=9007199254740991&pagination[limit]=-1`,
      `sort=${Array.from({ length: 100 }, () => 'category.name').join(',')}`,
    ];
    for (const query of cases) {
      const res = await fetch(`${blog.t.url}/api/articles?${query}`, { headers: blog.headers, signal: AbortSignal.timeout(10_000) });
      // 431: the URL is over Node's 16 KB header limit
      expect([200, 400, 431], `${res.status} for ${query.slice(0, 120)}`).toContain(res.status);
      const body = (await res.json()) as { data: unknown; error?: { status: number } };
      if (res.status !== 200) expect(body).toMatchObject({ data: null, error: { status: res.status } });
    }
    expect(blog.t.logs.filter((line) => line.startsWith('error'))).toEqual([]);
  });
});
