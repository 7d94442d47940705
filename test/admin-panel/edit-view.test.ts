/**
 * The edit view in real Chromium against `vellum start` (examples/blog's model): an article with
 * every attribute kind written in the browser and read back through REST field by field; a
 * relation search past the first page (server-side, `_q` and `page`); components and
 * dynamic-zone items reordered with the keyboard; draft → publish → modify → unpublish; a
 * locale version keeping the non-localized fields. Every run: no console error, no request off
 * loopback; screenshots of each step under test-artifacts/admin/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { createAdmin, expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

const ARTICLE = 'api::article.article';
const TOPICS = Array.from({ length: 30 }, (_, i) => `Topic ${String(i + 1).padStart(3, '0')}`);

/** the document's edit page; resolves once the form is shown */
async function openEdit(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}/admin/content-manager/${path}`);
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

async function pickRelation(page: Page, field: string, option: string, search?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: field, exact: true });
  await box.click();
  // typing searches; ArrowDown opens the first page of options
  if (search !== undefined) await box.fill(search);
  else await box.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** keyboard drag (dnd-kit): focus the handle, Space lifts, arrows move, Space drops */
async function keyboardMove(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown', times: number): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  // each step is measured and announced before the next (dnd-kit moves on the next frames)
  for (let i = 0; i < times; i += 1) {
    await page.waitForTimeout(150);
    await page.keyboard.press(key);
  }
  await page.waitForTimeout(150);
  await page.keyboard.press('Space');
  // the drop animation (250 ms) ends before the next lift
  await page.waitForTimeout(400);
}

/** clicks `button` and waits for the form's notice: `expected`, else fails with what it says */
async function act(page: Page, button: string, expected: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const notice = page.locator('.vf-notice');
  await notice.waitFor();
  expect(await notice.innerText()).toBe(expected);
}

const documentIdOf = (page: Page): string => new URL(page.url()).pathname.split('/').at(-1) ?? '';

describe('the edit view in Chromium', () => {
  let world: EditViewWorld;
  const targets: Record<string, string> = {};

  beforeAll(async () => {
    world = await startEditViewWorld();
    for (const [uid, data] of [['api::category.category', { name: 'News' }], ['api::author.author', { name: 'Ada Lovelace' }]] as const) {
      const created = await world.admin('POST', `/content-manager/collection-types/${uid}`, data);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      targets[data.name] = created.body.data.documentId;
    }
    for (const name of TOPICS) {
      const created = await world.admin('POST', '/content-manager/collection-types/api::tag.tag', { name });
      expect(created.status).toBe(201);
      targets[name] = created.body.data.documentId;
    }
  }, 180_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('writes an article with every attribute kind, read back through REST field by field', async () => {
    const browser: AdminBrowser = await signedInBrowser(world, 'edit view every attribute kind');
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, `collection-types/${ARTICLE}/create`);
      await browser.screenshot('empty form');

      await page.getByLabel('title', { exact: true }).fill('Hello Panel World');
      // the uid follows its target as you type (Strapi waits for "Regenerate")
      await expect.poll(() => page.getByLabel('slug', { exact: true }).inputValue()).toBe('hello-panel-world');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Available' }).count()).toBe(1);
      await page.getByLabel('summary', { exact: true }).fill('A short summary');

      const body = page.getByRole('textbox', { name: 'body', exact: true });
      await body.click();
      await page.keyboard.type('First paragraph');
      await page.keyboard.press('Enter');
      await page.getByLabel('Block type').selectOption('heading-2');
      await page.keyboard.type('Section');

      await page.getByRole('textbox', { name: 'notes', exact: true }).fill('# Notes\n\nSome *markdown*.');
      await page.getByLabel('views', { exact: true }).fill('42');
      await page.getByLabel('likes', { exact: true }).fill('9007199254740993');
      await page.getByLabel('rating', { exact: true }).fill('4.5');
      await page.getByLabel('score', { exact: true }).fill('0.25');
      await page.getByLabel('featured', { exact: true }).check();
      await page.getByLabel('tone', { exact: true }).selectOption('playful');
      await page.getByLabel('contactEmail', { exact: true }).fill('ada@example.com');
      await page.getByLabel('publishDate', { exact: true }).fill('2024-05-06');
      await page.getByLabel('readingTime', { exact: true }).fill('00:07:30');
      await page.getByLabel('lastReviewedAt', { exact: true }).fill('2024-05-06T10:20:30');
      await page.getByRole('textbox', { name: 'meta', exact: true }).fill('{"source": "panel", "n": [1, 2]}');

      await pickRelation(page, 'category', 'News');
      await pickRelation(page, 'author', 'Ada Lovelace');
      await pickRelation(page, 'tags', 'Topic 002', 'Topic 00');
      await pickRelation(page, 'tags', 'Topic 001', 'Topic 00');
      await browser.screenshot('scalars and relations');

      await page.getByRole('button', { name: 'Add seo' }).click();
      await page.getByLabel('metaTitle', { exact: true }).fill('SEO title');
      await page.getByLabel('metaDescription', { exact: true }).fill('SEO description');
      await page.getByRole('button', { name: 'Add an entry to social' }).click();
      await page.getByRole('button', { name: 'Add an entry to social' }).click();
      await page.getByLabel('network', { exact: true }).nth(0).selectOption('github');
      await page.getByLabel('url', { exact: true }).nth(0).fill('https://github.com/ada');
      await page.getByLabel('network', { exact: true }).nth(1).selectOption('mastodon');
      await page.getByLabel('url', { exact: true }).nth(1).fill('https://mastodon.example/@ada');

      const zone = page.getByRole('group', { name: 'blocks', exact: true });
      await zone.getByRole('button', { name: 'Add a component to blocks' }).click();
      await page.getByRole('menuitem', { name: 'Quote' }).click();
      await zone.getByLabel('text', { exact: true }).fill('To be or not to be');
      await zone.getByLabel('attribution', { exact: true }).fill('Hamlet');
      // insert before the quote: a rich text at position 1
      await zone.getByRole('button', { name: 'Insert a component above Quote 1' }).click();
      await page.getByRole('menuitem', { name: 'Rich text' }).click();
      await zone.getByRole('textbox', { name: 'body', exact: true }).fill('Zone text');
      await browser.screenshot('components and zone');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      await page.getByText('Saved document').waitFor();
      await browser.screenshot('saved');
      const documentId = documentIdOf(page);

      const read = await world.rest(`/articles/${documentId}?status=draft&populate[cover]=true&populate[category]=true&populate[author]=true&populate[tags]=true&populate[seo][populate]=*&populate[blocks]=*`);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const entry = read.body.data;
      expect(entry.title).toBe('Hello Panel World');
      expect(entry.slug).toBe('hello-panel-world');
      expect(entry.summary).toBe('A short summary');
      expect(entry.body).toEqual([
        { type: 'paragraph', children: [{ type: 'text', text: 'First paragraph' }] },
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Section' }] },
      ]);
      expect(entry.notes).toBe('# Notes\n\nSome *markdown*.');
      expect(entry.views).toBe(42);
      expect(entry.likes).toBe('9007199254740993');
      expect(Number(entry.rating)).toBe(4.5);
      expect(entry.score).toBe(0.25);
      expect(entry.featured).toBe(true);
      expect(entry.tone).toBe('playful');
      expect(entry.contactEmail).toBe('ada@example.com');
      expect(entry.publishDate).toBe('2024-05-06');
      expect(entry.readingTime).toBe('00:07:30.000');
      // the browser's local time, as the input shows it
      const offsetMs = await page.evaluate(() => new Date('2024-05-06T10:20:30').getTime());
      expect(new Date(entry.lastReviewedAt).getTime()).toBe(offsetMs);
      expect(entry.meta).toEqual({ source: 'panel', n: [1, 2] });
      expect(entry.category.documentId).toBe(targets.News);
      expect(entry.author.documentId).toBe(targets['Ada Lovelace']);
      expect(entry.tags.map((t: { name: string }) => t.name)).toEqual(['Topic 002', 'Topic 001']);
      expect(entry.seo).toMatchObject({ metaTitle: 'SEO title', metaDescription: 'SEO description' });
      expect(entry.seo.social.map((s: { network: string; url: string }) => [s.network, s.url])).toEqual([
        ['github', 'https://github.com/ada'],
        ['mastodon', 'https://mastodon.example/@ada'],
      ]);
      expect(entry.blocks.map((b: { __component: string }) => b.__component)).toEqual(['shared.rich-text', 'shared.quote']);
      expect(entry.blocks[0].body).toBe('Zone text');
      expect(entry.blocks[1]).toMatchObject({ text: 'To be or not to be', attribution: 'Hamlet' });
      expect(entry.publishedAt).toBeNull();

      // reloading shows what was saved
      await page.reload();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await expect.poll(() => page.getByLabel('title', { exact: true }).inputValue()).toBe('Hello Panel World');
      // the blocks editor is a lazy chunk: until it renders, the first "body" textbox is the zone's rich text
      await expect.poll(() => page.getByRole('textbox', { name: 'body', exact: true }).first().innerText()).toContain('First paragraph');
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('searches relation targets on the server and pages past the first page', async () => {
    const browser = await signedInBrowser(world, 'edit view relation search');
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, `collection-types/${ARTICLE}/create`);
      const box = page.getByRole('combobox', { name: 'tags', exact: true });
      await box.click();
      await box.fill('Topic 0');
      await page.getByRole('option', { name: 'Topic 001', exact: true }).waitFor();
      // twenty to a page: Topic 027 is on page 2, loaded as the list scrolls
      const listbox = page.getByRole('listbox');
      for (let i = 0; i < 10 && (await page.getByRole('option', { name: 'Topic 027', exact: true }).count()) === 0; i += 1) {
        await listbox.evaluate((element: { scrollTo(options: { top: number }): void; scrollHeight: number }) => element.scrollTo({ top: element.scrollHeight }));
        await page.waitForTimeout(150);
      }
      await browser.screenshot('second page loaded');
      await page.getByRole('option', { name: 'Topic 027', exact: true }).click();
      const searches = browser.requests.filter((url) => url.includes('/content-manager/relations/api::article.article/tags'));
      const params = searches.map((url) => new URL(url).searchParams);
      // pages 1 and 2 of the server's search, not a filter over what the browser had loaded
      expect(params.filter((p) => p.get('_q') === 'Topic 0').map((p) => p.get('page'))).toEqual(['1', '2']);
      await expect.poll(() => page.getByRole('list', { name: 'tags entries' }).getByText('Topic 027').count()).toBe(1);
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('reorders repeatable components, dynamic-zone items and to-many relations with the keyboard', async () => {
    const created = await world.admin('POST', `/content-manager/collection-types/${ARTICLE}`, {
      title: 'Ordering',
      tags: { set: [{ documentId: targets['Topic 001'] }, { documentId: targets['Topic 002'] }, { documentId: targets['Topic 003'] }] },
      seo: { metaTitle: 'seo', social: [{ network: 'github', url: 'one' }, { network: 'linkedin', url: 'two' }] },
      blocks: [
        { __component: 'shared.rich-text', body: 'first' },
        { __component: 'shared.quote', text: 'second' },
        { __component: 'shared.rich-text', body: 'third' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;
    const browser = await signedInBrowser(world, 'edit view keyboard reordering');
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, `collection-types/${ARTICLE}/${documentId}`);
      // one step per lift: items are named by position, so the moved one is renamed each time
      await keyboardMove(page, page.getByRole('button', { name: 'Drag Rich text 3' }), 'ArrowUp', 1);
      await expect.poll(() => page.getByRole('button', { name: 'Delete Quote 3' }).count()).toBe(1);
      await keyboardMove(page, page.getByRole('button', { name: 'Drag Rich text 2' }), 'ArrowUp', 1);
      await keyboardMove(page, page.getByRole('button', { name: 'Drag social 2' }), 'ArrowUp', 1);
      await keyboardMove(page, page.getByRole('button', { name: 'Drag Topic 001' }), 'ArrowDown', 1);
      await keyboardMove(page, page.getByRole('button', { name: 'Drag Topic 001' }), 'ArrowDown', 1);
      await browser.screenshot('reordered');
      // remove the quote (now the third item)
      await page.getByRole('button', { name: 'Delete Quote 3' }).click();
      await act(page, 'Save', 'Saved document');
      const read = await world.rest(`/articles/${documentId}?status=draft&populate[tags]=true&populate[seo][populate]=*&populate[blocks]=*`);
      const entry = read.body.data;
      expect(entry.blocks.map((b: { body?: string; text?: string }) => b.body ?? b.text)).toEqual(['third', 'first']);
      expect(entry.seo.social.map((s: { url: string }) => s.url)).toEqual(['two', 'one']);
      expect(entry.tags.map((t: { name: string }) => t.name)).toEqual(['Topic 002', 'Topic 003', 'Topic 001']);
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('goes draft → published → modified → draft with Publish, Save and Unpublish', async () => {
    const browser = await signedInBrowser(world, 'edit view draft and publish');
    const { page } = browser;
    const status = () => page.getByRole('group', { name: 'Document actions' }).locator('.vf-status').innerText();
    try {
      await openEdit(page, world.server.url, `collection-types/${ARTICLE}/create`);
      // Publish checks required fields first; Save keeps a draft without them
      await page.getByLabel('summary', { exact: true }).fill('no title yet');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Fill in the required fields before publishing.').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      const documentId = documentIdOf(page);
      await expect.poll(status).toBe('Draft');
      await browser.screenshot('draft');

      await page.getByLabel('title', { exact: true }).fill('Lifecycle');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(status).toBe('Published');
      await browser.screenshot('published');
      expect((await world.rest(`/articles/${documentId}`)).body.data.title).toBe('Lifecycle');

      await page.getByLabel('title', { exact: true }).fill('Lifecycle, edited');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(status).toBe('Modified');
      await browser.screenshot('modified');
      expect((await world.rest(`/articles/${documentId}`)).body.data.title).toBe('Lifecycle');
      expect((await world.rest(`/articles/${documentId}?status=draft`)).body.data.title).toBe('Lifecycle, edited');

      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect.poll(status).toBe('Draft');
      await browser.screenshot('unpublished');
      expect((await world.rest(`/articles/${documentId}`)).status).toBe(404);
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('creates a locale version filled from another locale, keeping the non-localized fields', async () => {
    const created = await world.admin('POST', '/content-manager/collection-types/api::page.page?locale=en', { title: 'About', position: 3, body: '# About us' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;
    const browser = await signedInBrowser(world, 'edit view locale version');
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, `collection-types/api::page.page/${documentId}?locale=en`);
      await page.getByLabel('Locales').selectOption('fr');
      await page.waitForURL((url) => url.searchParams.get('locale') === 'fr');
      await page.getByRole('button', { name: 'Save' }).waitFor();
      // non-localized: kept from the document; localized: empty until filled
      await expect.poll(() => page.getByLabel('position', { exact: true }).inputValue()).toBe('3');
      expect(await page.getByLabel('title', { exact: true }).inputValue()).toBe('');
      await page.getByLabel('Fill in from another locale').selectOption('en');
      await expect.poll(() => page.getByLabel('title', { exact: true }).inputValue()).toBe('About');
      await page.getByLabel('title', { exact: true }).fill('À propos');
      await browser.screenshot('french version');
      await act(page, 'Save', 'Saved document');

      const fr = await world.rest(`/pages/${documentId}?locale=fr&status=draft`);
      expect(fr.status, JSON.stringify(fr.body)).toBe(200);
      expect(fr.body.data).toMatchObject({ title: 'À propos', position: 3, body: '# About us', locale: 'fr' });
      const en = await world.rest(`/pages/${documentId}?locale=en&status=draft`);
      expect(en.body.data).toMatchObject({ title: 'About', position: 3, locale: 'en' });
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it('shows an Author no Publish: they save drafts of their own entries only', async () => {
    const author = await createAdmin(world, 'strapi-author', 'author@example.com');
    const browser = await signedInBrowser(world, 'edit view author', author);
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, `collection-types/${ARTICLE}/create`);
      await page.getByLabel('title', { exact: true }).fill('By the author');
      expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
      await act(page, 'Save', 'Saved document');
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      await browser.screenshot('author draft');
      expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Unpublish' }).count()).toBe(0);
      const read = await world.rest(`/articles/${documentIdOf(page)}?status=draft`);
      expect(read.body.data).toMatchObject({ title: 'By the author', publishedAt: null });
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });

  it("puts a server 400's errors on their fields and asks before leaving unsaved changes", async () => {
    const browser = await signedInBrowser(world, 'edit view server errors and guard');
    const { page } = browser;
    try {
      await openEdit(page, world.server.url, 'collection-types/api::category.category/create');
      // `name` is unique: only the server knows "News" is taken
      await page.getByLabel('name', { exact: true }).fill('News');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const name = page.getByLabel('name', { exact: true });
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await name.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('This attribute must be unique');
      await browser.screenshot('unique refused');
      expect(page.url()).toMatch(/\/create$/);

      await page.getByRole('link', { name: 'Content Manager' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
      await dialog.waitFor();
      await browser.screenshot('unsaved changes guard');
      await dialog.getByRole('button', { name: 'Stay' }).click();
      expect(page.url()).toMatch(/\/create$/);
      expect(await name.inputValue()).toBe('News');
      await page.getByRole('link', { name: 'Content Manager' }).click();
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      // the refused write was the server's answer, not a page error
      expect(browser.consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      expect(browser.externalRequests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
