/**
 * REST writes as a full-access client (mostly) would send them: JSON bodies for every attribute
 * kind of the blog model (scalars of each type, blocks, JSON, media ids, to-one and to-many
 * relations as ids or connect/disconnect/set with positions, a component, a repeatable nested
 * component, a dynamic zone with `__component`), valid-ish and hostile, on create, update,
 * publish (`status=published`), delete and the single type; plus broken and deeply nested JSON.
 * `checkWrite` reads every successful article write back and compares it with what was written.
 */
import fc from 'fast-check';
import type { FuzzCase, FuzzContext, FuzzResponse } from '../case.js';
import { deepJson, jsonValue, jsonValue as anyJson, ODD_KEYS, oddNumber, oddNumber as anyNumber, oddString } from '../values.js';
import { authHeaders } from './auth.js';

const hostileValue = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: oddString }, { weight: 1, arbitrary: jsonValue });
/** In valid mode (half the article writes) values stay in their type, so writes really happen. */
type Wrap = <T>(valid: fc.Arbitrary<T>) => fc.Arbitrary<unknown>;
const asIs: Wrap = (valid) => valid;
const hostile: Wrap = hostileValue;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true });

function relationValue(ids: readonly string[], many: boolean, valid = false): fc.Arbitrary<unknown> {
  const id = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom('nope', '', 'x'.repeat(300)) }, { weight: 1, arbitrary: fc.nat().map((n) => n) });
  const position = fc.oneof(fc.record({ before: id }), fc.record({ after: id }), fc.constant({ start: true }), fc.constant({ end: true }), fc.constant({ before: 'missing' }));
  const ref = fc.oneof(id, fc.record({ documentId: id }), fc.record({ documentId: id, position }), fc.record({ id: fc.nat(50) }));
  const list = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: Math.min(4, ids.length) });
  if (valid) return fc.oneof(many ? list : fc.constantFrom(...ids), fc.constant(null), fc.record({ connect: fc.array(fc.constantFrom(...ids).map((documentId) => ({ documentId })), { maxLength: 2 }) }));
  return fc.oneof(
    { weight: 3, arbitrary: many ? list : fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.record({ connect: fc.array(ref, { maxLength: 3 }), disconnect: fc.array(ref, { maxLength: 2 }) }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ set: fc.array(ref, { maxLength: 3 }) }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: jsonValue },
  );
}

function mediaValue(files: readonly number[], many: boolean, valid = false): fc.Arbitrary<unknown> {
  if (valid) return fc.oneof(many ? fc.uniqueArray(fc.constantFrom(...files), { maxLength: files.length }) : fc.constantFrom(...files), fc.constant(null));
  const id = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...files) }, { weight: 1, arbitrary: oddNumber });
  return fc.oneof(
    { weight: 3, arbitrary: many ? fc.uniqueArray(fc.constantFrom(...files), { maxLength: files.length }) : fc.constantFrom(...files) },
    { weight: 1, arbitrary: many ? fc.array(id, { maxLength: 3 }) : id },
    { weight: 1, arbitrary: fc.record({ id }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: jsonValue },
  );
}

const blocksValue = fc.array(fc.record({
  type: fc.constantFrom('paragraph', 'heading', 'list', 'quote', 'code', 'image', 'link', 'nope'),
  level: fc.integer({ min: 0, max: 7 }),
  children: fc.array(fc.record({ type: fc.constantFrom('text', 'link'), text: oddString, bold: fc.boolean() }, { requiredKeys: ['type'] }), { maxLength: 3 }),
}, { requiredKeys: ['type'] }), { maxLength: 3 });

