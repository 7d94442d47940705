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

interface ArticleDocuments {
  findMany(params: object): Promise<Array<{ title: string; views: number | null }>>;
  count(params: object): Promise<number>;
}

/** The GraphQL extension service, as much of it as this project uses (Strapi v4's graphql plugin). */
interface GraphqlExtension {
  shadowCRUD(uid: string): {
    field(name: string): { disable(): unknown };
    disableAction(action: string): unknown;
  };
  use(extension: object): unknown;
}

interface Strapi {
  documents: ((uid: string) => unknown) & {
    use(middleware: (context: DocumentContext, next: () => Promise<unknown>) => Promise<unknown>): unknown;
  };
  plugin(name: 'graphql'): { service(name: 'extension'): GraphqlExtension };
}

type Resolver<A = Record<string, unknown>> = (parent: unknown, args: A, context: unknown, info: unknown) => unknown;

/** The blog's additions to the GraphQL API (README: "Customization in the demo"). */
function extendGraphql(strapi: Strapi): void {
  const extension = strapi.plugin('graphql').service('extension');
  const articles = () => strapi.documents('api::article.article') as ArticleDocuments;

  // editors' private notes are not part of the public GraphQL API (REST keeps them)
  extension.shadowCRUD('api::article.article').field('notes').disable();
  // categories are removed through REST only: no deleteCategory mutation
  extension.shadowCRUD('api::category.category').disableAction('delete');

  extension.use({
    typeDefs: `
      type ArticleViews { title: String! views: Int! }
      extend type Query {
        "the most viewed published articles (anyone; at most 10)"
        popularArticles(limit: Int): [ArticleViews!]!
        "how many articles wait as drafts (editors: needs api::article.article.create)"
        draftArticleCount: Int!
      }
    `,
    resolvers: {
      Query: {
        popularArticles: (async (_parent, args) => {
          const list = await articles().findMany({ status: 'published', fields: ['title', 'views'], sort: 'views:desc', limit: args.limit });
          return list.map((article) => ({ title: article.title, views: article.views ?? 0 }));
        }) satisfies Resolver<{ limit: number }>,
        draftArticleCount: (() => articles().count({ status: 'draft' })) satisfies Resolver,
      },
    },
    resolversConfig: {
      'Query.popularArticles': {
        auth: false,
        // a policy: no more than 10 at once (false answers FORBIDDEN)
        policies: [(context: { args: { limit?: number | null } }) => (context.args.limit ?? 0) <= 10],
        // a middleware: 5 when the query does not say
        middlewares: [
          (next: Resolver, parent: unknown, args: { limit?: number | null }, context: unknown, info: unknown) =>
            next(parent, { ...args, limit: args.limit ?? 5 }, context, info),
        ],
      },
      'Query.draftArticleCount': { auth: { scope: ['api::article.article.create'] } },
    },
  });
}

export default {
  register({ strapi }: { strapi: Strapi }) {
    /** A document-service middleware: article titles are stored without surrounding spaces, whoever writes them. */
    strapi.documents.use(async (context, next) => {
      const title = context.params.data?.title;
      if (context.uid === 'api::article.article' && (context.action === 'create' || context.action === 'update') && typeof title === 'string') {
        context.params.data = { ...context.params.data, title: title.trim() };
      }
      return next();
    });
    extendGraphql(strapi);
  },

  /** Public read access (idempotent), then, on first start, demo content for the empty database. */
  async bootstrap({ app }: { app: BlogApp & { permissions: Permissions } }) {
    await app.permissions.grant('public', PUBLIC_READS);
    await seedDemoData(app);
    await seedDemoPages(app);
  },
};
