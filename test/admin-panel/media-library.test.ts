/**
 * The Media Library page (`/admin/plugins/upload`, issue 21 item 1) in real Chromium against
 * `vellum start` (examples/blog's model), one server and one browser for the file: many files
 * dropped at once with a progress bar per file (the upload throttled through the DevTools
 * protocol so the bars are seen part-way), the page's file input; folders created, renamed,
 * nested, opened through breadcrumbs; a file moved; alternative text edited and a file replaced
 * (read back through the admin API); the delete warning listing the article using the file;
 * type, date and search filters, sort, the list view; a bulk delete. No console error, no request
 * off loopback; screenshots under test-artifacts/admin/media-library/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

const ARTICLE = 'api::article.article';
const PHOTOS = Array.from({ length: 6 }, (_, i) => `photo-${i + 1}.png`);

/** a PNG of noise (it does not compress: its bytes take a while through a throttled upload) */
const noisyPng = (size: number): Promise<Buffer> =>
  // (sharp's types want a background, which noise makes needless)
  sharp({ create: { width: size, height: size, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } as sharp.Create }).png().toBuffer();

describe('the Media Library page in Chromium', () => {
  let world: EditViewWorld;
  let browser: AdminBrowser;
  let scratch: string;
  const ids: Record<string, number> = {};

  const files = async (query: string) => (await world.admin('GET', `/upload/files?${query}`)).body;
  const page = () => browser.page;
  /** a card's checkbox, by keyboard (React Aria's checkbox input is visually hidden) */
  const select = async (name: string) => {
    const box = page().getByRole('checkbox', { name });
    await box.focus();
    await page().keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
  };

  beforeAll(async () => {
    world = await startEditViewWorld();
    scratch = mkdtempSync(join(tmpdir(), 'vellum-media-library-'));
    writeFileSync(join(scratch, 'notes-1.txt'), 'first notes');
    writeFileSync(join(scratch, 'notes-2.txt'), 'second notes');
    writeFileSync(join(scratch, 'wide.png'), await sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 20, g: 160, b: 60 } } }).png().toBuffer());
    browser = await signedInBrowser(world, 'media library');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await world?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('uploads many files dropped at once, with a progress bar per file, and through the file input', async () => {
    const p = page();
    await p.goto(`${world.server.url}/admin/plugins/upload`);
    await p.getByRole('heading', { name: 'Media Library' }).waitFor();
    expect(await p.locator('input[type=file]').count()).toBe(1);
    await p.getByRole('button', { name: 'Upload assets' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add new assets' });
    await dialog.waitFor();

    // six 200×200 noise PNGs (~120 KB each) dropped together, the upload throttled to 300 KB/s
    const photos = await Promise.all(PHOTOS.map(async (name) => ({ name, base64: (await noisyPng(200)).toString('base64') })));
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    const transfer = await p.evaluateHandle((list) => {
      // the page's globals (this file has no DOM types)
      const { DataTransfer, File } = globalThis as any;
      const data = new DataTransfer();
      for (const { name, base64 } of list) data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
      return data;
    }, photos);
    await dialog.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    for (const name of PHOTOS) await dialog.getByRole('progressbar', { name }).waitFor();
    // part-way: some bar between 0 and 100 while the bytes go out
    await expect.poll(async () => {
      const values = await Promise.all(PHOTOS.map((name) => dialog.getByRole('progressbar', { name }).getAttribute('aria-valuenow')));
      return values.some((value) => Number(value) > 0 && Number(value) < 100);
    }, { timeout: 15_000, interval: 50 }).toBe(true);
    await browser.screenshot('uploads in progress');
    for (const name of PHOTOS) await expect.poll(() => dialog.getByRole('progressbar', { name }).getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await dialog.getByText('Uploaded').count()).toBe(PHOTOS.length);
    await browser.screenshot('uploads done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // "Browse files" opens the page's file input: two text files at once
    await p.getByRole('button', { name: 'Upload assets' }).click();
    const [chooser] = await Promise.all([p.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Browse files' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([join(scratch, 'notes-1.txt'), join(scratch, 'notes-2.txt')]);
    await expect.poll(() => dialog.getByText('Uploaded').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const assets = p.getByRole('list', { name: 'Assets' });
    for (const name of [...PHOTOS, 'notes-1.txt']) await assets.getByRole('button', { name }).waitFor();
    await p.getByText('8 assets').waitFor();
    await browser.screenshot('library grid');

    const stored = await files('folder=root&pageSize=50&sort=name:asc');
    expect(stored.pagination.total).toBe(8);
    for (const file of stored.results) ids[file.name] = file.id;
    const photo = stored.results.find((f: any) => f.name === 'photo-1.png');
    expect(photo).toMatchObject({ mime: 'image/png', width: 200, height: 200, folderPath: '/' });
    expect(photo.formats.thumbnail).toMatchObject({ width: 156, height: 156 });
    // the grid's thumbnails are the thumbnail format, lazily loaded
    const img = assets.getByRole('button', { name: 'photo-1.png' }).locator('img');
    expect(await img.getAttribute('src')).toBe(photo.formats.thumbnail.url);
    expect(await img.getAttribute('loading')).toBe('lazy');
    expectCleanRun(browser);
  });

  it('creates, renames, nests and opens folders; moves a file into one', async () => {
    const p = page();
    const createFolder = async (name: string) => {
      await p.getByRole('button', { name: 'Add new folder' }).click();
      const dialog = p.getByRole('dialog', { name: 'Add new folder' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
      await p.getByRole('button', { name: `Open folder ${name}` }).waitFor();
    };
    await createFolder('Photos');
    await createFolder('Archive');
    await p.getByRole('button', { name: 'Edit folder Archive' }).click();
    const edit = p.getByRole('dialog', { name: 'Edit folder Archive' });
    await edit.getByLabel('Name').fill('Archive 2025');
    await edit.getByLabel('Location').selectOption({ label: 'Photos' });
    await browser.screenshot('edit folder');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await p.getByRole('button', { name: 'Open folder Archive 2025' }).waitFor({ state: 'detached' });
    const tree = (await world.admin('GET', '/upload/folder-structure')).body.data;
    expect(tree.map((n: any) => [n.name, n.children.map((c: any) => c.name)])).toEqual([['Photos', ['Archive 2025']]]);
    const archiveId = tree[0].children[0].id as number;

    // a file moved into the nested folder: selected, "Move", the location
    await select('Select photo-1.png');
    await p.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Move' }).click();
    const move = p.getByRole('dialog', { name: 'Move 1 element' });
    await move.getByLabel('Location').selectOption({ label: 'Photos / Archive 2025' });
    await move.getByRole('button', { name: 'Move' }).click();
    await move.waitFor({ state: 'detached' });
    await p.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'photo-1.png' }).waitFor({ state: 'detached' });
    const moved = (await world.admin('GET', `/upload/files/${ids['photo-1.png']}`)).body;
    expect(moved.folder).toMatchObject({ id: archiveId, name: 'Archive 2025' });

    // opened through the cards, back through the breadcrumbs
    await p.getByRole('button', { name: 'Open folder Photos' }).click();
    await p.getByRole('button', { name: 'Open folder Archive 2025' }).click();
    const crumbs = p.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual(['Media Library', 'Photos', 'Archive 2025']);
    await p.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'photo-1.png' }).waitFor();
    expect(new URL(p.url()).searchParams.get('folder')).toBe(String(archiveId));
    await browser.screenshot('nested folder');
    await crumbs.getByRole('button', { name: 'Media Library' }).click();
    await p.getByRole('button', { name: 'Open folder Photos' }).waitFor();
    expectCleanRun(browser);
  });

  it('edits alternative text, replaces a file, and warns with the entries using it before deleting', async () => {
    const p = page();
    const created = await world.admin('POST', `/content-manager/collection-types/${ARTICLE}`, { title: 'Uses photo two', cover: ids['photo-2.png'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;

    await p.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'photo-2.png' }).click();
    const details = p.getByRole('dialog', { name: 'Details' });
    await details.getByRole('list', { name: 'Formats' }).getByRole('link', { name: 'thumbnail' }).waitFor();
    await details.getByLabel('Alternative text').fill('Grey noise');
    await details.getByLabel('Caption').fill('Noise, in grey');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByRole('status').getByText('Saved').waitFor();
    let read = (await world.admin('GET', `/upload/files/${ids['photo-2.png']}`)).body;
    expect(read).toMatchObject({ alternativeText: 'Grey noise', caption: 'Noise, in grey', name: 'photo-2.png' });
    await browser.screenshot('details saved');

    await details.getByLabel('Replace file').setInputFiles(join(scratch, 'wide.png'));
    await details.getByText('Replaced by wide.png').waitFor();
    read = (await world.admin('GET', `/upload/files/${ids['photo-2.png']}`)).body;
    // same id, the new bytes and name (Strapi's replace), the info kept
    expect(read).toMatchObject({ id: ids['photo-2.png'], name: 'wide.png', width: 640, height: 320, alternativeText: 'Grey noise' });
    expect(await details.getByLabel('File name').inputValue()).toBe('wide.png');
    expect(await details.locator('img.ml-preview').getAttribute('src')).toBe(read.url);
    await browser.screenshot('replaced');

    await details.getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached' });
    const warning = p.getByRole('alertdialog', { name: /^Delete / });
    const uses = warning.getByRole('list', { name: 'Entries using this file' });
    await uses.getByRole('link', { name: `Article ${documentId}` }).waitFor();
    expect(await uses.innerText()).toContain('field cover (draft)');
    await browser.screenshot('delete warning');
    await warning.getByRole('button', { name: 'Delete' }).click();
    await warning.waitFor({ state: 'detached' });
    expect((await world.admin('GET', `/upload/files/${ids['photo-2.png']}`)).status).toBe(404);
    const article = await world.rest(`/articles/${documentId}?status=draft&populate=cover`);
    expect(article.body.data.cover).toBeNull();
    await p.getByRole('list', { name: 'Assets' }).getByRole('button', { name: 'wide.png' }).waitFor({ state: 'detached' });
    expectCleanRun(browser);
  });

  it('filters by type and date, searches, sorts, shows a list, and bulk-deletes', async () => {
    const p = page();
    const assets = p.getByRole('list', { name: 'Assets' });
    const names = async () => (await assets.getByRole('listitem').locator('.ml-name').allInnerTexts());
    await p.getByLabel('Type').selectOption({ label: 'Files' });
    await expect.poll(async () => (await names()).sort()).toEqual(['notes-1.txt', 'notes-2.txt']);
    await p.getByLabel('Type').selectOption({ label: 'Images' });
    await expect.poll(async () => (await names()).sort()).toEqual(['photo-3.png', 'photo-4.png', 'photo-5.png', 'photo-6.png']);
    await p.getByLabel('Type').selectOption({ label: 'All types' });
    await p.getByLabel('Date').selectOption({ label: 'Last 24 hours' });
    // the filters keep to the folder shown (photo-1 is in Archive 2025), as Strapi's; a search looks everywhere
    await p.getByText('6 assets found').waitFor();
    await p.getByLabel('Date').selectOption({ label: 'Any date' });
    await p.getByLabel('Search assets').fill('photo-1');
    await expect.poll(names).toEqual(['photo-1.png']);
    await p.getByLabel('Search assets').fill('');
    await p.getByLabel('Sort by').selectOption({ label: 'Alphabetical order (A to Z)' });
    await expect.poll(names).toEqual(['notes-1.txt', 'notes-2.txt', 'photo-3.png', 'photo-4.png', 'photo-5.png', 'photo-6.png']);
    await p.getByRole('button', { name: 'List view' }).click();
    expect(await p.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await assets.getByRole('button', { name: 'notes-1.txt' }).waitFor();
    await browser.screenshot('list view');

    await select('Select notes-1.txt');
    await select('Select photo-3.png');
    await select('Select folder Photos');
    const bulk = p.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('3 selected').waitFor();
    await bulk.getByRole('button', { name: 'Delete' }).click();
    await p.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(names).toEqual(['notes-2.txt', 'photo-4.png', 'photo-5.png', 'photo-6.png']);
    await p.getByRole('button', { name: 'Open folder Photos' }).waitFor({ state: 'detached' });
    for (const name of ['notes-1.txt', 'photo-3.png', 'photo-1.png']) expect((await world.admin('GET', `/upload/files/${ids[name]}`)).status, name).toBe(404);
    expect((await world.admin('GET', '/upload/folder-structure')).body.data).toEqual([]);
    await browser.screenshot('after bulk delete');
    expectCleanRun(browser);
  });
});