function articleData(ctx: FuzzContext, valid: boolean): fc.Arbitrary<Record<string, unknown>> {
  const hostile: Wrap = valid ? asIs : hostileValue;
  const jsonValue = valid ? fc.constant(null) : anyJson;
  const oddNumber = valid ? fc.integer({ min: -1000, max: 1000 }) : anyNumber;
  const social = fc.record({ network: hostile(fc.constantFrom('mastodon', 'linkedin', 'github')), url: hostile(fc.webUrl()) }, { requiredKeys: [] });
  const seo = valid ? fc.option(fc.record({ metaTitle: fc.string({ minLength: 1, maxLength: 40 }), social: fc.array(social, { maxLength: 3 }) })) : fc.oneof(
    { weight: 4, arbitrary: fc.record({ metaTitle: hostile(fc.string({ minLength: 1, maxLength: 40 })), metaDescription: hostile(fc.string()), shareImage: mediaValue(ctx.ids.files, false, valid), social: fc.oneof(fc.array(social, { maxLength: 3 }), jsonValue), id: fc.nat(100) }, { requiredKeys: ['metaTitle'] }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: jsonValue },
  );
  const zoneEntry = fc.oneof(
    fc.record({ __component: fc.constant('shared.rich-text'), body: hostile(fc.string()) }, { requiredKeys: ['__component'] }),
    fc.record({ __component: fc.constant('shared.quote'), text: hostile(fc.string()), attribution: hostile(fc.string()), author: relationValue(ctx.ids.authors, false, valid) }, { requiredKeys: ['__component'] }),
    fc.record({ __component: fc.constant('shared.media'), file: mediaValue(ctx.ids.files, false, valid), caption: hostile(fc.string()) }, { requiredKeys: ['__component'] }),
    ...(valid ? [] : [
      fc.record({ __component: fc.constantFrom('shared.seo', 'shared.nope', '', 'api::article.article', '__proto__'), metaTitle: fc.string() }, { requiredKeys: ['__component'] }),
      fc.record({ text: fc.string() }),
    ]),
  );
  return fc.record({
    title: hostile(valid ? fc.string({ minLength: 1, maxLength: 60 }).filter((t) => t.trim() !== '') : fc.string({ minLength: 1, maxLength: 60 })),
    slug: hostile(fc.stringMatching(/^[a-z0-9-]{1,20}$/)),
    summary: hostile(fc.string({ maxLength: 200 })),
    body: valid ? fc.constant([{ type: 'paragraph', children: [{ type: 'text', text: 'p' }] }]) : fc.oneof({ weight: 3, arbitrary: blocksValue }, { weight: 1, arbitrary: jsonValue }),
    notes: hostile(fc.string()),
    views: valid ? fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) : fc.oneof(hostile(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), oddNumber),
    likes: valid ? fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }).map(String) : fc.oneof(hostile(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)), oddNumber),
    rating: valid ? fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100) : fc.oneof(hostile(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })), oddNumber, fc.constantFrom('1.5', '1e20', '12345678901234567890.123')),
    score: hostile(valid ? fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) : fc.double({ noNaN: true, noDefaultInfinity: true })),
    featured: valid ? fc.boolean() : fc.oneof(hostile(fc.boolean()), fc.constantFrom('true', 1, 0, 't')),
    tone: hostile(fc.constantFrom('neutral', 'playful', 'serious')),
    contactEmail: hostile(fc.emailAddress()),
    publishDate: hostile(isoDate.map((d) => d.toISOString().slice(0, 10))),
    readingTime: hostile(fc.tuple(fc.nat(23), fc.nat(59), fc.nat(59), fc.nat(999)).map(([h, m, s, ms]) => `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`)),
    lastReviewedAt: hostile(isoDate.map((d) => d.toISOString())),
    meta: jsonValue,
    cover: mediaValue(ctx.ids.files, false, valid),
    gallery: mediaValue(ctx.ids.files, true, valid),
    category: relationValue(ctx.ids.categories, false, valid),
    author: relationValue(ctx.ids.authors, false, valid),
    tags: relationValue(ctx.ids.tags, true, valid),
    seo,
    blocks: fc.oneof({ weight: 4, arbitrary: fc.array(zoneEntry, { maxLength: 4 }) }, { weight: 1, arbitrary: jsonValue }),
  }, { requiredKeys: valid ? ['title'] : [] }).chain((data) => valid ? fc.constant(data as Record<string, unknown>) : fc.dictionary(fc.constantFrom(...ODD_KEYS), jsonValue, { maxKeys: 2 }).chain((odd) =>
    fc.constantFrom(data, data, data, { ...odd, ...data }).map((d) => d as Record<string, unknown>)));
}

const otherTypes = (ctx: FuzzContext) => fc.oneof(
  fc.record({ name: hostile(fc.string({ minLength: 1, maxLength: 30 })), slug: hostile(fc.stringMatching(/^[a-z0-9-]{1,20}$/)), description: hostile(fc.string()), position: hostile(fc.integer()), articles: relationValue(ctx.ids.articles, true) }, { requiredKeys: [] }).map((data) => ['categories', data] as const),
  fc.record({ name: hostile(fc.string({ minLength: 1, maxLength: 30 })), articles: relationValue(ctx.ids.articles, true) }, { requiredKeys: [] }).map((data) => ['tags', data] as const),
  fc.record({ name: hostile(fc.string({ minLength: 1 })), email: hostile(fc.emailAddress()), bio: hostile(fc.string()), active: hostile(fc.boolean()), avatar: mediaValue(ctx.ids.files, false), articles: relationValue(ctx.ids.articles, true) }, { requiredKeys: [] }).map((data) => ['authors', data] as const),
);

