/**
 * `vellum export`: the project's content, files and locales as a Strapi data-transfer archive
 * that `vellum import` and `strapi import` read. The parts are written to a staging directory
 * as Strapi lays them out (`metadata.json`, `schemas/`, `entities/`, `assets/metadata/` and
 * `assets/uploads/`, `links/`), a page of rows at a time; node-tar then streams them into the
 * archive, through gzip and the cipher when asked. Stored files are not copied: the staging
 * directory links to them (local provider) or receives them once (a remote URL), and the tar
 * stream follows the links.
 *
 * The name gets Strapi's suffixes (`.tar`, `.gz`, `.enc`): `strapi import` reads them to decide
 * how to open the file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILES_TABLE, LOCALE_COLUMNS, LOCALE_TABLE, columnName } from '../db/naming.js';
import { fromDbValue, toNumber } from '../db/values.js';
import { countRows, tablePages } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { LOCALE_SCHEMA } from '../model/i18n.js';
import type { ContentType } from '../model/types.js';
import { isRecord } from '../util/is-record.js';
import { loadPackage } from '../util/load-package.js';
import { SAFE_ASSET_NAME } from './archive-lines.js';
import { legacyCipher } from './encryption.js';
import { keptType } from './import-scope.js';
import { JsonlWriter } from './jsonl.js';
import { writeEntities, writeMediaLinks, writeRelationLinks } from './export-rows.js';
import { schemaLines } from './export-schemas.js';
import type { Progress } from './progress.js';
import { TransferError } from './transfer-error.js';

/** the Strapi major whose archive format this is; `strapi import` compares versions only when asked */
const STRAPI_FORMAT_VERSION = '5.0.0';

export interface ExportSource {
  readonly engine: EngineContext;
  /** the project's `public/` (the local provider's files are under `uploads/`) */
  readonly publicDir: string;
}

export interface ExportOptions {
  /** the file asked for; Strapi's suffixes are added */
  readonly file: string;
  /** undefined: not encrypted */
  readonly key: string | undefined;
  readonly compress: boolean;
  readonly progress: Progress;
}

export interface ExportSummary {
  readonly path: string;
  readonly entities: number;
  readonly links: number;
  readonly assets: number;
}

/** `backup` → `backup.tar.gz.enc` (whatever Strapi suffixes it already had are replaced) */
export function archiveName(file: string, compress: boolean, encrypt: boolean): string {
  const base = file.replace(/(\.tar)?(\.gz)?(\.enc)?$/, '');
  return `${base}.tar${compress ? '.gz' : ''}${encrypt ? '.enc' : ''}`;
}

/** the content types an export holds: the project's, the media library's, users, roles, permissions, locales */
function exportedTypes(engine: EngineContext): ContentType[] {
  const types = [...engine.registry.contentTypes.values()].filter((t) => keptType(engine.registry, t.uid) !== undefined);
  return [LOCALE_SCHEMA, ...types];
}

