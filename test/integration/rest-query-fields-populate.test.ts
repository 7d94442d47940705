/**
 * Spec 4.3 (fields), 4.4 (populate) and 4.5 (populate combined with fields, sort and filters),
 * the population depth cap, populate + pagination, and `status=draft`, over real HTTP on every
 * dialect against a blog seeded through the REST API.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { idsOf, invalidKeyBody, publishedIds, useSeededBlog } from '../helpers/rest-query.js';
import type { BlockInput, SeededArticle, SeededAuthor, SeededFile } from '../helpers/seed-blog-http.js';

type A = SeededArticle;
type Json = Record<string, any>;
const ALL = 'pagination[pageSize]=100';

const SYSTEM = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'];
const ARTICLE_SCALARS = [
  'title', 'slug', 'summary', 'body', 'notes', 'views', 'likes', 'rating', 'score', 'featured', 'tone',
  'contactEmail', 'publishDate', 'readingTime', 'lastReviewedAt', 'meta',
];
const FILE_FIELDS = [
  ...SYSTEM, 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
  'previewUrl', 'provider', 'provider_metadata',
];
const POPULATABLE = ['cover', 'gallery', 'category', 'author', 'tags', 'seo', 'blocks'];

const fileShape = (f: SeededFile | null) => (f === null ? null : { id: f.id, documentId: f.documentId, name: f.name, url: f.url, alternativeText: f.alternativeText, width: f.width, height: f.height });
const authorShape = (a: SeededAuthor | null) => (a === null ? null : { id: a.id, documentId: a.documentId, name: a.name, email: a.email, active: a.active });
/** A dynamic-zone item as `populate=blocks` returns it: `__component`, `id` and the scalars. */
const blockScalars = (b: BlockInput) => {
  switch (b.__component) {
    case 'shared.rich-text': return { __component: b.__component, body: b.body };
    case 'shared.quote': return { __component: b.__component, text: b.text, attribution: b.attribution };
    case 'shared.media': return { __component: b.__component, caption: b.caption };
  }
};