export function restWriteFamily(ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const statusQuery = fc.constantFrom('', '', '?status=published', '?status=draft', '?status=x', '?populate=*');
  const headers = fc.oneof({ weight: 5, arbitrary: fc.constant({ authorization: `Bearer ${ctx.token}` }) }, { weight: 1, arbitrary: authHeaders(ctx) });
  const wrap = (data: unknown) => fc.constantFrom({ data }, { data }, { data }, data, { data: [data] }, { data, extra: 1 }) as fc.Arbitrary<unknown>;
  const json = (method: FuzzCase['method'], path: string, body: unknown, h: Record<string, string>, data?: unknown): FuzzCase =>
    ({ method, path, headers: h, body: { json: JSON.stringify(body) }, data });
  const article = fc.oneof(articleData(ctx, true), articleData(ctx, false));
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(article, statusQuery, headers).chain(([data, q, h]) => wrap(data).map((body) => json('POST', `/api/articles${q}`, body, h, data))) },
    { weight: 4, arbitrary: fc.tuple(article, fc.constantFrom(...ctx.ids.articles, 'missing'), statusQuery, headers).chain(([data, id, q, h]) => wrap(data).map((body) => json('PUT', `/api/articles/${id}${q}`, body, h, data))) },
    { weight: 2, arbitrary: fc.tuple(otherTypes(ctx), fc.boolean(), headers).chain(([[type, data], create, h]) => {
      const ids = type === 'categories' ? ctx.ids.categories : type === 'tags' ? ctx.ids.tags : ctx.ids.authors;
      return fc.constantFrom(...ids).map((id) => json(create ? 'POST' : 'PUT', create ? `/api/${type}` : `/api/${type}/${id}`, { data }, h));
    }) },
    { weight: 1, arbitrary: fc.tuple(fc.record({ siteName: hostile(fc.string({ minLength: 1 })), siteDescription: hostile(fc.string()), favicon: mediaValue(ctx.ids.files, false), defaultSeo: fc.oneof(fc.record({ metaTitle: fc.string({ minLength: 1 }) }), jsonValue) }, { requiredKeys: [] }), headers)
      .map(([data, h]) => json('PUT', '/api/global', { data }, h)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/api/articles/', '/api/tags/', '/api/global', '/api/upload/files/'), fc.oneof(fc.constantFrom(...ctx.ids.tags), fc.constantFrom('missing', '0', '-1', '%20', '999999999999999999999')), headers)
      .map(([base, id, h]): FuzzCase => ({ method: 'DELETE', path: base.endsWith('/') ? `${base}${id}` : base, headers: h })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/api/articles', '/api/global', '/api/tags', '/api/auth/local', '/graphql'), fc.oneof(
      fc.integer({ min: 100, max: 100_000 }).chain((n) => fc.constantFrom(deepJson(n, 'array'), deepJson(n, 'object'), `{"data":${deepJson(n, 'object')}}`, `{"data":{"meta":${deepJson(n, 'array')}}}`)),
      fc.constantFrom('', '{', '{"data":', 'null', '[]', '"x"', '1', '{"data":null}', '{"data":"x"}', '{"data":{"title":"\\ud800"}}', '{"__proto__":{"data":{}}}', '{"data":{"__proto__":{"title":"p"}}}', '{"data":{"constructor":{"prototype":{"x":1}}}}'),
      fc.string({ unit: 'binary', maxLength: 50 }),
    ), headers, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''))
      .map(([path, text, h, type]): FuzzCase => ({ method: path === '/api/global' ? 'PUT' : 'POST', path, headers: { ...h, 'content-type': type }, body: { json: text } })) },
  );
}

type Entry = Record<string, unknown>;
const docIds = (v: unknown): string[] => (Array.isArray(v) ? v : []).map((x) => String((x as Entry).documentId)).sort();

/**
 * After a successful article create or update: read the draft (and the published version when the
 * write published) with everything populated, and compare each written attribute whose outcome is
 * certain (relations given as a plain list, components, the zone, media ids, the title).
 * Returns a problem description, or undefined when the document is whole.
 */
