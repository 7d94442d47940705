/**
 * Lifecycles and events as Strapi projects write them: a content type's `lifecycles.ts`,
 * `strapi.db.lifecycles.subscribe` (object and function form), `strapi.documents.use`, and
 * `register` / `bootstrap` / `destroy` in `src/index.ts`. Writes through REST, GraphQL and the
 * document service all fire the hooks; a throwing hook leaves nothing written.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApplicationError } from '../../src/errors/index.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, useTestApp } from '../helpers/test-app.js';

const TAG = 'api::tag.tag';
const ARTICLE = 'api::article.article';

/** What the project code below records and what the test lends it (it cannot import Vellum's sources from its temp copy). */
interface Probe {
  events: string[];
  /** an article title the read hooks take out of `where` */
  hidden?: string;
  /** the `select` the findOne hook sets */
  only?: string[];
  middleware: { action: string; uid: string; params: unknown }[];
  phases: string[];
  ApplicationError: typeof ApplicationError;
}
const probe = (): Probe => (globalThis as unknown as { __lifecycleProbe: Probe }).__lifecycleProbe;

const TAG_LIFECYCLES = `
const probe = () => globalThis.__lifecycleProbe;
export default {
  beforeCreate(event) {
    const { data } = event.params;
    if (data.name === 'lc-throw') throw new Error('a bug in a hook');
    if (data.name === 'lc-refuse') throw new (probe().ApplicationError)('refused by beforeCreate');
    event.state.seenName = data.name;
    if (data.name.startsWith('lc-fill')) event.params.data = { ...data, name: data.name + '-filled' };
  },
  afterCreate(event) {
    probe().events.push('afterCreate:' + event.state.seenName + '->' + event.result.name);
    if (event.result.name === 'lc-after-throw') throw new (probe().ApplicationError)('refused by afterCreate');
  },
  beforeUpdate(event) {
    if (event.params.data.name === 'lc-throw') throw new (probe().ApplicationError)('refused by beforeUpdate');
  },
  beforeDelete(event) {
    if (event.params.documentId === probe().undeletable) throw new (probe().ApplicationError)('refused by beforeDelete');
  },
  afterFindOne(event) {
    // the global strapi, as Strapi projects use it in lifecycles files
    if (event.result) probe().events.push('afterFindOne:' + event.result.name + ':' + typeof strapi.documents);
  },
};
`;

const INDEX = `
const probe = () => globalThis.__lifecycleProbe;
export default {
  register({ strapi, app }) {
    probe().phases.push('register:' + (strapi === app) + ':' + typeof strapi.documents.use);
    strapi.db.lifecycles.subscribe((event) => {
      if (event.model.uid === 'api::tag.tag') probe().events.push('all:' + event.action);
    });
    // articles: a beforeUpdate that changes the title in place, and read hooks that narrow
    // \`where\` and choose \`select\`, as Strapi's db layer lets them
    strapi.db.lifecycles.subscribe({
      models: ['api::article.article'],
      beforeUpdate(event) {
        if (event.params.data.title === 'lc-sub') event.params.data.title = 'lc-sub-rewritten';
      },
      beforeFindMany(event) {
        if (probe().hidden) event.params.where = { $and: [event.params.where, { title: { $ne: probe().hidden } }] };
      },
      beforeCount(event) {
        if (probe().hidden) event.params.where = { $and: [event.params.where, { title: { $ne: probe().hidden } }] };
      },
      beforeFindOne(event) {
        if (probe().only) event.params.select = probe().only;
      },
    });
    strapi.documents.use(async (context, next) => {
      if (context.uid !== 'api::tag.tag') return next();
      probe().middleware.push({ action: context.action, uid: context.uid, params: context.params });
      if (context.action === 'create' && context.params.data.name === 'mw-rename') {
        context.params = { ...context.params, data: { ...context.params.data, name: 'mw-renamed' } };
      }
      return next();
    });
  },
  bootstrap({ strapi }) {
    probe().phases.push('bootstrap:' + strapi.config.get('server.port', 0) + ':' + strapi.contentType('api::tag.tag').kind + ':' + (globalThis.strapi === strapi));
  },
  destroy({ strapi }) {
    probe().phases.push('destroy:' + Object.keys(strapi.contentTypes).includes('api::tag.tag'));
  },
};
`;

