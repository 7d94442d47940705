/**
 * The media field in real Chromium against `vellum start` (examples/blog's model): an article's
 * `cover` set by uploading a PNG in place through the picker's file input, then replaced by a
 * file picked from the library (`GET /upload/files`, `POST /upload`); each save read
 * back through REST; then one opened from its folder in the picker (the Media Library's own
 * browsing: folders, breadcrumbs, search). The library only offers what `allowedTypes` allows
 * (`cover`: images), filtered by the server.
 * No console error, no request off loopback; screenshots under test-artifacts/admin/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

const ARTICLE = 'api::article.article';

const png = (r: number, g: number, b: number): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: { r, g, b } } }).png().toBuffer();

describe('the media field in Chromium', () => {
  let world: EditViewWorld;
  let scratch: string;
  const library: Record<string, { id: number; name: string }> = {};

  /** a file put in the library through the admin API's upload */
  async function uploadToLibrary(name: string, type: string, content: Buffer, folder?: number): Promise<void> {
    const form = new FormData();
    form.append('files', new Blob([content], { type }), name);
    if (folder !== undefined) form.append('fileInfo', JSON.stringify({ folder }));
    const response = await fetch(`${world.server.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${world.adminToken}` }, body: form });
    const body = (await response.json()) as { id: number; name: string }[];
    expect(response.status, JSON.stringify(body)).toBe(201);
    library[name] = { id: body[0]!.id, name: body[0]!.name };
  }

  beforeAll(async () => {
    world = await startEditViewWorld();
    scratch = mkdtempSync(join(tmpdir(), 'vellum-media-field-'));
    await uploadToLibrary('library-blue.png', 'image/png', await png(0, 0, 255));
    // not an image: the cover's picker (allowedTypes images) must not offer it
    await uploadToLibrary('notes.txt', 'text/plain', Buffer.from('plain text'));
    // in a folder: the picker browses the Media Library's folders
    const covers = await world.admin('POST', '/upload/folders', { name: 'Covers', parent: null });
    expect(covers.status, JSON.stringify(covers.body)).toBe(201);
    await uploadToLibrary('in-folder-green.png', 'image/png', await png(0, 200, 0), covers.body.data.id);
  }, 180_000);

  afterAll(async () => {
    await world?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('sets a cover by uploading in place, then by picking from the library', async () => {
    const created = await world.admin('POST', `/content-manager/collection-types/${ARTICLE}`, { title: 'With a cover' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;
    const upload = join(scratch, 'uploaded-red.png');
    writeFileSync(upload, await png(255, 0, 0));

    const browser = await signedInBrowser(world, 'media field cover');
    const { page } = browser;
    try {
      await page.goto(`${world.server.url}/admin/content-manager/collection-types/${ARTICLE}/${documentId}`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      const cover = page.getByRole('group', { name: 'cover', exact: true });

      // 1. upload in place
      await cover.getByRole('button', { name: 'Add media' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose media for cover' });
      await dialog.getByRole('list', { name: 'Media library' }).getByText('library-blue.png').waitFor();
      expect(await dialog.getByText('notes.txt').count()).toBe(0);
      await browser.screenshot('library offers images only');
      // the input asks for images; a text file given anyway is refused before any upload
      expect(await dialog.getByLabel('Upload a file').getAttribute('accept')).toBe('image/*');
      const text = join(scratch, 'refused.txt');
      writeFileSync(text, 'not an image');
      await dialog.getByLabel('Upload a file').setInputFiles(text);
      expect(await dialog.getByRole('alert').innerText()).toBe('refused.txt: only images can be chosen here.');
      expect(browser.requests.filter((url) => new URL(url).pathname === '/upload')).toEqual([]);
      await dialog.getByLabel('Upload a file').setInputFiles(upload);
      await dialog.waitFor({ state: 'detached' });
      await cover.getByText('uploaded-red.png').waitFor();
      await browser.screenshot('uploaded cover');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved document').waitFor();

      let read = await world.rest(`/articles/${documentId}?status=draft&populate=cover`);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data.cover).toMatchObject({ name: 'uploaded-red.png', mime: 'image/png', width: 8, height: 6 });
      const uploadedId = read.body.data.cover.id as number;
      expect(Object.values(library).map((f) => f.id)).not.toContain(uploadedId);

      // 2. replace it with a file from the library
      await cover.getByRole('button', { name: 'Replace media' }).click();
      await dialog.getByRole('button', { name: 'library-blue.png' }).click();
      await dialog.waitFor({ state: 'detached' });
      await cover.getByText('library-blue.png').waitFor();
      expect(await cover.getByText('uploaded-red.png').count()).toBe(0);
      await browser.screenshot('picked cover');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await world.rest(`/articles/${documentId}?status=draft&populate=cover`)).body.data.cover?.id).toBe(library['library-blue.png']!.id);
      read = await world.rest(`/articles/${documentId}?status=draft&populate=cover`);
      expect(read.body.data.cover).toMatchObject({ id: library['library-blue.png']!.id, name: 'library-blue.png' });

      // reloading shows the saved cover
      await page.reload();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await cover.getByText('library-blue.png').waitFor();

      // 3. the library's folders and search in the picker: a file opened from its folder
      await cover.getByRole('button', { name: 'Replace media' }).click();
      const grid = dialog.getByRole('list', { name: 'Media library' });
      await dialog.getByLabel('Search assets').fill('library');
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
      await grid.getByText('library-blue.png').waitFor();
      await dialog.getByLabel('Search assets').fill('');
      await dialog.getByRole('button', { name: 'Open folder Covers' }).click();
      expect(await dialog.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem').allInnerTexts()).toEqual(['Media Library', 'Covers']);
      await grid.getByText('in-folder-green.png').waitFor();
      expect(await grid.getByText('library-blue.png').count()).toBe(0);
      await browser.screenshot('picker in a folder');
      await dialog.getByRole('button', { name: 'in-folder-green.png' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await world.rest(`/articles/${documentId}?status=draft&populate=cover`)).body.data.cover?.name).toBe('in-folder-green.png');
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });
});
