/**
 * `vellum import`: a Strapi data-transfer archive into the project's database and upload
 * provider, in two passes over the archive (each streamed, see archive-entries.ts):
 *
 *  1. check (scan-archive.ts): read everything, write nothing: a truncated, corrupt or wrongly
 *     keyed archive stops here; the schemas are compared with the project's and every
 *     difference reported; a database holding content is refused unless `force`.
 *  2. write: entities (rows with the archive's ids, document ids, locales and timestamps, their
 *     components), then assets (through the configured upload provider, formats included),
 *     links (relations in order, media), in batches of rows, each batch one write transaction
 *     that also moves the import's progress record (`vellum_import_progress`: the archive's
 *     digest, the last entry and line committed) forward.
 *
 * When the write pass fails, what it wrote is removed again (tables emptied, stored files
 * deleted), unless the import runs with `resume`: then what is committed stays, and the same
 * command continues after the recorded line. A process killed mid-way (kill -9, power loss)
 * cannot clean up: its committed batches and their record stay, and `--resume` continues it.
 *
 * Ids are kept, so the archive's links (which name rows) need no mapping table; sequences are
 * moved past the largest id afterwards (`Dialect.restartIds`).
 */
import type { Readable } from 'node:stream';
import { FILES_TABLE } from '../db/naming.js';
import { inWriteTransaction } from '../engine/context.js';
import { endImportProgress, importProgress, recordImportProgress, startImportProgress, type ImportPosition } from '../engine/import-progress.js';
import { bulkLoadDurability, clearTables, countRows, restartIds, rowsWhereIn, tablePages, updateRowById } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import type { ContentType } from '../model/types.js';
import type { StoredFile, UploadProvider } from '../upload/provider.js';
import { isRecord } from '../util/is-record.js';
import { archiveDigest } from './archive-digest.js';
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
  /**
   * Continue an interrupted import of the same archive (same digest, same parts) after its last
   * committed line; and if this run fails, keep what it committed so it can be resumed again.
   */
  readonly resume?: boolean;
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
  /** set when this run continued an interrupted import: the last line the earlier run committed */
  readonly resumedAfter?: ImportPosition;
}

/** `content,files`: the parts as the progress record keeps them */
const partsKey = (parts: ReadonlySet<Part>): string => [...parts].sort().join(',');

const positionText = (at: ImportPosition): string => (at.entry < 0 ? 'the start' : `${at.path} line ${at.line}`);

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
  // the digest is read beside the check pass (the same bytes, another stream)
  const digesting = archiveDigest(source.name);
  digesting.catch(() => undefined);
  const facts = await scanArchive(source, ({ stage, count }) => progress.count(stage, count));
  const digest = await digesting;

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
  const interrupted = (await importProgress(engine)).find((record) => record.digest === digest);
  const resumeFrom = options.resume === true && interrupted !== undefined ? interrupted.position : undefined;
  if (resumeFrom && interrupted!.parts !== partsKey(options.parts)) {
    throw new TransferError(`The interrupted import of this archive wrote ${interrupted!.parts}; resume it with the same --only/--exclude (nothing was written).`);
  }
  const held = writesContent && !resumeFrom ? await contentHeld(engine, [...registry.contentTypes.values()].sort((a, b) => a.uid.localeCompare(b.uid))) : [];
  const seeded = writesContent && !resumeFrom ? kept.filter((t) => !holdsContent(t)).map((t) => t.uid).sort() : [];
  const replaced = [...held, ...seeded.map((uid) => `${uid} (replaced by the archive's)`)];
  if (held.length > 0 && !options.force && !options.dryRun) {
    throw new TransferError(
      `The database already holds content (nothing was written):\n  ${held.join('\n  ')}\n`
      + (interrupted ? `An import of this archive was interrupted after ${positionText(interrupted.position)}: --resume continues it.\n` : '')
      + `--force deletes that content and the stored files of its file entries${seeded.length > 0 ? `, and replaces ${seeded.join(', ')} with the archive's,` : ''} before importing.`,
    );
  }
  const summary = { facts, typesLeftOut, replaced, ...(resumeFrom ? { resumedAfter: resumeFrom } : {}) };
  if (options.dryRun) return { ...summary, rows: new Map(), assets: 0, linksLeftOut: 0 };

  const tables = writesContent ? tablesReplaced(registry, kept) : [];
  const stored: Array<{ hash: string; ext: string; url: string }> = [];
  await bulkLoadDurability(engine, true);
  try {
    if (resumeFrom) {
      progress.stage('resume', `continuing after ${positionText(resumeFrom)}`);
    } else {
      if (writesContent) {
        // the deleted entries' bytes go too, unless this import leaves the files alone (--exclude files)
        if (held.length > 0 && options.parts.has('files')) await removeStoredFiles(target);
        await clearTables(engine, tables);
      }
      await startImportProgress(engine, digest, partsKey(options.parts));
    }
    const result = await writePass(source, target, options, facts, { digest, from: resumeFrom, stored });
    if (writesContent) await restartIds(engine, tables);
    await endImportProgress(engine, digest);
    return { ...summary, ...result };
  } catch (error) {
    const reason = failureReason(error);
    if (options.resume === true) {
      // --resume: what is committed stays, with its progress record, for the next run to continue
      const at = (await importProgress(engine).catch(() => [])).find((record) => record.digest === digest)?.position;
      throw new TransferError(`The import stopped${at ? ` after ${positionText(at)}` : ''}; what it committed is kept: run the same command again to continue: ${reason}`);
    }
    // nothing half-written: what this import wrote goes again
    if (writesContent) await clearTables(engine, tables).catch(() => undefined);
    for (const file of stored) await target.provider.delete(file).catch(() => undefined);
    await endImportProgress(engine, digest).catch(() => undefined);
    if (error instanceof TransferError) throw error;
    throw new TransferError(`The import failed while writing, and what it had written was removed again: ${reason}`);
  } finally {
    await bulkLoadDurability(engine, false).catch(() => undefined);
  }
}