export async function checkArticleWrite(ctx: FuzzContext, c: FuzzCase, response: FuzzResponse): Promise<string | undefined> {
  if (!c.path.startsWith('/api/articles') || (c.method !== 'POST' && c.method !== 'PUT') || response.status >= 300) return undefined;
  const data = c.data as Entry | undefined;
  if (data === undefined || typeof data !== 'object' || data === null) return undefined;
  const documentId = (JSON.parse(response.text) as { data?: { documentId?: string } }).data?.documentId;
  if (typeof documentId !== 'string') return `write answered ${response.status} without a documentId`;
  const statuses = c.path.includes('status=published') ? ['draft', 'published'] : ['draft'];
  const populate = 'populate[seo][populate]=*&populate[blocks][populate]=*&populate[tags]=true&populate[category]=true&populate[author]=true&populate[cover]=true&populate[gallery]=true';
  for (const status of statuses) {
    const read = await fetch(`${ctx.url}/api/articles/${documentId}?status=${status}&${populate}`, { headers: { authorization: `Bearer ${ctx.token}` } });
    if (read.status !== 200) return `read-back (${status}) answered ${read.status}: ${(await read.text()).slice(0, 300)}`;
    const entry = ((await read.json()) as { data: Entry }).data;
    const problems: string[] = [];
    const own = (k: string) => Object.prototype.hasOwnProperty.call(data, k);
    if (own('title') && typeof data.title === 'string' && entry.title !== data.title) problems.push(`title ${JSON.stringify(entry.title)} ≠ ${JSON.stringify(data.title)}`);
    if (own('blocks') && Array.isArray(data.blocks)) {
      const want = (data.blocks as Entry[]).map((b) => b.__component);
      const got = Array.isArray(entry.blocks) ? (entry.blocks as Entry[]).map((b) => b.__component) : entry.blocks;
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`blocks ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    if (own('seo')) {
      const seo = data.seo as Entry | null;
      const got = entry.seo as Entry | null;
      if (seo === null && got !== null) problems.push(`seo should be null, is ${JSON.stringify(got)}`);
      if (seo !== null && typeof seo === 'object' && !Array.isArray(seo)) {
        if (got === null || typeof got !== 'object') problems.push(`seo missing (${JSON.stringify(got)})`);
        else {
          if (typeof seo.metaTitle === 'string' && got.metaTitle !== seo.metaTitle) problems.push(`seo.metaTitle ${JSON.stringify(got.metaTitle)} ≠ ${JSON.stringify(seo.metaTitle)}`);
          if (Array.isArray(seo.social) && (!Array.isArray(got.social) || got.social.length !== seo.social.length)) problems.push(`seo.social has ${Array.isArray(got.social) ? got.social.length : 'no'} entries, ${seo.social.length} written`);
        }
      }
    }
    if (own('tags') && Array.isArray(data.tags)) {
      const want = (data.tags as string[]).map(String).sort();
      if (JSON.stringify(docIds(entry.tags)) !== JSON.stringify(want)) problems.push(`tags ${JSON.stringify(docIds(entry.tags))} ≠ ${JSON.stringify(want)}`);
    }
    for (const rel of ['category', 'author'] as const) {
      if (!own(rel)) continue;
      const want = data[rel];
      const got = (entry[rel] as Entry | null)?.documentId ?? null;
      if ((typeof want === 'string' || want === null) && got !== want) problems.push(`${rel} ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    if (own('cover') && (typeof data.cover === 'number' || data.cover === null)) {
      const got = (entry.cover as Entry | null)?.id ?? null;
      if (got !== data.cover) problems.push(`cover ${JSON.stringify(got)} ≠ ${JSON.stringify(data.cover)}`);
    }
    if (own('gallery') && Array.isArray(data.gallery) && data.gallery.every((x) => ctx.ids.files.includes(x as number))) {
      const got = Array.isArray(entry.gallery) ? (entry.gallery as Entry[]).map((f) => f.id) : [];
      if (JSON.stringify(got) !== JSON.stringify(data.gallery)) problems.push(`gallery ${JSON.stringify(got)} ≠ ${JSON.stringify(data.gallery)}`);
    }
    if (problems.length > 0) return `${status} version of ${documentId} is not what was written: ${problems.join('; ')}`;
  }
  return undefined;
}
