import { seedDemoData, type DemoApp } from './demo-data.js';

export default {
  register() {},

  /** First start: fill the empty database with demo content. */
  async bootstrap({ app }: { app: DemoApp }) {
    await seedDemoData(app);
  },
};
