/**
 * `vellum import`: a Strapi data-transfer archive into the project's database and upload
 * provider, in two passes over the archive (each streamed, see archive-entries.ts):
 *
 *  1. check (scan-archive.ts): read everything, write nothing: a truncated, corrupt or wrongly
 *     keyed archive stops here; the schemas are compared with the project's and every
 *     difference reported; a database holding content is refused unless `force`.
 *  2. write: entities (rows with the archive's ids, document ids, locales and timestamps, their
 *     components), then assets (through the configured upload provider, formats included),
 *     links (relations in order, media), in batches of rows, each batch one write transaction.
 *     When anything fails in this pass the tables it writes are emptied again and the stored
 *     files removed: nothing is left half-written.
 *
 * Ids are kept, so the archive's links (which name rows) need no mapping table; sequences are
 * moved past the largest id afterwards (`Dialect.restartIds`).
 */
import type { Readable } from 'node:stream';
import { FILES_TABLE } from '../db/naming.js';
import { clearTables, countRows, restartIds, rowsWhereIn, tablePages, updateRowById } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import type { ContentType } from '../model/types.js';
import type { StoredFile, UploadProvider } from '../upload/provider.js';
import { isRecord } from '../util/is-record.js';
import type { ArchiveSource } from './archive-entries.js';
import { asEntityLine, asLinkLine, assetPath, jsonlPart, type LinkLine } from './archive-lines.js';
import { addEntityRows } from './entity-rows.js';
import { holdsContent, keptType, tablesReplaced, type Part } from './import-scope.js';
import { jsonLines } from './jsonl.js';
import { addLinkRows } from './link-rows.js';
import type { Progress } from './progress.js';
import { BATCH_ROWS, RowBatch } from './row-batch.js';
import { scanArchive, type ArchiveFacts } from './scan-archive.js';
import { compareSchemas } from './schema-compare.js';
import { TransferError } from './transfer-error.js';

export interface ImportTarget {
  readonly engine: EngineContext;
  readonly provider: UploadProvider;
}

export interface ImportOptions {
  readonly parts: ReadonlySet<Part>;
  readonly dryRun: boolean;
  readonly force: boolean;
  readonly progress: Progress;
}

export interface ImportSummary {
  readonly facts: ArchiveFacts;
  /** rows written per table (empty for a dry run) */
  readonly rows: ReadonlyMap<string, number>;
  readonly assets: number;
  readonly linksLeftOut: number;
  /** archive types Vellum has no place for */
  readonly typesLeftOut: readonly string[];
  /** what `force` replaced (or, without it, what refused the import) */
  readonly replaced: readonly string[];
}

/** `api::article.article (12 rows)` for every kept type with rows in the database */
export async function contentHeld(engine: EngineContext, types: readonly ContentType[]): Promise<string[]> {
  const held: string[] = [];
  for (const type of types) {
    if (!holdsContent(type)) continue;
    const rows = await countRows(engine, type.collectionName);
    if (rows > 0) held.push(`${type.uid} (${rows} row${rows === 1 ? '' : 's'})`);
  }
  return held;
}

