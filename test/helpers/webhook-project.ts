/**
 * The project of the webhook tests: a draft & publish article (private and password attributes,
 * a relation, media, a component, a dynamic zone), a category without draft & publish, public
 * grants, a lifecycle that refuses one title (its write rolls back), routes that call the
 * document service, and `server.webhooks` for a receiver on 127.0.0.1 with quick retries.
 */
export const WEBHOOK_PROJECT: Readonly<Record<string, string>> = {
  'src/api/article/content-types/article/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: true },
    attributes: {
      title: { type: 'string' },
      secretNote: { type: 'string', private: true },
      passcode: { type: 'password' },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
      cover: { type: 'media', multiple: false },
      seo: { type: 'component', component: 'shared.seo' },
      blocks: { type: 'dynamiczone', components: ['shared.quote', 'shared.seo'] },
    },
  }),
  'src/api/category/content-types/category/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'categories',
    info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
    options: { draftAndPublish: false },
    attributes: { name: { type: 'string' }, secretCode: { type: 'string', private: true } },
  }),
  'src/components/shared/seo.json': JSON.stringify({ collectionName: 'components_shared_seos', info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' }, image: { type: 'media', multiple: false } } }),
  'src/components/shared/quote.json': JSON.stringify({ collectionName: 'components_shared_quotes', info: { displayName: 'Quote' }, attributes: { text: { type: 'string' } } }),
  // public grants, a lifecycle that refuses one title (the write rolls back), and document-service routes
  'src/index.js': `module.exports = {
  register({ strapi }) {
    strapi.db.lifecycles.subscribe({
      models: ['api::article.article'],
      afterCreate(event) { if (event.result.title === 'rollback') throw new Error('refused on purpose'); },
    });
  },
  async bootstrap({ strapi }) {
    await strapi.permissions.grant('public', [
      'api::article.article.find', 'api::article.article.findOne', 'api::article.article.create', 'api::article.article.update', 'api::article.article.delete',
      'api::category.category.create', 'api::category.category.find',
      'plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy',
    ]);
    const articles = () => strapi.documents('api::article.article');
    strapi.server.post('/test/:action/:documentId', async (request) => {
      const { action, documentId } = request.params;
      if (action === 'delete') return articles().delete({ documentId });
      return articles()[action]({ documentId });
    });
    strapi.server.post('/test/create', async (request) => articles().create({ data: request.body, status: 'published' }));
  },
};
`,
  'config/server.js': `module.exports = {
  webhooks: {
    defaultHeaders: { 'X-From-Config': 'default-header' },
    allowPrivateTargets: true,
    timeout: 1000,
    maxAttempts: 3,
    backoff: 50,
    maxBackoff: 200,
    pollInterval: 100,
  },
};
`,
};

