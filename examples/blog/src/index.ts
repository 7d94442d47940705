import { seedDemoData, type BlogApp } from './demo-data.js';

interface Permissions {
  grant(role: string, actions: readonly string[]): Promise<string[]>;
}

/** What anonymous visitors may read: the blog's published content and its media. */
const PUBLIC_READS = [
  ...['article', 'author', 'category', 'tag', 'global'].flatMap((type) => [`api::${type}.${type}.find`, `api::${type}.${type}.findOne`]),
  'plugin::upload.file.find',
  'plugin::upload.file.findOne',
];

export default {
  register() {},

  /** Public read access (idempotent), then, on first start, demo content for the empty database. */
  async bootstrap({ app }: { app: BlogApp & { permissions: Permissions } }) {
    await app.permissions.grant('public', PUBLIC_READS);
    await seedDemoData(app);
  },
};