export async function importArchive(source: ArchiveSource, target: ImportTarget, options: ImportOptions): Promise<ImportSummary> {
  const { engine } = target;
  const { registry } = engine;
  const progress = options.progress;
  progress.stage('check', `reading ${source.name}${source.encryption === 'none' ? '' : ` (encrypted, ${source.encryption})`}`);
  const facts = await scanArchive(source, ({ stage, count }) => progress.count(stage, count));

  const differences = compareSchemas(facts.schemas, registry);
  if (differences.length > 0) {
    throw new TransferError(`The archive's schemas differ from the project's (nothing was written):\n  ${differences.join('\n  ')}`);
  }
  const kept: ContentType[] = [];
  const typesLeftOut: string[] = [];
  for (const uid of facts.entities.keys()) {
    const type = keptType(registry, uid);
    if (type) kept.push(type);
    else typesLeftOut.push(uid);
  }
  const writesContent = options.parts.has('content');
  const held = writesContent ? await contentHeld(engine, [...registry.contentTypes.values()].sort((a, b) => a.uid.localeCompare(b.uid))) : [];
  const seeded = writesContent ? kept.filter((t) => !holdsContent(t)).map((t) => t.uid).sort() : [];
  const replaced = [...held, ...seeded.map((uid) => `${uid} (replaced by the archive's)`)];
  if (held.length > 0 && !options.force && !options.dryRun) {
    throw new TransferError(
      `The database already holds content (nothing was written):\n  ${held.join('\n  ')}\n`
      + `--force deletes that content and the stored files of its file entries${seeded.length > 0 ? `, and replaces ${seeded.join(', ')} with the archive's,` : ''} before importing.`,
    );
  }
  const summary = { facts, typesLeftOut, replaced };
  if (options.dryRun) return { ...summary, rows: new Map(), assets: 0, linksLeftOut: 0 };

  const tables = writesContent ? tablesReplaced(registry, kept) : [];
  const stored: Array<{ hash: string; ext: string; url: string }> = [];
  try {
    if (writesContent) {
      // the deleted entries' bytes go too, unless this import leaves the files alone (--exclude files)
      if (held.length > 0 && options.parts.has('files')) await removeStoredFiles(target);
      await clearTables(engine, tables);
    }
    const result = await writePass(source, target, options, facts, stored);
    if (writesContent) await restartIds(engine, tables);
    return { ...summary, ...result };
  } catch (error) {
    // nothing half-written: what this import wrote goes again
    if (writesContent) await clearTables(engine, tables).catch(() => undefined);
    for (const file of stored) await target.provider.delete(file).catch(() => undefined);
    if (error instanceof TransferError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new TransferError(`The import failed while writing, and what it had written was removed again: ${reason}`);
  }
}

/** --force: the bytes of the files about to be deleted go first (the local provider never overwrites a name). */
export async function removeStoredFiles(target: ImportTarget): Promise<void> {
  for await (const page of tablePages(target.engine, FILES_TABLE)) {
    for (const row of page) {
      const formats = parseJson(row.formats);
      for (const format of isRecord(formats) ? Object.values(formats) : []) {
        if (isRecord(format)) await target.provider.delete({ hash: String(format.hash), ext: String(format.ext ?? ''), url: String(format.url ?? '') }).catch(() => undefined);
      }
      await target.provider.delete({ hash: String(row.hash), ext: String(row.ext ?? ''), url: String(row.url ?? '') }).catch(() => undefined);
    }
  }
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export interface AssetMetadata {
  readonly id?: number;
  readonly hash?: string;
  readonly ext?: string;
  readonly mime?: string;
  readonly url?: string;
  /** a format's name (`thumbnail`); absent for the file itself */
  readonly type?: string;
}

async function writePass(
  source: ArchiveSource, target: ImportTarget, options: ImportOptions, facts: ArchiveFacts, stored: Array<{ hash: string; ext: string; url: string }>,
): Promise<Omit<ImportSummary, 'facts' | 'typesLeftOut' | 'replaced'>> {
  const { engine } = target;
  const progress = options.progress;
  const rows = new Map<string, number>();
  const written = (table: string, n: number): void => { rows.set(table, (rows.get(table) ?? 0) + n); };
  const batch = new RowBatch();
  const context = { registry: engine.registry, dialect: engine.dialect.name, defaultLocale: facts.defaultLocale };
  let links: LinkLine[] = [];
  let entities = 0;
  let linkCount = 0;
  let linksLeftOut = 0;
  let assets = 0;
  let metadata: { name: string; value: AssetMetadata } | undefined;
  const moved = new Map<number, { main?: { url: string; provider: string }; formats: Record<string, string> }>();

  const flushLinks = async (): Promise<void> => {
    linksLeftOut += await addLinkRows(engine, links, batch);
    links = [];
    await batch.flush(engine, written);
    progress.count('links', linkCount);
  };

  for await (const entry of source.entries()) {
    const part = jsonlPart(entry.path);
    if (part === 'entities' && options.parts.has('content')) {
      progress.stage('entities', `${[...facts.entities.values()].reduce((a, b) => a + b, 0)} entities`);
      for await (const { value, line } of jsonLines(source.name, entry.path, entry.body)) {
        const place = { archive: source.name, path: entry.path, line };
        const entity = asEntityLine(value, place);
        const type = keptType(engine.registry, entity.type);
        if (!type) continue;
        addEntityRows(context, type, entity.id, entity.data, batch, place);
        entities += 1;
        if (batch.size >= BATCH_ROWS) {
          await batch.flush(engine, written);
          progress.count('entities', entities);
        }
      }
      await batch.flush(engine, written);
      progress.count('entities', entities);
      continue;
    }
    if (part === 'links' && options.parts.has('content')) {
      progress.stage('links', `${facts.links} links`);
      for await (const { value, line } of jsonLines(source.name, entry.path, entry.body)) {
        links.push(asLinkLine(value, { archive: source.name, path: entry.path, line }));
        linkCount += 1;
        if (links.length >= BATCH_ROWS) await flushLinks();
      }
      await flushLinks();
      continue;
    }
    const asset = assetPath(entry.path);
    if (asset && options.parts.has('files')) {
      if (asset.kind === 'metadata') {
        metadata = { name: asset.name, value: await readJson(entry.body) };
        continue;
      }
      if (assets === 0) progress.stage('assets', `${facts.assets} files`);
      const meta = metadata?.name === asset.name ? metadata.value : {};
      metadata = undefined;
      const dot = asset.name.lastIndexOf('.');
      const hash = meta.hash ?? (dot > 0 ? asset.name.slice(0, dot) : asset.name);
      const ext = meta.ext ?? (dot > 0 ? asset.name.slice(dot) : '');
      const result = await storeAsset(target.provider, { hash, ext, mime: meta.mime ?? 'application/octet-stream', stream: entry.body as Readable }, meta.url);
      if (result.created) stored.push({ hash, ext, url: result.url });
      assets += 1;
      progress.count('assets', assets);
      if (typeof meta.id === 'number' && meta.url !== result.url) {
        const change = moved.get(meta.id) ?? { formats: {} };
        if (meta.type === undefined) change.main = { url: result.url, provider: target.provider.name };
        else change.formats[meta.type] = result.url;
        moved.set(meta.id, change);
      }
      continue;
    }
    entry.body.resume();
  }
  await flushLinks();
  if (moved.size > 0 && options.parts.has('content')) await moveFileUrls(engine, moved);
  progress.stage('done', `${entities} entities, ${linkCount - linksLeftOut} links, ${assets} files`);
  return { rows, assets, linksLeftOut };
}

/**
 * Stores one asset. A name the local provider already holds is the same file (names carry
 * random bytes): an import into another database of the same project (`vellum export`, then
 * `vellum import` with another DATABASE_*) finds its files in place.
 */
export async function storeAsset(provider: UploadProvider, file: StoredFile, archivedUrl: string | undefined): Promise<{ url: string; created: boolean }> {
  try {
    return { ...(await provider.upload(file)), created: true };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST' && archivedUrl !== undefined) return { url: archivedUrl, created: false };
    throw error;
  }
}

/** Files stored by another provider than the archive's: their rows (and formats) name the new URLs. */
export async function moveFileUrls(engine: EngineContext, moved: ReadonlyMap<number, { main?: { url: string; provider: string }; formats: Record<string, string> }>): Promise<void> {
  const found = await rowsWhereIn(engine, FILES_TABLE, 'id', [...moved.keys()]);
  for (const row of found) {
    const change = moved.get(Number(row.id));
    if (!change) continue;
    const values: Record<string, unknown> = {};
    if (change.main) Object.assign(values, { url: change.main.url, provider: change.main.provider });
    const formats = parseJson(row.formats);
    if (isRecord(formats) && Object.keys(change.formats).length > 0) {
      for (const [name, url] of Object.entries(change.formats)) if (isRecord(formats[name])) formats[name] = { ...formats[name], url };
      values.formats = JSON.stringify(formats);
    }
    if (Object.keys(values).length > 0) await updateRowById(engine, FILES_TABLE, Number(row.id), values);
  }
}

async function readJson(body: AsyncIterable<unknown>): Promise<AssetMetadata> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  return isRecord(value) ? (value as AssetMetadata) : {};
}
