import { seedDemoData, seedDemoPages, type BlogApp } from './demo-data.js';

interface Permissions {
  grant(role: string, actions: readonly string[]): Promise<string[]>;
}

/** What anonymous visitors may read: the blog's published content and its media. */
const PUBLIC_READS = [
  ...['article', 'author', 'category', 'tag', 'global', 'page'].flatMap((type) => [`api::${type}.${type}.find`, `api::${type}.${type}.findOne`]),
  'plugin::upload.file.find',
  'plugin::upload.file.findOne',
];

/** The part of a document-service middleware's context this project reads (Strapi 5's shape). */
interface DocumentContext {
  uid: string;
  action: string;
  params: { data?: Record<string, unknown> };
}

interface Strapi {
  documents: { use(middleware: (context: DocumentContext, next: () => Promise<unknown>) => Promise<unknown>): unknown };
}

export default {
  /** A document-service middleware: article titles are stored without surrounding spaces, whoever writes them. */
  register({ strapi }: { strapi: Strapi }) {
    strapi.documents.use(async (context, next) => {
      const title = context.params.data?.title;
      if (context.uid === 'api::article.article' && (context.action === 'create' || context.action === 'update') && typeof title === 'string') {
        context.params.data = { ...context.params.data, title: title.trim() };
      }
      return next();
    });
  },

  /** Public read access (idempotent), then, on first start, demo content for the empty database. */
  async bootstrap({ app }: { app: BlogApp & { permissions: Permissions } }) {
    await app.permissions.grant('public', PUBLIC_READS);
    await seedDemoData(app);
    await seedDemoPages(app);
  },
};
