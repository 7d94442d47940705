/**
 * `vellum locale list|add|remove|default` against a project's database on every dialect (the
 * command functions, as `vellum` calls them; one real process run checks the wiring): removing the
 * default locale, or one content still uses without `--force`, is refused with a clear message.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { Env } from '../../src/config/types.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client } from '../helpers/http.js';
import { localeCli } from '../helpers/locale-cli.js';
import { databaseEnv } from '../helpers/test-databases.js';
import { useTestApp } from '../helpers/test-app.js';
import { vellumArgs } from '../helpers/vellum-bin.js';

const PAGE_SCHEMA = readFileSync(fileURLToPath(new URL('../fixtures/i18n/page-schema.json', import.meta.url)), 'utf8');

function runCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, vellumArgs(...args), { env: { ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describeEachDialect('locale CLI', (dialect) => {
  const t = useTestApp({ dialect, files: { 'src/api/page/content-types/page/schema.json': PAGE_SCHEMA } });
  const env = (): Env => ({ ...process.env, NODE_ENV: 'test', ...databaseEnv(t.app.config.database) });
  const api = client(() => t.url, () => t.authHeaders);
  const locale = localeCli(() => t.dir, env);

  it('lists, adds and sets the default locale', async () => {
    const listed = await runCli(['locale', 'list', '--dir', t.dir], env());
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(['en\tEnglish (en)\t(default)']);

    expect(await locale(['add', 'fr'])).toMatchObject({ code: 0, lines: ['Added locale fr (French (fr)).'] });
    expect(await locale(['add', 'pt-BR', '--name', 'Português'])).toMatchObject({ code: 0 });
    expect(await locale(['add', 'fr'])).toMatchObject({ code: 1, errors: ['Locale "fr" already exists.'] });
    expect(await locale(['add', 'not a code'])).toMatchObject({ code: 1 });
    expect(await locale(['default', 'fr'])).toMatchObject({ code: 0, lines: ['fr is now the default locale.'] });
    expect((await locale(['list'])).lines).toEqual(['en\tEnglish (en)', 'fr\tFrench (fr)\t(default)', 'pt-BR\tPortuguês']);
    expect(await locale(['default', 'xx'])).toMatchObject({ code: 1, errors: ['There is no locale "xx"'] });
    expect(await locale(['default'])).toMatchObject({ code: 1 });
  });

  it('refuses to remove the default locale, or one with content unless --force', async () => {
    const refusedDefault = await locale(['remove', 'fr']);
    expect(refusedDefault.code).toBe(1);
    expect(refusedDefault.errors[0]).toMatch(/"fr" is the default locale: make another locale the default first/);
    await locale(['default', 'en']);

    // content in pt-BR, written through the server, which read its locales at start: create()
    // finds pt-BR in the table (added by the CLI) and refreshes the server's copy
    await t.app.i18n.create({ code: 'pt-BR' });
    await t.app.documents('api::page.page').create({ data: { title: 'Olá' }, locale: 'pt-BR' });
    const refusedUsed = await locale(['remove', 'pt-BR']);
    expect(refusedUsed.code).toBe(1);
    expect(refusedUsed.errors[0]).toMatch(/"pt-BR" still has content in api::page\.page/);
    expect(await locale(['remove', 'pt-BR', '--force'])).toMatchObject({
      code: 0,
      lines: ['Removed locale pt-BR.', 'Deleted api::page.page: the pt-BR versions of 1 document (1 row); 1 document had no other locale and is deleted.'],
    });
    expect(await locale(['remove', 'fr'])).toMatchObject({ code: 0 });
    expect((await locale(['list'])).lines).toEqual(['en\tEnglish (en)\t(default)']);
    expect(await locale(['remove', 'fr'])).toMatchObject({ code: 1, errors: ['There is no locale "fr"'] });
  });

  it('a running server follows the CLI: a locale added or removed is known or refused at its next request', async () => {
    const pagesIn = async (code: string) => (await api.get(`/api/pages?locale=${code}`)).status;
    expect(await pagesIn('de')).toBe(400);
    expect(await locale(['add', 'de'])).toMatchObject({ code: 0 });
    expect(await pagesIn('de')).toBe(200);
    expect(t.app.i18n.has('de')).toBe(true);
    expect(await locale(['remove', 'de'])).toMatchObject({ code: 0 });
    expect(await pagesIn('de')).toBe(400);
    expect(t.app.i18n.has('de')).toBe(false);
  });
});
