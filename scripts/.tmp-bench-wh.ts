import { rm } from 'node:fs/promises';
import { TEST_SECRETS, writeProject } from '../test/helpers/project-dir.js';
import { createTestDatabase, databaseEnv } from '../test/helpers/test-databases.js';
import { runVellum } from '../test/helpers/vellum-bin.js';
import { startVellumProcess } from '../test/helpers/vellum-process.js';
import { startWebhookReceiver } from '../test/helpers/webhook-receiver.js';
import { WEBHOOK_PROJECT } from '../test/helpers/webhook-project.js';

const N = 300;
async function round(hooks: number): Promise<number> {
  const database = await createTestDatabase('sqlite');
  const receiver = await startWebhookReceiver();
  const dir = await writeProject({ ...WEBHOOK_PROJECT, 'config/server.js': 'module.exports = { webhooks: { allowPrivateTargets: true } };' });
  const env = { ...databaseEnv(database.config), ...TEST_SECRETS };
  for (let i = 0; i < hooks; i += 1) await runVellum(['webhook', 'create', '--dir', dir, '--name', `h${i}`, '--url', `${receiver.url}/h${i}`, '--events', 'entry.create,entry.update,entry.publish,entry.delete'], env);
  const server = await startVellumProcess(dir, env);
  const write = (i: number) => fetch(`${server.url}/api/articles?status=published`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: `t${i}`, seo: { metaTitle: 'm' } } }) });
  for (let i = 0; i < 30; i += 1) await write(i);
  const started = performance.now();
  await Promise.all(Array.from({ length: 4 }, async (_, w) => { for (let i = 0; i < N / 4; i += 1) { const r = await write(i * 4 + w); if (r.status !== 201) throw new Error(String(r.status)); } }));
  const ms = performance.now() - started;
  await server.stop(); await receiver.close(); await database.drop(); await rm(dir, { recursive: true, force: true });
  return (N / ms) * 1000;
}
for (const hooks of [0, 3, 0, 3]) console.log(`${hooks} webhooks: ${(await round(hooks)).toFixed(1)} writes/s`);