/** A JavaScript lifecycles file that changes the data object in place, as Strapi projects often do. */
const ARTICLE_LIFECYCLES = `
module.exports = {
  beforeCreate(event) {
    if (event.params.data.title.startsWith('lc-title')) event.params.data.title = event.params.data.title + ' (checked)';
  },
};
`;

const FILES = {
  'src/index.ts': INDEX,
  'src/api/tag/content-types/tag/lifecycles.ts': TAG_LIFECYCLES,
  'src/api/article/content-types/article/lifecycles.js': ARTICLE_LIFECYCLES,
};

function installProbe(): Probe {
  const fresh: Probe & { undeletable?: string } = { events: [], middleware: [], phases: [], ApplicationError };
  (globalThis as unknown as { __lifecycleProbe: Probe }).__lifecycleProbe = fresh;
  return fresh;
}
installProbe();

describeEachDialect('lifecycles and events', (dialect) => {
  const t = useTestApp({ dialect, files: FILES });
  const tags = () => t.app.documents(TAG);
  // straight from the table: what was committed, with no hook in the way
  const names = async (prefix: string) => ((await t.app.db.knex('tags').select('name')) as { name: string }[]).map((row) => row.name).filter((n) => n.startsWith(prefix)).sort();
  const rest = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/api${path}`, { method, headers: { ...t.authHeaders, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const gql = async (query: string) => {
    const response = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...t.authHeaders, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: Record<string, { data: { attributes: { name: string } } } | null>; errors?: { message: string; extensions?: { code?: string } }[] };
  };
  let saved: Probe;
  beforeEach(() => {
    saved = probe();
    saved.events.length = 0;
    saved.middleware.length = 0;
  });
  afterEach(() => {
    (saved as Probe & { undeletable?: string }).undeletable = undefined;
    saved.hidden = undefined;
    saved.only = undefined;
  });

  it('calls register and bootstrap with the Strapi facade', () => {
    expect(probe().phases.slice(-2)).toEqual(['register:true:function', 'bootstrap:1337:collectionType:true']);
  });

  it('fires a lifecycles.ts hook for REST, GraphQL and document-service writes; a before-hook may fill data; state is shared', async () => {
    const viaRest = await rest('POST', '/tags', { data: { name: 'lc-fill-rest' } });
    expect(viaRest.status).toBe(201);
    expect(((await viaRest.json()) as { data: { name: string } }).data.name).toBe('lc-fill-rest-filled');

    const viaGraphql = await gql('mutation { createTag(data: { name: "lc-fill-gql" }) { data { attributes { name } } } }');
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.createTag?.data.attributes.name).toBe('lc-fill-gql-filled');

    const viaService = await tags().create({ data: { name: 'lc-fill-doc' } });
    expect(viaService.name).toBe('lc-fill-doc-filled');

    expect(probe().events.filter((e) => e.startsWith('afterCreate:'))).toEqual([
      'afterCreate:lc-fill-rest->lc-fill-rest-filled',
      'afterCreate:lc-fill-gql->lc-fill-gql-filled',
      'afterCreate:lc-fill-doc->lc-fill-doc-filled',
    ]);
    expect(await names('lc-fill')).toEqual(['lc-fill-doc-filled', 'lc-fill-gql-filled', 'lc-fill-rest-filled']);
  });

  it('rolls the write back when a before- or after-hook throws, on every transport', async () => {
    const refused = await rest('POST', '/tags', { data: { name: 'lc-refuse' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { name: string; message: string } }).error).toMatchObject({ name: 'ApplicationError', message: 'refused by beforeCreate' });

    // an error that is not Vellum's (or Strapi's) is a masked 500, its stack logged
    const bug = await rest('POST', '/tags', { data: { name: 'lc-throw' } });
    expect(bug.status).toBe(500);
    const bugBody = JSON.stringify(await bug.json());
    expect(bugBody).not.toContain('a bug in a hook');
    expect(t.logs.some((line) => line.startsWith('error:') && line.includes('a bug in a hook'))).toBe(true);

    const afterThrow = await rest('POST', '/tags', { data: { name: 'lc-after-throw' } });
    expect(afterThrow.status).toBe(400);

    const viaGraphql = await gql('mutation { createTag(data: { name: "lc-refuse" }) { data { attributes { name } } } }');
    expect(viaGraphql.errors?.[0]?.message).toBe('refused by beforeCreate');
    const gqlBug = await gql('mutation { createTag(data: { name: "lc-throw" }) { data { attributes { name } } } }');
    expect(gqlBug.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(gqlBug)).not.toContain('a bug in a hook');
    await expect(tags().create({ data: { name: 'lc-refuse' } })).rejects.toThrow('refused by beforeCreate');
    await expect(tags().create({ data: { name: 'lc-after-throw' } })).rejects.toThrow('refused by afterCreate');

    expect(await names('lc-refuse')).toEqual([]);
    expect(await names('lc-throw')).toEqual([]);
    expect(await names('lc-after-throw')).toEqual([]);

    // update and delete: the stored document is untouched
    const kept = await tags().create({ data: { name: 'lc-kept' } });
    const update = await rest('PUT', `/tags/${kept.documentId}`, { data: { name: 'lc-throw' } });
    expect(update.status).toBe(400);
    await expect(tags().update({ documentId: kept.documentId, data: { name: 'lc-throw' } })).rejects.toThrow('refused by beforeUpdate');
    (probe() as Probe & { undeletable?: string }).undeletable = kept.documentId;
    expect((await rest('DELETE', `/tags/${kept.documentId}`)).status).toBe(400);
    await expect(tags().delete({ documentId: kept.documentId })).rejects.toThrow('refused by beforeDelete');
    expect(await names('lc-kept')).toEqual(['lc-kept']);
  });

  it('fires read hooks with the result', async () => {
    const created = await tags().create({ data: { name: 'lc-read' } });
    probe().events.length = 0;
    const response = await rest('GET', `/tags/${created.documentId}`);
    expect(response.status).toBe(200);
    expect(probe().events).toEqual(['all:beforeFindOne', 'afterFindOne:lc-read:function', 'all:afterFindOne']);
  });

  it('read events carry Strapi\'s db-level params (where, select, populate, orderBy, limit, offset) and model', async () => {
    const seen: { action: string; params: Record<string, unknown>; model: Record<string, unknown> }[] = [];
    const record = (event: { action: string; params: unknown; model: unknown }) => {
      const { where, select, populate, orderBy, limit, offset } = event.params as Record<string, unknown>;
      const { uid, singularName, tableName } = event.model as Record<string, unknown>;
      seen.push({ action: event.action, params: JSON.parse(JSON.stringify({ where, select, populate, orderBy, limit, offset })), model: { uid, singularName, tableName } });
    };
    const off = t.app.db.lifecycles.subscribe({ models: [TAG], beforeFindMany: record, beforeFindOne: record, beforeCount: record });
    try {
      const tag = await tags().create({ data: { name: 'lc-params' } });
      const list = await rest('GET', '/tags?filters[name][$startsWith]=lc-p&filters[$or][0][name][$ne]=x&filters[$or][1][name][$null]=true&sort=name:desc&fields[0]=name&pagination[page]=2&pagination[pageSize]=3&populate[articles][fields][0]=title');
      expect(list.status).toBe(200);
      expect((await rest('GET', `/tags/${tag.documentId}?populate=articles`)).status).toBe(200);
      await tags().count({ filters: { name: 'lc-params' } });
      expect(seen).toEqual([
        {
          action: 'beforeFindMany',
          model: { uid: TAG, singularName: 'tag', tableName: 'tags' },
          params: {
            where: { $and: [{ name: { $startsWith: 'lc-p' } }, { $or: [{ name: { $ne: 'x' } }, { name: { $null: true } }] }] },
            select: ['name', 'documentId'],
            populate: { articles: { select: ['title'] } },
            orderBy: [{ name: 'desc' }],
            limit: 3,
            offset: 3,
          },
        },
        { action: 'beforeFindOne', model: { uid: TAG, singularName: 'tag', tableName: 'tags' }, params: { where: { documentId: tag.documentId }, populate: { articles: true } } },
        { action: 'beforeCount', model: { uid: TAG, singularName: 'tag', tableName: 'tags' }, params: { where: { name: { $eq: 'lc-params' } } } },
      ]);
    } finally {
      off();
    }
  });

  it('stores what a lifecycles.js beforeCreate writes into event.params.data.title, over REST', async () => {
    const created = await rest('POST', '/articles', { data: { title: 'lc-title-rest' } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { data: { title: string } }).data.title).toBe('lc-title-rest (checked)');
    // REST publishes: the draft row and the published row both hold it
    const stored = (await t.app.db.knex('articles').select('title').where('title', 'like', 'lc-title%')) as { title: string }[];
    expect(stored.map((row) => row.title)).toEqual(['lc-title-rest (checked)', 'lc-title-rest (checked)']);
  });

  it('strapi.db.lifecycles.subscribe: a beforeUpdate changing params.data is stored; read hooks changing where and select change the read', async () => {
    const articles = () => t.app.documents(ARTICLE);
    const kept = await articles().create({ data: { title: 'lc-where-kept' } });
    await articles().create({ data: { title: 'lc-where-hidden' } });

    const updated = await rest('PUT', `/articles/${kept.documentId}?status=draft`, { data: { title: 'lc-sub' } });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { data: { title: string } }).data.title).toBe('lc-sub-rewritten');
    const stored = (await t.app.db.knex('articles').select('title').where('document_id', kept.documentId)) as { title: string }[];
    expect(stored.map((row) => row.title)).toEqual(['lc-sub-rewritten']);
    await articles().update({ documentId: kept.documentId, data: { title: 'lc-where-kept' } });

    const titles = async () => {
      const response = await rest('GET', '/articles?status=draft&filters[title][$startsWith]=lc-where&sort=title');
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { title: string }[]; meta: { pagination: { total: number } } });
    };
    expect((await titles()).data.map((a) => a.title)).toEqual(['lc-where-hidden', 'lc-where-kept']);
    probe().hidden = 'lc-where-hidden';
    const narrowed = await titles();
    expect(narrowed.data.map((a) => a.title)).toEqual(['lc-where-kept']);
    expect(narrowed.meta.pagination.total).toBe(1);
    expect(await articles().count({ filters: { title: { $startsWith: 'lc-where' } } })).toBe(1);

    probe().only = ['views'];
    const one = await rest('GET', `/articles/${kept.documentId}?status=draft`);
    expect(one.status).toBe(200);
    const { data } = (await one.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(['documentId', 'id', 'views']);
    probe().only = ['documentId'];
    const bare = (await (await rest('GET', `/articles/${kept.documentId}?status=draft`)).json()) as { data: Record<string, unknown> };
    expect(Object.keys(bare.data).sort()).toEqual(['documentId', 'id']);

    // a where the hook makes up is checked like any filters: a 400 naming the key, nothing read
    probe().hidden = undefined;
    probe().only = ['nope'];
    const refused = await rest('GET', `/articles/${kept.documentId}?status=draft`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { details: { key?: string } } }).error.details.key).toBe('nope');
  });

  it('calls a function-form subscriber for every action of every model', async () => {
    await tags().create({ data: { name: 'lc-all' } });
    expect(probe().events.filter((e) => e.startsWith('all:'))).toEqual(['all:beforeCreate', 'all:afterCreate']);
    await tags().count({});
    expect(probe().events.slice(-2)).toEqual(['all:beforeCount', 'all:afterCount']);
  });

  it('runs strapi.documents.use middlewares with action, uid and params, which they may change', async () => {
    const response = await rest('POST', '/tags', { data: { name: 'mw-rename' } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { name: string } }).data.name).toBe('mw-renamed');
    const renamed = await tags().create({ data: { name: 'mw-rename' } });
    expect(renamed.name).toBe('mw-renamed');
    const creates = probe().middleware.filter((m) => m.action === 'create');
    expect(creates).toHaveLength(2);
    expect(creates[0]).toMatchObject({ uid: TAG, params: { data: { name: 'mw-rename' } } });
    // the lifecycle saw what the middleware passed on
    expect(probe().events.filter((e) => e.startsWith('afterCreate:'))).toEqual(['afterCreate:mw-renamed->mw-renamed', 'afterCreate:mw-renamed->mw-renamed']);
    await tags().findMany({});
    expect(probe().middleware.at(-1)).toMatchObject({ action: 'findMany', uid: TAG });
  });
});

describeEachDialect('destroy', (dialect) => {
  it('runs destroy() when the app stops', async () => {
    const own = installProbe();
    const app = await startTestApp({ dialect, files: FILES });
    expect(own.phases).toEqual(['register:true:function', 'bootstrap:1337:collectionType:true']);
    expect((globalThis as { strapi?: unknown }).strapi).toBe(app.app);
    await app.close();
    expect((globalThis as { strapi?: unknown }).strapi).toBeUndefined();
    expect(own.phases).toEqual(['register:true:function', 'bootstrap:1337:collectionType:true', 'destroy:true']);
  });
});
