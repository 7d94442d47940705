/**
 * The media library's folders through `vellum export` → `vellum import` (issue 23): folders made
 * in the admin API (a nested one, a file uploaded into it and another moved into a folder) are
 * written as Strapi writes them (`plugin::upload.folder` entities with `name`, `pathId`, `path`;
 * links `plugin::upload.file.folder` and `plugin::upload.folder.parent`), and come back in a fresh
 * database of every dialect with their ids, document ids, paths, parents and files, read through
 * the admin routes; the import's summary does not list folders as left out; a folder made after
 * the import gets the next path id. Strapi's own archives carry folders in the same lines: the
 * test fixtures hold none, so the last test adds a folder to the unpacked fixture the way Strapi
 * writes it. A database holding only folders is not empty (`--force` is asked for), and `--force`
 * replaces the folders along with the files, even with an archive that has none.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/db/dialect.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { client, request } from '../helpers/http.js';
import { blogSchemaFiles } from '../helpers/blog-project.js';
import { TEST_SECRETS, writeProject } from '../helpers/project-dir.js';
import { createTestDatabase, databaseEnv } from '../helpers/test-databases.js';
import { pngBytes } from '../helpers/upload.js';
import { runVellum } from '../helpers/vellum-bin.js';
import { startVellumProcess, type VellumProcess } from '../helpers/vellum-process.js';

const SUPER_ADMIN = { email: 'admin@example.com', password: 'Admin-password1', firstname: 'Ada', lastname: 'Admin' };
const PLAIN = fileURLToPath(new URL('../fixtures/strapi-export/blog-plain.tar.gz', import.meta.url));

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const removed = (dir: string): string => {
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};
const tempDir = async (prefix: string): Promise<string> => removed(await mkdtemp(join(tmpdir(), prefix)));
/** a project with the blog model the fixture archives were made with */
const blogProject = async (): Promise<string> => removed(await writeProject(await blogSchemaFiles()));

async function databaseOf(dialect: DialectName): Promise<Record<string, string>> {
  const db = await createTestDatabase(dialect);
  cleanups.push(() => db.drop());
  return { ...TEST_SECRETS, ...databaseEnv(db.config) };
}

/**
 * A running server on `env` and its Super Admin, registered on first use (admin users are not in
 * an archive: each database registers its own; an import leaves them alone).
 */
async function adminServer(dir: string, env: Record<string, string>): Promise<{ server: VellumProcess; admin: ReturnType<typeof client>; headers: Record<string, string> }> {
  const server = await startVellumProcess(dir, env);
  cleanups.push(() => server.stop());
  let session = await request(`${server.url}/admin/register-admin`, { method: 'POST', json: SUPER_ADMIN });
  if (session.status !== 200) session = await request(`${server.url}/admin/login`, { method: 'POST', json: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password } });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const headers = { authorization: `Bearer ${session.body.data.token}` };
  return { server, admin: client(() => server.url, () => headers), headers };
}

/** The admin reads a folder tree answers: every folder (parent, counts), each folder's files, the root's files, the tree. */
const READS = (folderIds: readonly number[]): string[] => [
  '/upload/folders?sort=id',
  '/upload/folder-structure',
  '/upload/files?sort=id',
  ...folderIds.map((id) => `/upload/files?sort=id&folder=${id}`),
  ...folderIds.map((id) => `/upload/folders/${id}`),
];

async function readAll(admin: ReturnType<typeof client>, paths: readonly string[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const path of paths) {
    const response = await admin.get(path);
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    answers.push(response.body);
  }
  return answers;
}

