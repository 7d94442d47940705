/**
 * More of the edit view in real Chromium against `vellum start` (examples/blog's model):
 * "Discard changes" on a modified published article brings back the published values (form
 * and draft), and the `global` single type written and saved from
 * `/admin/content-manager/single-types/api::global.global`, read back through REST. No console
 * error, no request off loopback; screenshots under test-artifacts/admin/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

const ARTICLE = 'api::article.article';

describe('edit view actions in Chromium', () => {
  let world: EditViewWorld;

  beforeAll(async () => {
    world = await startEditViewWorld();
  }, 180_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('discards the changes of a modified published article back to its published values', async () => {
    const created = await world.admin('POST', `/content-manager/collection-types/${ARTICLE}`, { title: 'Published title', summary: 'Published summary' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;
    const published = await world.admin('POST', `/content-manager/collection-types/${ARTICLE}/${documentId}/actions/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const browser = await signedInBrowser(world, 'edit view discard changes');
    const { page } = browser;
    const status = () => page.getByRole('group', { name: 'Document actions' }).locator('.vf-status').innerText();
    const title = page.getByLabel('title', { exact: true });
    const summary = page.getByLabel('summary', { exact: true });
    try {
      await page.goto(`${world.server.url}/admin/content-manager/collection-types/${ARTICLE}/${documentId}`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await expect.poll(status).toBe('Published');
      await title.fill('Draft title');
      await summary.fill('Draft summary');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(status).toBe('Modified');
      expect((await world.rest(`/articles/${documentId}?status=draft`)).body.data.title).toBe('Draft title');
      await browser.screenshot('modified');

      await page.getByRole('button', { name: 'Discard changes' }).click();
      await expect.poll(status).toBe('Published');
      await expect.poll(() => title.inputValue()).toBe('Published title');
      expect(await summary.inputValue()).toBe('Published summary');
      await browser.screenshot('discarded');
      const draft = await world.rest(`/articles/${documentId}?status=draft`);
      expect(draft.body.data).toMatchObject({ title: 'Published title', summary: 'Published summary' });
      expect((await world.rest(`/articles/${documentId}`)).body.data.title).toBe('Published title');
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('writes the global single type from its own page', async () => {
    const browser = await signedInBrowser(world, 'edit view single type');
    const { page } = browser;
    try {
      await page.goto(`${world.server.url}/admin/content-manager/single-types/api::global.global`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await page.getByLabel('siteName', { exact: true }).inputValue()).toBe('');
      await page.getByLabel('siteName', { exact: true }).fill('Vellum Blog');
      await page.getByLabel('siteDescription', { exact: true }).fill('Notes from the panel');
      await page.getByRole('button', { name: 'Add defaultSeo' }).click();
      await page.getByLabel('metaTitle', { exact: true }).fill('Home');
      await browser.screenshot('filled');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved document').waitFor();
      // a single type has no documentId in its address
      expect(new URL(page.url()).pathname).toBe('/admin/content-manager/single-types/api::global.global');

      let read = await world.rest('/global?populate=defaultSeo');
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data).toMatchObject({ siteName: 'Vellum Blog', siteDescription: 'Notes from the panel', defaultSeo: { metaTitle: 'Home' } });
      const documentId = read.body.data.documentId as string;

      // edited again: the same document, not a second one
      await page.reload();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await expect.poll(() => page.getByLabel('siteName', { exact: true }).inputValue()).toBe('Vellum Blog');
      await page.getByLabel('siteName', { exact: true }).fill('Vellum Blog, renamed');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await world.rest('/global')).body.data.siteName).toBe('Vellum Blog, renamed');
      read = await world.rest('/global');
      expect(read.body.data.documentId).toBe(documentId);
      await browser.screenshot('renamed');
      // before the first save the document does not exist: the server's 404 (as Strapi's) is how
      // the page learns it starts a new one; Chromium logs it, nothing else may be logged
      const notYet = /status of 404 .*\/content-manager\/single-types\/api%3A%3Aglobal\.global\)$/;
      expect(browser.consoleErrors.filter((error) => !notYet.test(error))).toEqual([]);
      expect(browser.consoleErrors.length).toBeLessThanOrEqual(1);
      expect(browser.externalRequests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