/** A database error's own words: the driver's message starts with the whole statement, thousands of rows long. */
function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TransferError || message.length <= 300) return message;
  const cut = message.lastIndexOf(' - ');
  return cut >= 0 ? message.slice(cut + 3) : `${message.slice(0, 300)}…`;
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

interface WriteState {
  readonly digest: string;
  /** resuming: the last line the interrupted import committed; everything up to it is skipped */
  readonly from: ImportPosition | undefined;
  /** files this run stored (a failed import without --resume deletes them) */
  readonly stored: Array<{ hash: string; ext: string; url: string }>;
}

async function writePass(
  source: ArchiveSource, target: ImportTarget, options: ImportOptions, facts: ArchiveFacts, state: WriteState,
): Promise<Omit<ImportSummary, 'facts' | 'typesLeftOut' | 'replaced'>> {
  const { engine } = target;
  const { from, digest } = state;
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
  let index = -1;
  // the batch's rows and this record commit together: after a crash the record names what is in the database
  const commit = (path: string, line: number) => (trx: EngineContext): Promise<void> => recordImportProgress(trx, digest, { entry: index, path, line });
  /** lines of this entry the interrupted import committed: they are skipped */
  const committedLines = (): number => (from !== undefined && index === from.entry ? from.line : 0);

  const flushLinks = async (path: string, line: number): Promise<void> => {
    linksLeftOut += await addLinkRows(engine, links, batch);
    links = [];
    await batch.flush(engine, written, commit(path, line));
    progress.count('links', linkCount);
  };

  for await (const entry of source.entries()) {
    index += 1;
    const part = jsonlPart(entry.path);
    if (from !== undefined && index < from.entry) {
      // committed by the interrupted import
      entry.body.resume();
      continue;
    }
    if (part === 'entities' && options.parts.has('content')) {
      progress.stage('entities', `${[...facts.entities.values()].reduce((a, b) => a + b, 0)} entities`);
      const skip = committedLines();
      let last = 0;
      for await (const { value, line } of jsonLines(source.name, entry.path, entry.body)) {
        if (line <= skip) continue;
        const place = { archive: source.name, path: entry.path, line };
        const entity = asEntityLine(value, place);
        last = line;
        const type = keptType(engine.registry, entity.type);
        if (!type) continue;
        addEntityRows(context, type, entity.id, entity.data, batch, place);
        entities += 1;
        if (batch.size >= BATCH_ROWS) {
          await batch.flush(engine, written, commit(entry.path, line));
          progress.count('entities', entities);
        }
      }
      await batch.flush(engine, written, commit(entry.path, last));
      progress.count('entities', entities);
      continue;
    }
    if (part === 'links' && options.parts.has('content')) {
      progress.stage('links', `${facts.links} links`);
      const skip = committedLines();
      let last = 0;
      for await (const { value, line } of jsonLines(source.name, entry.path, entry.body)) {
        if (line <= skip) continue;
        links.push(asLinkLine(value, { archive: source.name, path: entry.path, line }));
        last = line;
        linkCount += 1;
        if (links.length >= BATCH_ROWS) await flushLinks(entry.path, line);
      }
      await flushLinks(entry.path, last);
      continue;
    }
    const asset = assetPath(entry.path);
    if (asset && options.parts.has('files')) {
      if (asset.kind === 'metadata') {
        metadata = { name: asset.name, value: await readJson(entry.body) };
        continue;
      }
      const meta = metadata?.name === asset.name ? metadata.value : {};
      metadata = undefined;
      if (from !== undefined && index === from.entry) {
        // stored, and recorded, by the interrupted import
        entry.body.resume();
        continue;
      }
      if (assets === 0) progress.stage('assets', `${facts.assets} files`);
      const dot = asset.name.lastIndexOf('.');
      const hash = meta.hash ?? (dot > 0 ? asset.name.slice(0, dot) : asset.name);
      const ext = meta.ext ?? (dot > 0 ? asset.name.slice(dot) : '');
      const result = await storeAsset(target.provider, { hash, ext, mime: meta.mime ?? 'application/octet-stream', stream: entry.body as Readable }, meta.url);
      if (result.created) state.stored.push({ hash, ext, url: result.url });
      assets += 1;
      // the entry naming the file was written before (entities come first in the archive): it learns the new URL with the record
      const moved = typeof meta.id === 'number' && meta.url !== result.url && options.parts.has('content');
      await inWriteTransaction(engine, async (trx) => {
        if (moved) await moveFileUrl(trx, meta.id!, meta.type, result.url, target.provider.name);
        await commit(entry.path, 1)(trx);
      });
      progress.count('assets', assets);
      continue;
    }
    entry.body.resume();
  }
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

/** A file stored by another provider than the archive's: its entry (or its format `format`) names the new URL. */
export async function moveFileUrl(trx: EngineContext, id: number, format: string | undefined, url: string, provider: string): Promise<void> {
  const [row] = await rowsWhereIn(trx, FILES_TABLE, 'id', [id]);
  if (!row) return;
  if (format === undefined) {
    await updateRowById(trx, FILES_TABLE, id, { url, provider });
    return;
  }
  const formats = parseJson(row.formats);
  if (!isRecord(formats) || !isRecord(formats[format])) return;
  formats[format] = { ...formats[format], url };
  await updateRowById(trx, FILES_TABLE, id, { formats: JSON.stringify(formats) });
}

async function readJson(body: AsyncIterable<unknown>): Promise<AssetMetadata> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  return isRecord(value) ? (value as AssetMetadata) : {};
}