/** the JSON lines of every `<part>/*.jsonl` file of an unpacked archive */
async function archiveLines(root: string, part: string): Promise<Array<Record<string, any>>> {
  const lines: Array<Record<string, any>> = [];
  for (const file of (await readdir(join(root, part))).sort()) {
    for (const line of (await readFile(join(root, part, file), 'utf8')).split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
  }
  return lines;
}

describe('vellum export → vellum import of the media library folders', () => {
  let dir: string;
  let archive: string;
  let unpacked: string;
  let folderIds: number[];
  let expected: unknown[];
  let ids: { photos: number; year: number; docs: number; inside: number; moved: number; root: number };

  beforeAll(async () => {
    dir = await blogProject();
    const env = await databaseOf('sqlite');
    const { server, admin, headers } = await adminServer(dir, env);
    const upload = async (name: string, folder?: number): Promise<number> => {
      const form = new FormData();
      form.append('files', new Blob([pngBytes(3, 2)], { type: 'image/png' }), name);
      if (folder !== undefined) form.append('fileInfo', JSON.stringify({ name, folder }));
      const response = await fetch(`${server.url}/upload`, { method: 'POST', body: form, headers });
      const body = (await response.json()) as Array<{ id: number }>;
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body[0]!.id;
    };
    const folder = async (name: string, parent: number | null): Promise<number> => {
      const made = await admin.post('/upload/folders', { name, parent });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.data.id as number;
    };
    const photos = await folder('Photos', null);
    const docs = await folder('Docs', null);
    const year = await folder('2025', photos);
    const inside = await upload('inside.png', year);
    const moved = await upload('moved.png');
    const root = await upload('root.png');
    const move = await admin.post('/upload/actions/bulk-move', { fileIds: [moved], folderIds: [], destinationFolderId: docs });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    ids = { photos, year, docs, inside, moved, root };
    folderIds = [photos, docs, year];
    expected = await readAll(admin, READS(folderIds));
    // what the reads show before the move to another database
    const list = (expected[0] as { data: Array<Record<string, any>> }).data;
    expect(list.map((f) => [f.name, f.path, f.parent?.id ?? null])).toEqual([
      ['Photos', `/${list[0]!.pathId}`, null], ['Docs', `/${list[1]!.pathId}`, null], ['2025', `/${list[0]!.pathId}/${list[2]!.pathId}`, photos],
    ]);
    await server.stop();

    const out = await tempDir('vellum-folders-export-');
    const exported = await runVellum(['export', join(out, 'site'), '--no-encrypt', '--dir', dir], env);
    expect(exported.code, exported.stderr).toBe(0);
    archive = join(out, 'site.tar.gz');
    unpacked = await tempDir('vellum-folders-unpacked-');
    const { extract } = await import('tar');
    await extract({ file: archive, cwd: unpacked });
  }, 120_000);

  it('writes the folders as Strapi does: folder entities, the files\' folder links and the parents', async () => {
    const entities = await archiveLines(unpacked, 'entities');
    const folders = entities.filter((line) => line.type === 'plugin::upload.folder');
    expect(folders.map((line) => [line.id, line.data.name])).toEqual([[ids.photos, 'Photos'], [ids.docs, 'Docs'], [ids.year, '2025']]);
    const year = folders.find((line) => line.id === ids.year)!;
    expect(Object.keys(year.data).sort()).toEqual(['createdAt', 'documentId', 'locale', 'name', 'path', 'pathId', 'publishedAt', 'updatedAt']);
    expect(year.data.path).toMatch(/^\/\d+\/\d+$/);
    const inside = entities.find((line) => line.type === 'plugin::upload.file' && line.id === ids.inside)!;
    expect(inside.data.folderPath).toBe(year.data.path);
    const links = await archiveLines(unpacked, 'links');
    const folderLinks = links.filter((line) => line.left.type === 'plugin::upload.file' && line.left.field === 'folder');
    expect(folderLinks.map((line) => [line.relation, line.left.ref, line.right])).toEqual([
      ['manyToOne', ids.inside, { type: 'plugin::upload.folder', ref: ids.year, field: 'files' }],
      ['manyToOne', ids.moved, { type: 'plugin::upload.folder', ref: ids.docs, field: 'files' }],
    ]);
    const parents = links.filter((line) => line.left.type === 'plugin::upload.folder');
    expect(parents).toEqual([{
      kind: 'relation.circular', relation: 'manyToOne',
      left: { type: 'plugin::upload.folder', ref: ids.year, field: 'parent', pos: expect.any(Number) },
      right: { type: 'plugin::upload.folder', ref: ids.photos, field: 'children' },
    }]);
  });

  describeEachDialect('into a fresh database', (dialect) => {
    it('keeps every folder, its path, parent and files, read through the admin routes; a new folder gets the next path id', async () => {
      const env = await databaseOf(dialect);
      const imported = await runVellum(['import', archive, '--dir', dir], env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('9 entities, 3 links, 3 files');
      expect(imported.stdout).toContain('upload_folders: 3 rows');
      expect(imported.stdout).toContain('files_folder_lnk: 2 rows');
      expect(imported.stdout).toContain('upload_folders_parent_lnk: 1 rows');
      // neither left out nor "replaced": a fresh database held no folders
      expect(imported.stdout).not.toContain('plugin::upload.folder');
      expect(imported.stdout).not.toMatch(/Left out: \d+ links/);
      const { admin } = await adminServer(dir, env);
      const answers = await readAll(admin, READS(folderIds));
      for (const [index, path] of READS(folderIds).entries()) expect(answers[index], path).toEqual(expected[index]);
      const inYear = (answers[3 + folderIds.indexOf(ids.year)] as { results: Array<{ id: number; name: string }> }).results;
      expect(inYear.map((f) => [f.id, f.name])).toEqual([[ids.inside, 'inside.png']]);
      const pathIds = (answers[0] as { data: Array<{ pathId: number }> }).data.map((f) => f.pathId);
      const next = await admin.post('/upload/folders', { name: 'After', parent: ids.year });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      expect(next.body.data.id).toBe(Math.max(...folderIds) + 1);
      expect(next.body.data.pathId).toBe(Math.max(...pathIds) + 1);
    }, 120_000);
  });

  it('a Strapi archive\'s folder lines: the fixture with a folder added as Strapi writes it', async () => {
    // Strapi 5's export: the folder entity (its `upload_folders` row) and two links, the file's
    // `folder` (owned by the file) and the folder's `parent` (none here: a root folder)
    const strapi = await tempDir('vellum-folders-strapi-');
    const { extract } = await import('tar');
    await extract({ file: PLAIN, cwd: strapi });
    const entitiesFile = join(strapi, 'entities', 'entities_00001.jsonl');
    const lines = (await readFile(entitiesFile, 'utf8')).split('\n').filter((line) => line.trim() !== '');
    const red = lines.findIndex((line) => line.includes('"type":"plugin::upload.file","id":1,'));
    const file = JSON.parse(lines[red]!) as { data: Record<string, unknown> };
    file.data.folderPath = '/7';
    lines[red] = JSON.stringify(file);
    const folder = {
      type: 'plugin::upload.folder', id: 3,
      data: { documentId: 'k2x9q7v3m5n8b1c4d6f0g2h4', name: 'Covers', pathId: 7, path: '/7', createdAt: '2026-11-28T05:46:40.000Z', updatedAt: '2026-11-28T05:46:41.000Z', publishedAt: '2026-11-28T05:46:40.000Z', locale: null },
    };
    await writeFile(entitiesFile, `${[folder, ...lines.map((line) => JSON.parse(line))].map((line) => JSON.stringify(line)).join('\n')}\n`);
    const linksFile = join(strapi, 'links', 'links_00001.jsonl');
    const link = { kind: 'relation.basic', relation: 'manyToOne', left: { type: 'plugin::upload.file', ref: 1, field: 'folder', pos: 1 }, right: { type: 'plugin::upload.folder', ref: 3, field: 'files' } };
    await writeFile(linksFile, `${(await readFile(linksFile, 'utf8')).trimEnd()}\n${JSON.stringify(link)}\n`);

    const project = await blogProject();
    const env = await databaseOf('sqlite');
    // a database holding only a folder an editor made is not empty: --force is asked for
    const before = await adminServer(project, env);
    expect((await before.admin.post('/upload/folders', { name: 'Existing' })).status).toBe(201);
    await before.server.stop();
    const refused = await runVellum(['import', strapi, '--dir', project], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The database already holds content (nothing was written):\n  plugin::upload.folder (1 row)');
    // files and folders are one tree: an archive without folders replaces the folders with its files
    const withoutFolders = await runVellum(['import', PLAIN, '--force', '--dir', project], env);
    expect(withoutFolders.code, withoutFolders.stderr).toBe(0);
    expect(withoutFolders.stdout).toContain('Replaced: plugin::upload.folder (1 row)');
    const emptied = await adminServer(project, env);
    expect((await emptied.admin.get('/upload/folders')).body.data).toEqual([]);
    await emptied.server.stop();
    const imported = await runVellum(['import', strapi, '--force', '--dir', project], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('36 entities, 74 links, 6 files');
    expect(imported.stdout).not.toContain('Left out (Vellum has no such types)');
    const { admin } = await adminServer(project, env);
    const folders = await admin.get('/upload/folders');
    expect(folders.body.data).toEqual([expect.objectContaining({
      id: 3, documentId: 'k2x9q7v3m5n8b1c4d6f0g2h4', name: 'Covers', pathId: 7, path: '/7', parent: null,
      createdAt: '2026-11-28T05:46:40.000Z', updatedAt: '2026-11-28T05:46:41.000Z', files: { count: 1 },
    })]);
    const inside = await admin.get('/upload/files?folder=3');
    expect(inside.body.results.map((f: { id: number; name: string; folderPath: string }) => [f.id, f.name, f.folderPath])).toEqual([[1, 'red.png', '/7']]);
  }, 120_000);
});