export async function exportArchive(source: ExportSource, options: ExportOptions): Promise<ExportSummary> {
  const { engine } = source;
  const path = resolve(archiveName(options.file, options.compress, options.key !== undefined));
  const staging = await mkdtemp(join(tmpdir(), 'vellum-export-'));
  const progress = options.progress;
  try {
    const order: string[] = ['metadata.json'];
    await writeFile(join(staging, 'metadata.json'), JSON.stringify({ createdAt: new Date().toISOString(), strapi: { version: STRAPI_FORMAT_VERSION }, vellum: { format: 1 } }, null, 2));
    const types = exportedTypes(engine);

    const schemas = new JsonlWriter(staging, 'schemas');
    for (const line of schemaLines(engine.registry, types.filter((t) => t.uid !== LOCALE_SCHEMA.uid))) await schemas.write(line);
    await schemas.close();

    progress.stage('entities', `${types.length} types`);
    const entities = new JsonlWriter(staging, 'entities');
    for (const type of types) {
      if (type.uid !== LOCALE_SCHEMA.uid || (await countRows(engine, LOCALE_TABLE)) > 0) {
        await writeEntities(engine, type, entities, () => progress.count('entities', entities.lines));
      }
    }
    await entities.close();

    progress.stage('assets', 'stored files');
    const assets = await stageAssets(source, staging, () => undefined);
    progress.count('assets', assets.count);

    progress.stage('links', 'relations and media');
    const links = new JsonlWriter(staging, 'links');
    for (const schema of [...types.filter((t) => t.uid !== LOCALE_SCHEMA.uid), ...engine.registry.components.values()]) {
      await writeRelationLinks(engine, schema, links, () => progress.count('links', links.lines));
    }
    await writeMediaLinks(engine, links, () => progress.count('links', links.lines));
    await links.close();

    // the default locale, where Strapi keeps it (its core store), so an import on either side keeps it
    const configuration = new JsonlWriter(staging, 'configuration');
    const defaultLocale = await defaultLocaleCode(engine);
    if (defaultLocale !== undefined) {
      await configuration.write({ type: 'core-store', value: { key: 'plugin_i18n_default_locale', value: JSON.stringify(defaultLocale), type: 'string', environment: null, tag: null } });
    }
    await configuration.close();

    order.push(...schemas.files, ...entities.files, ...assets.files, ...links.files, ...configuration.files);
    progress.stage('archive', path);
    await writeTar(staging, order, path, options);
    progress.stage('done', `${entities.lines} entities, ${links.lines} links, ${assets.count} files`);
    return { path, entities: entities.lines, links: links.lines, assets: assets.count };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function defaultLocaleCode(engine: EngineContext): Promise<string | undefined> {
  for await (const page of tablePages(engine, LOCALE_TABLE)) {
    const row = page.find((r) => fromDbValue('boolean', r[LOCALE_COLUMNS.isDefault]) === true);
    if (row) return String(row[LOCALE_COLUMNS.code]);
  }
  return undefined;
}

async function writeTar(staging: string, files: readonly string[], path: string, options: ExportOptions): Promise<void> {
  const { create } = await loadPackage(() => import('tar'));
  // follow: the staged assets are links to the stored files; portable: no owner or mode noise
  const pack = create({ cwd: staging, gzip: options.compress, portable: true, follow: true }, [...files]) as unknown as Readable;
  const out = createWriteStream(path);
  if (options.key !== undefined) await pipeline(pack, legacyCipher(options.key), out);
  else await pipeline(pack, out);
}

interface StagedAssets {
  readonly files: string[];
  count: number;
}

/** Each stored file and format under `assets/uploads/<hash><ext>` with its `assets/metadata/<name>.json`, as Strapi's asset stage. */
async function stageAssets(source: ExportSource, staging: string, onFile: () => void): Promise<StagedAssets> {
  const staged: StagedAssets = { files: [], count: 0 };
  const { engine } = source;
  const fileType = engine.registry.contentType(UPLOAD_FILE_UID);
  const stage = async (name: string, url: string, metadata: Record<string, unknown>): Promise<void> => {
    if (!SAFE_ASSET_NAME.test(name)) throw new TransferError(`files: ${JSON.stringify(name)} is not a plain file name; it cannot go into an archive.`);
    await mkdir(join(staging, 'assets', 'uploads'), { recursive: true });
    await mkdir(join(staging, 'assets', 'metadata'), { recursive: true });
    const target = join(staging, 'assets', 'uploads', name);
    if (/^https?:\/\//i.test(url)) {
      const response = await fetch(url);
      if (!response.ok || !response.body) throw new TransferError(`files: ${url} answered ${response.status}: the file cannot be exported.`);
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(target));
    } else {
      await symlink(join(source.publicDir, url.replace(/^\/+/, '')), target);
    }
    await writeFile(join(staging, 'assets', 'metadata', `${name}.json`), JSON.stringify(metadata));
    staged.files.push(`assets/metadata/${name}.json`, `assets/uploads/${name}`);
    staged.count += 1;
    onFile();
  };
  for await (const page of tablePages(engine, FILES_TABLE)) {
    for (const row of page) {
      const entry: Record<string, unknown> = { id: toNumber(row.id), documentId: row.document_id };
      for (const attr of Object.values(fileType.attributes)) if (attr.kind === 'scalar') entry[attr.name] = fromDbValue(attr.type, row[columnName(attr.name)]);
      const hash = String(entry.hash);
      await stage(`${hash}${String(entry.ext ?? '')}`, String(entry.url), entry);
      const formats = isRecord(entry.formats) ? entry.formats : {};
      for (const [format, value] of Object.entries(formats)) {
        if (!isRecord(value)) continue;
        await stage(`${String(value.hash)}${String(value.ext ?? '')}`, String(value.url), { ...value, type: format, id: entry.id, mainHash: hash });
      }
    }
  }
  return staged;
}