describeEachDialect('REST fields and populate', (dialect) => {
  const blog = useSeededBlog(dialect);
  const { api } = blog;
  const list = async (query: string): Promise<Json[]> => {
    const res = await api.get(`/api/articles?${query}`);
    expect(res.status, `${query} → ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data as Json[];
  };
  const published = () => blog.seed.published;
  /** entries of a list over every published article, paired with the seed */
  const pairs = async (query: string): Promise<[Json, A][]> => {
    const data = await list(`${query}&${ALL}`);
    expect(data.map((e) => e.id)).toEqual(publishedIds(published()));
    return data.map((entry, i) => [entry, published()[i] as A]);
  };

  describe('fields (spec 4.3)', () => {
    it('without fields: id, documentId, the timestamps and every scalar attribute, nothing populated', async () => {
      const data = await list(ALL);
      for (const [i, entry] of data.entries()) {
        expect(Object.keys(entry)).toEqual([...SYSTEM, ...ARTICLE_SCALARS]);
        const seeded = published()[i] as A;
        expect(entry).toEqual(seeded.entry);
        expect(entry).toMatchObject({ ...seeded.scalars, id: seeded.id, documentId: seeded.documentId });
      }
    });

    it('fields=<name> returns one field plus id and documentId', async () => {
      for (const [entry, a] of await pairs('fields=title')) expect(entry).toEqual({ id: a.id, documentId: a.documentId, title: a.scalars.title });
    });

    it('fields[0]=<name1>&fields[1]=<name2> returns several fields', async () => {
      for (const [entry, a] of await pairs('fields[0]=title&fields[1]=views')) {
        expect(entry).toEqual({ id: a.id, documentId: a.documentId, title: a.scalars.title, views: a.scalars.views });
      }
      for (const [entry, a] of await pairs('fields=likes,publishDate,createdAt')) {
        expect(entry).toEqual({ id: a.id, documentId: a.documentId, createdAt: a.createdAt, likes: a.scalars.likes, publishDate: a.scalars.publishDate });
      }
    });

    it('fields=* and an empty fields list mean the default set', async () => {
      const defaults = await list(ALL);
      expect(await list(`fields=*&${ALL}`)).toEqual(defaults);
      expect(await list(`fields=&${ALL}`)).toEqual(defaults);
    });

    it('applies to single reads too', async () => {
      const a = published()[0] as A;
      const res = await api.get(`/api/articles/${a.documentId}?fields[0]=title&fields[1]=featured`);
      expect(res.body).toEqual({ data: { id: a.id, documentId: a.documentId, title: a.scalars.title, featured: a.scalars.featured }, meta: {} });
    });

    it('refuses relations, media, components, dynamic zones and unknown names, naming them', async () => {
      for (const name of [...POPULATABLE, 'nope', 'Title', 'password']) {
        const attribute = POPULATABLE.includes(name);
        expect((await api.get(`/api/articles?fields=${name}`)).body, name).toEqual(invalidKeyBody('fields', name, { attribute }));
      }
      expect((await api.get('/api/articles?fields[0]=title&fields[1]=nope')).body).toEqual(invalidKeyBody('fields', 'nope'));
      expect((await api.get('/api/articles?fields[title]=1')).body).toEqual(invalidKeyBody('fields', '', {
        message: 'Invalid fields parameter. Expected a string or an array of strings',
      }));
    });
  });

  describe('populate (spec 4.4)', () => {
    it('populates nothing by default', async () => {
      for (const entry of await list(ALL)) for (const key of POPULATABLE) expect(entry).not.toHaveProperty(key);
    });

    it('populate=* populates every relation, media, component and dynamic zone one level deep', async () => {
      for (const [entry, a] of await pairs('populate=*&fields[0]=title')) {
        expect(Object.keys(entry)).toEqual(['id', 'documentId', 'title', ...POPULATABLE]);
        expect(entry.category === null ? null : { name: entry.category.name }).toEqual(a.category && { name: a.category.name });
        expect(entry.author).toEqual(a.author === null ? null : expect.objectContaining(authorShape(a.author)));
        if (entry.author) expect(entry.author).not.toHaveProperty('avatar');
        if (entry.category) expect(entry.category).not.toHaveProperty('articles');
        expect(entry.tags.map((t: Json) => t.name)).toEqual(a.tags.map((t) => t.name));
        expect(entry.cover).toEqual(a.cover === null ? null : expect.objectContaining(fileShape(a.cover)));
        expect(entry.gallery.map((g: Json) => g.id)).toEqual(a.gallery.map((g) => g.id));
        // components and zone items come with their scalars only
        expect(entry.seo).toEqual(a.seo === null ? null : { id: expect.any(Number), metaTitle: a.seo.metaTitle, metaDescription: a.seo.metaDescription });
        expect(entry.blocks).toEqual(a.blocks.map((b) => ({ ...blockScalars(b), id: expect.any(Number) })));
      }
    });

    it('populate=<relation> populates one relation (null or [] when nothing is linked)', async () => {
      for (const [entry, a] of await pairs('populate=category&fields=title')) {
        expect(Object.keys(entry)).toEqual(['id', 'documentId', 'title', 'category']);
        expect(entry.category).toEqual(a.category === null ? null : {
          ...SYSTEM.reduce((o, k) => ({ ...o, [k]: expect.anything() }), {}),
          id: a.category.id, documentId: a.category.documentId, name: a.category.name, slug: a.category.name.toLowerCase(),
          description: `All about ${a.category.name.toLowerCase()}`, position: a.category.position,
        });
      }
      for (const [entry, a] of await pairs('populate=tags&fields=title')) expect(entry.tags.map((t: Json) => t.id)).toEqual(a.tags.map((t) => t.id));
    });

    it('populate[0]=<rel_a>&populate[1]=<rel_b> populates several relations', async () => {
      for (const [entry, a] of await pairs('populate[0]=category&populate[1]=author&fields=title')) {
        expect(Object.keys(entry)).toEqual(['id', 'documentId', 'title', 'category', 'author']);
        expect(entry.category?.id ?? null).toBe(a.category?.id ?? null);
        expect(entry.author?.name ?? null).toBe(a.author?.name ?? null);
      }
      for (const [entry, a] of await pairs('populate=gallery,tags&fields=title')) {
        expect(entry.gallery.map((g: Json) => g.name)).toEqual(a.gallery.map((g) => g.name));
        expect(entry.tags.map((t: Json) => t.name)).toEqual(a.tags.map((t) => t.name));
      }
    });

    it('populate[<root>][populate][0]=<nested> populates several levels deep', async () => {
      for (const [entry, a] of await pairs('populate[author][populate][0]=avatar&fields=title')) {
        expect(entry.author === null ? null : entry.author.avatar).toEqual(a.author === null ? null : a.author.avatar === null ? null : expect.objectContaining(fileShape(a.author.avatar)));
      }
      const byAuthor = (author: SeededAuthor) => published().filter((b) => b.author === author);
      for (const [entry, a] of await pairs('populate[author][populate][articles][populate][0]=category&fields=title')) {
        if (a.author === null) {
          expect(entry.author).toBeNull();
          continue;
        }
        expect(entry.author.articles.map((x: Json) => x.id)).toEqual(publishedIds(byAuthor(a.author)));
        expect(entry.author.articles.map((x: Json) => x.category?.name ?? null)).toEqual(byAuthor(a.author).map((b) => b.category?.name ?? null));
      }
      // the dotted form and the nested object form mean the same
      expect(await list(`populate=author.avatar&fields=title&${ALL}`)).toEqual(await list(`populate[author][populate][avatar]=true&fields=title&${ALL}`));
    });

    it('populate[0]=<component> populates a component (and media populate like relations)', async () => {
      for (const [entry, a] of await pairs('populate[0]=seo&fields=title')) {
        expect(entry.seo).toEqual(a.seo === null ? null : { id: expect.any(Number), metaTitle: a.seo.metaTitle, metaDescription: a.seo.metaDescription });
      }
      for (const [entry, a] of await pairs('populate[0]=cover&populate[1]=gallery&fields=title')) {
        if (entry.cover) expect(Object.keys(entry.cover)).toEqual(FILE_FIELDS);
        expect(entry.cover).toEqual(a.cover === null ? null : expect.objectContaining(fileShape(a.cover)));
        expect(entry.gallery).toEqual(a.gallery.map((g) => expect.objectContaining(fileShape(g))));
      }
    });

    it('populate[0]=<component>&populate[1]=<component>.<nested> populates a nested component', async () => {
      for (const [entry, a] of await pairs('populate[0]=seo&populate[1]=seo.social&fields=title')) {
        expect(entry.seo).toEqual(a.seo === null ? null : {
          id: expect.any(Number), metaTitle: a.seo.metaTitle, metaDescription: a.seo.metaDescription,
          social: a.seo.social.map((x) => ({ id: expect.any(Number), ...x })),
        });
      }
      for (const [entry, a] of await pairs('populate[0]=seo&populate[1]=seo.shareImage&populate[2]=seo.social&fields=title')) {
        if (a.seo) expect(entry.seo.shareImage).toEqual(a.seo.shareImage === null ? null : expect.objectContaining(fileShape(a.seo.shareImage)));
      }
    });

    it('populate[0]=<zone> populates a dynamic zone\'s first-level elements', async () => {
      for (const [entry, a] of await pairs('populate[0]=blocks&fields=title')) {
        expect(entry.blocks).toEqual(a.blocks.map((b) => ({ ...blockScalars(b), id: expect.any(Number) })));
        for (const item of entry.blocks) expect(Object.keys(item).slice(0, 2)).toEqual(['__component', 'id']);
      }
    });

    it('populate[<zone>][on][<category>.<component>][populate][<relation>][populate][0]=<field> (detailed strategy)', async () => {
      const query = 'populate[blocks][on][shared.quote][populate][author][populate][0]=avatar&fields=title';
      for (const [entry, a] of await pairs(query)) {
        const quotes = a.blocks.filter((b): b is Extract<BlockInput, { __component: 'shared.quote' }> => b.__component === 'shared.quote');
        expect(entry.blocks).toEqual(quotes.map((q) => ({
          __component: 'shared.quote', id: expect.any(Number), text: q.text, attribution: q.attribution,
          author: q.author === null ? null : expect.objectContaining({
            ...authorShape(q.author), avatar: q.author.avatar === null ? null : expect.objectContaining(fileShape(q.author.avatar)),
          }),
        })));
      }
      const several = 'populate[blocks][on][shared.media][populate]=file&populate[blocks][on][shared.rich-text]=true&fields=title';
      for (const [entry, a] of await pairs(several)) {
        const kept = a.blocks.filter((b) => b.__component !== 'shared.quote');
        expect(entry.blocks).toEqual(kept.map((b) => ({
          ...blockScalars(b), id: expect.any(Number),
          ...(b.__component === 'shared.media' ? { file: expect.objectContaining(fileShape(b.file)) } : {}),
        })));
      }
    });

    it('a populate on the zone itself applies to each component that has the attribute', async () => {
      for (const [entry, a] of await pairs('populate[blocks][populate]=author&fields=title')) {
        expect(entry.blocks.map((b: Json) => (b.__component === 'shared.quote' ? b.author?.id ?? null : 'none'))).toEqual(
          a.blocks.map((b) => (b.__component === 'shared.quote' ? b.author?.id ?? null : 'none')),
        );
        for (const b of entry.blocks) if (b.__component === 'shared.media') expect(b).not.toHaveProperty('file');
      }
    });

    it('populate[x]=* and the boolean-like values', async () => {
      const star = await list(`populate[category]=*&fields=title&${ALL}`);
      expect(star).toEqual(await list(`populate[category]=true&fields=title&${ALL}`));
      expect(star).toEqual(await list(`populate[category]=t&fields=title&${ALL}`));
      expect(star).toEqual(await list(`populate[category]=1&fields=title&${ALL}`));
      expect(await list(`populate[category]=false&fields=title&${ALL}`)).toEqual(await list(`fields=title&${ALL}`));
      // count in populate is accepted and ignored
      expect(await list(`populate[tags][count]=true&fields=title&${ALL}`)).toEqual(await list(`populate=tags&fields=title&${ALL}`));
    });

    it('populates single reads and single types', async () => {
      const a = published()[2] as A;
      const one = await api.get(`/api/articles/${a.documentId}?populate[0]=category&populate[1]=tags&fields=title`);
      expect(one.body.data).toEqual({
        id: a.id, documentId: a.documentId, title: a.scalars.title,
        category: a.category === null ? null : expect.objectContaining({ id: a.category.id }),
        tags: a.tags.map((t) => expect.objectContaining({ id: t.id, name: t.name })),
      });
      const global = await api.get('/api/global?populate[favicon][fields][0]=name&populate[defaultSeo][populate]=social&fields=siteName');
      expect(global.body.data).toEqual({
        id: expect.any(Number), documentId: blog.seed.global.documentId, siteName: 'Vellum blog',
        favicon: { id: blog.seed.files[0]?.id, documentId: blog.seed.files[0]?.documentId, name: 'image-0.png' },
        defaultSeo: { id: expect.any(Number), metaTitle: 'Home', metaDescription: null, social: [{ id: expect.any(Number), network: 'github', url: 'https://github.com/vellum' }] },
      });
    });
  });

  describe('populate combined with other operators (spec 4.5)', () => {
    it('fields[0]=<f>&populate[<field>][fields][0]=<f2>: a media field returns the chosen sub-fields plus id and documentId', async () => {
      for (const [entry, a] of await pairs('fields[0]=title&populate[cover][fields][0]=name')) {
        expect(entry).toEqual({
          id: a.id, documentId: a.documentId, title: a.scalars.title,
          cover: a.cover === null ? null : { id: a.cover.id, documentId: a.cover.documentId, name: a.cover.name },
        });
      }
      for (const [entry, a] of await pairs('fields[0]=title&populate[gallery][fields][0]=url&populate[gallery][fields][1]=alternativeText&populate[category][fields]=name')) {
        expect(entry.gallery).toEqual(a.gallery.map((g) => ({ id: g.id, documentId: g.documentId, url: g.url, alternativeText: g.alternativeText })));
        expect(entry.category).toEqual(a.category && { id: a.category.id, documentId: a.category.documentId, name: a.category.name });
      }
    });

    it('populate[<relation>][sort][0]=<field>:asc&populate[<relation>][filters][<field>][$eq]=<value>, with : or %3A', async () => {
      const literal = await list(`populate[tags][sort][0]=name:asc&populate[tags][filters][name][$eq]=news&fields=title&${ALL}`);
      const encoded = await list(`populate[tags][sort][0]=name%3Aasc&populate[tags][filters][name][$eq]=news&fields=title&${ALL}`);
      expect(encoded).toEqual(literal);
      for (const [i, entry] of literal.entries()) {
        const a = published()[i] as A;
        expect(entry.tags.map((t: Json) => t.name)).toEqual(a.tags.filter((t) => t.name === 'news').map((t) => t.name));
      }
      const sorted = await list(`populate[tags][sort][0]=name%3Adesc&populate[tags][filters][name][$in][0]=news&populate[tags][filters][name][$in][1]=release&populate[tags][filters][name][$in][2]=misc&fields=title&${ALL}`);
      for (const [i, entry] of sorted.entries()) {
        const a = published()[i] as A;
        const names = a.tags.map((t) => t.name).filter((n) => ['news', 'release', 'misc'].includes(n)).sort().reverse();
        expect(entry.tags.map((t: Json) => t.name)).toEqual(names);
      }
    });

    it('sorts and filters media, components and zone fragments inside populate', async () => {
      for (const [entry, a] of await pairs('populate[gallery][sort]=name:desc&populate[gallery][filters][width][$gte]=3&fields=title')) {
        expect(entry.gallery.map((g: Json) => g.name)).toEqual(a.gallery.filter((g) => g.width >= 3).map((g) => g.name).sort().reverse());
      }
      for (const [entry, a] of await pairs('populate[seo][populate][social][sort]=url:desc&populate[seo][populate][social][filters][network][$ne]=mastodon&fields=title')) {
        if (a.seo === null) continue;
        const urls = a.seo.social.filter((x) => x.network !== 'mastodon').map((x) => x.url).sort().reverse();
        expect(entry.seo.social.map((x: Json) => x.url)).toEqual(urls);
      }
      for (const [entry, a] of await pairs('populate[blocks][on][shared.quote][filters][attribution][$eq]=Person 1&fields=title')) {
        const quotes = a.blocks.filter((b) => b.__component === 'shared.quote' && b.attribution === 'Person 1');
        expect(entry.blocks.map((b: Json) => b.text)).toEqual(quotes.map((q) => (q as { text: string }).text));
      }
      // a filter on a to-one populate leaves it null when the target does not match
      for (const [entry, a] of await pairs('populate[category][filters][name][$eq]=Tech&fields=title')) {
        expect(entry.category?.name ?? null).toBe(a.category?.name === 'Tech' ? 'Tech' : null);
      }
    });

    it('populate and pagination cannot be combined', async () => {
      const reason = 'population and pagination operators cannot be combined';
      const cases: [string, string][] = [
        ['populate[tags][pagination][page]=1', 'tags.pagination'],
        ['populate[tags][pagination][pageSize]=2', 'tags.pagination'],
        ['populate[tags][limit]=2', 'tags.limit'],
        ['populate[tags][start]=1', 'tags.start'],
        ['populate[author][populate][articles][pagination][limit]=1', 'author.populate.articles.pagination'],
        ['populate[blocks][on][shared.quote][pagination][page]=1', 'blocks.on.shared.quote.pagination'],
      ];
      for (const [query, path] of cases) {
        const key = path.split('.').at(-1) as string;
        expect((await api.get(`/api/articles?${query}`)).body, query).toEqual(invalidKeyBody('populate', path, { key, message: `Invalid key ${key} at ${path}: ${reason}` }));
      }
    });
  });

  describe('population depth cap and invalid populate', () => {
    it('allows populate up to populateDepthLimit (10) levels and refuses deeper', async () => {
      const chain = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'author' : 'articles')).join('.');
      const ten = await api.get(`/api/articles?populate=${chain(10)}&fields=title&pagination[pageSize]=1`);
      expect(ten.status).toBe(200);
      let level: Json = ten.body.data[0];
      for (const name of chain(10).split('.')) {
        if (level === null) break;
        level = Array.isArray(level[name]) ? level[name][0] : level[name];
        expect(level === undefined, name).toBe(false);
      }
      const path = chain(11);
      expect((await api.get(`/api/articles?populate=${path}`)).body).toEqual(invalidKeyBody('populate', path, {
        message: `Invalid key author at ${path}: populate depth exceeds the limit of 10`,
      }));
    });

    it('names unknown or misplaced populate keys with their full path', async () => {
      const cases: [string, string, string?][] = [
        ['populate=nope', 'nope'],
        ['populate=title', 'title'],
        ['populate=createdBy', 'createdBy'],
        ['populate=category.nope', 'category.nope'],
        ['populate[category][foo]=1', 'category.foo'],
        ['populate[category]=maybe', 'category'],
        ['populate[category][fields][0]=nope', 'category.fields.nope'],
        ['populate[category][sort]=nope', 'category.sort.nope'],
        ['populate[category][filters][nope]=1', 'category.filters.nope'],
        ['populate[author][filters][name][$foo]=x', 'author.filters.name.$foo'],
        ['populate[author][populate][articles][fields]=blocks', 'author.populate.articles.fields.blocks'],
        ['populate[tags][count]=maybe', 'tags.count'],
        ['populate[blocks][fields][0]=body', 'blocks.fields'],
        ['populate[blocks][sort]=id', 'blocks.sort'],
        ['populate[blocks][filters][id]=1', 'blocks.filters'],
        ['populate[blocks][on][shared.nope]=true', 'blocks.on.shared.nope', 'shared.nope'],
        ['populate[blocks][on][shared.quote][nope]=1', 'blocks.on.shared.quote.nope'],
        ['populate[blocks][populate]=nope', 'blocks.populate.nope'],
        ['populate=blocks.nope', 'blocks.nope'],
        ['populate[0][x]=1', '0'],
      ];
      for (const [query, path, key] of cases) {
        expect((await api.get(`/api/articles?${query}`)).body, query).toEqual(invalidKeyBody('populate', path, key ? { key } : {}));
      }
    });
  });

  describe('status (draft & publish)', () => {
    it('status=draft lists the draft version of every document', async () => {
      const res = await api.get(`/api/articles?status=draft&fields[0]=title&fields[1]=publishedAt&${ALL}`);
      const drafts = [...blog.seed.articles].sort((x, y) => x.draftId - y.draftId);
      expect(res.body.data).toEqual(drafts.map((a) => ({ id: a.draftId, documentId: a.documentId, title: a.draftScalars.title, publishedAt: null })));
      expect(res.body.meta.pagination.total).toBe(blog.seed.articles.length);
    });

    it('status=published is the default; drafts of never-published documents are only found with status=draft', async () => {
      expect(idsOf((await api.get(`/api/articles?status=published&${ALL}`)).body)).toEqual(publishedIds(published()));
      const draftOnly = blog.seed.articles.find((a) => !a.published) as A;
      expect((await api.get(`/api/articles/${draftOnly.documentId}`)).status).toBe(404);
      const draft = await api.get(`/api/articles/${draftOnly.documentId}?status=draft&populate=category&fields=title`);
      expect(draft.body.data).toEqual({
        id: draftOnly.draftId, documentId: draftOnly.documentId, title: draftOnly.scalars.title,
        category: draftOnly.category === null ? null : expect.objectContaining({ name: draftOnly.category.name }),
      });
    });

    it('an unknown status is a 400', async () => {
      expect((await api.get('/api/articles?status=live')).body).toEqual({
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid status parameter. Expected "draft" or "published"', details: { key: 'status', path: 'status', source: 'query', param: 'status' } },
      });
    });
  });
});
