/**
 * Settings → Internationalization in real Chromium against `vellum start` (issue 21 item 5): a
 * locale added from the ISO list (the "Locales" combobox) with its own display name, then written
 * in through the edit view and read back through REST with `locale=`; made the default; and
 * deleted after a dialog that names the content going with it (deletion-preview), which then is
 * gone. Every step is checked against Strapi's root admin routes (`GET /i18n/locales`).
 * No console error, no request off loopback; screenshots under test-artifacts/admin/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanRun, signedInBrowser, type EditViewWorld } from './edit-view-setup.js';
import { startSettingsWorld } from './settings-world.js';

const ARTICLE = 'api::article.article';
const PROJECT = {
  'src/api/article/content-types/article/schema.json': JSON.stringify({
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: false },
    pluginOptions: { i18n: { localized: true } },
    attributes: { title: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
  }),
};

describe('Settings → Internationalization in Chromium', () => {
  let world: EditViewWorld;
  const locales = async (): Promise<{ id: number; code: string; name: string; isDefault: boolean }[]> => {
    const listed = await world.admin('GET', '/i18n/locales');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return listed.body;
  };

  beforeAll(async () => {
    world = await startSettingsWorld(PROJECT);
  }, 120_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('adds a locale from the ISO list, writes in it, makes it the default, and deletes it after naming its content', async () => {
    const browser = await signedInBrowser(world, 'settings i18n');
    const { page } = browser;
    try {
      await page.goto(`${world.server.url}/admin/settings`);
      await page.getByRole('link', { name: 'Internationalization' }).click();
      await page.waitForURL('**/admin/settings/internationalization');
      const table = page.getByRole('table', { name: 'Locales' });
      await table.getByRole('cell', { name: 'English (en)', exact: true }).waitFor();
      await browser.screenshot('locales');

      // 1. add German from the ISO list, named "Deutsch"
      await page.getByRole('button', { name: 'Add new locale' }).click();
      const add = page.getByRole('dialog', { name: 'Add new locale' });
      await add.getByRole('combobox', { name: 'Locales' }).fill('German (de');
      await page.getByRole('option', { name: 'German (de)', exact: true }).click();
      expect(await add.getByRole('textbox', { name: 'Locale display name' }).inputValue()).toBe('German (de)');
      await add.getByRole('textbox', { name: 'Locale display name' }).fill('Deutsch');
      await browser.screenshot('add locale');
      await add.getByRole('button', { name: 'Save' }).click();
      await add.waitFor({ state: 'detached' });
      await table.getByRole('cell', { name: 'Deutsch', exact: true }).waitFor();
      const de = (await locales()).find((locale) => locale.code === 'de');
      expect(de).toMatchObject({ code: 'de', name: 'Deutsch', isDefault: false });
      // a locale the project has is no longer offered
      await page.getByRole('button', { name: 'Add new locale' }).click();
      await add.getByRole('combobox', { name: 'Locales' }).fill('German');
      await page.getByRole('option', { name: 'Swiss High German (de-CH)', exact: true }).waitFor();
      expect(await page.getByRole('option', { name: 'German (de)', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'detached' });

      // 2. written in: an Article created in the edit view in German, read back through REST
      await page.goto(`${world.server.url}/admin/content-manager/collection-types/${ARTICLE}/create?locale=de`);
      await page.getByLabel('title').fill('Hallo Welt');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved document').waitFor();
      const read = await world.rest('/articles?locale=de');
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data.map((entry: { title: string; locale: string }) => [entry.title, entry.locale])).toEqual([['Hallo Welt', 'de']]);
      expect((await world.rest('/articles?locale=en')).body.data).toEqual([]);

      // 3. Deutsch made the default, then English again (the default cannot be deleted)
      await page.goto(`${world.server.url}/admin/settings/internationalization`);
      await page.getByRole('button', { name: 'Edit Deutsch' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit a locale: de' });
      // React Aria's checkbox: its input is visually hidden, its label takes the click
      await edit.getByText('Set as default locale').click();
      expect(await edit.getByRole('checkbox', { name: 'Set as default locale' }).isChecked()).toBe(true);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await table.getByRole('row', { name: /Deutsch.*Default/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Delete Deutsch' }).count()).toBe(0);
      expect((await locales()).filter((locale) => locale.isDefault).map((locale) => locale.code)).toEqual(['de']);
      await browser.screenshot('deutsch is the default');
      await page.getByRole('button', { name: 'Edit English (en)' }).click();
      await page.getByRole('dialog', { name: 'Edit a locale: en' }).getByText('Set as default locale').click();
      await page.getByRole('dialog', { name: 'Edit a locale: en' }).getByRole('button', { name: 'Save' }).click();
      await table.getByRole('row', { name: /English \(en\).*Default/ }).waitFor();

      // 4. delete: the dialog says what happens to the German article, then it is gone
      await page.getByRole('button', { name: 'Delete Deutsch' }).click();
      const warning = page.getByRole('alertdialog', { name: 'Delete the locale Deutsch' });
      await warning.getByText('1 entry of Article in this locale will be deleted; it has no other locale and will be gone entirely.').waitFor();
      await browser.screenshot('delete warning');
      await warning.getByRole('button', { name: 'Delete the locale and its content' }).click();
      await warning.waitFor({ state: 'detached' });
      await table.getByRole('cell', { name: 'Deutsch', exact: true }).waitFor({ state: 'detached' });
      expect((await locales()).map((locale) => locale.code)).toEqual(['en']);
      const after = await world.admin('GET', `/content-manager/collection-types/${ARTICLE}?locale=en`);
      expect(after.body.pagination.total).toBe(0);
      await browser.screenshot('deleted');
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });
});
