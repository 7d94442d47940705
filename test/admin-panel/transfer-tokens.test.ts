/**
 * Settings → Transfer Tokens in real Chromium against `vellum start`: "Create new Transfer
 * Token" (Name, Description, Token duration, Token type) shows the key once with Copy; the key
 * opens a push; Regenerate shows a new key and ends the old one; Delete (confirmed) removes the
 * token. No console error, no request off loopback; screenshots under test-artifacts/admin/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPush } from '../helpers/push-client.js';
import { expectCleanRun, signedInBrowser, startEditViewWorld, type EditViewWorld } from './edit-view-setup.js';

describe('Settings → Transfer Tokens in Chromium', () => {
  let world: EditViewWorld;

  beforeAll(async () => {
    world = await startEditViewWorld({ TRANSFER_TOKEN_SALT: 'panel-transfer-salt' });
  }, 180_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('creates a token shown once with Copy, regenerates it and deletes it', async () => {
    const browser = await signedInBrowser(world, 'transfer tokens');
    const { page } = browser;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    try {
      await page.goto(`${world.server.url}/admin/settings/transfer-tokens`);
      await page.getByRole('heading', { name: 'Transfer Tokens' }).waitFor();
      await page.getByText('No transfer tokens yet.').waitFor();
      await browser.screenshot('empty list');

      await page.getByRole('link', { name: 'Create new Transfer Token' }).click();
      await page.getByRole('heading', { name: 'Create new Transfer Token' }).waitFor();
      await page.getByLabel('Name').fill('from staging');
      await page.getByLabel('Description').fill('Strapi staging pushes here');
      await page.getByRole('button', { name: /Token duration/ }).click();
      await page.getByRole('option', { name: '30 days' }).click();
      await page.getByRole('button', { name: /Token type/ }).click();
      await page.getByRole('option', { name: 'Full access' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      const key = page.getByTestId('access-key');
      await expect.poll(() => key.innerText()).toMatch(/^[0-9a-f]{256}$/);
      const accessKey = await key.innerText();
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(accessKey);
      await browser.screenshot('created key shown once');

      const listed = await world.admin('GET', '/admin/transfer/tokens');
      expect(listed.body.data).toEqual([expect.objectContaining({ name: 'from staging', description: 'Strapi staging pushes here', permissions: ['push', 'pull'], lifespan: 30 * 86_400_000 })]);
      const pushed = await openPush(world.server.url, accessKey);
      expect(pushed.ok).toBe(true);
      if (pushed.ok) await pushed.connection.close();

      await page.getByRole('link', { name: 'Back to Transfer Tokens' }).click();
      const row = page.getByRole('row', { name: /from staging/ });
      await expect.poll(() => row.innerText()).toContain('Full access');
      await page.getByRole('button', { name: 'Regenerate from staging' }).click();
      await expect.poll(() => key.innerText()).toMatch(/^[0-9a-f]{256}$/);
      const regenerated = await key.innerText();
      expect(regenerated).not.toBe(accessKey);
      const old = await openPush(world.server.url, accessKey);
      expect(old.ok ? 0 : old.status).toBe(401);
      await browser.screenshot('regenerated');

      await page.getByRole('button', { name: 'Delete from staging' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No transfer tokens yet.').waitFor();
      expect((await world.admin('GET', '/admin/transfer/tokens')).body.data).toEqual([]);
      await browser.screenshot('deleted');
      expectCleanRun(browser);
    } finally {
      await browser.close();
    }
  });
});
