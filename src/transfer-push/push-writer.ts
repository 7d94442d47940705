/**
 * Where a push's data goes: the same rows and files `vellum import` writes (src/transfer), fed
 * message by message instead of line by line. Entities and links collect in one RowBatch that
 * is written (one write transaction) every BATCH_ROWS rows and at the end of each stage, so
 * memory is bounded by a batch whatever the push's size; an asset's chunks flow through a
 * PassThrough into the upload provider as they arrive.
 *
 * Strapi's "restore" strategy: `beforeTransfer` deletes the content the push replaces (and the
 * stored files of the deleted file entries), `rollback` empties again what the push wrote and
 * removes the files it stored. As with `vellum import`, ids, document ids, locales and
 * timestamps are the source's.
 */
import { PassThrough } from 'node:stream';
import { clearTables, restartIds } from '../engine/transfer-rows.js';
import type { EngineContext } from '../engine/types.js';
import type { ContentType } from '../model/types.js';
import type { UploadProvider } from '../upload/provider.js';
import { asConfigurationLine, asEntityLine, asLinkLine, type LinePlace, type LinkLine } from '../transfer/archive-lines.js';
import { addEntityRows, type EntityContext } from '../transfer/entity-rows.js';
import { contentHeld, moveFileUrl, removeStoredFiles, storeAsset, type AssetMetadata } from '../transfer/import-archive.js';
import { keptType, tablesReplaced } from '../transfer/import-scope.js';
import { addLinkRows } from '../transfer/link-rows.js';
import { BATCH_ROWS, RowBatch } from '../transfer/row-batch.js';
import { LOCALE_SCHEMA } from '../model/i18n.js';
import { LOCALE_TABLE } from '../db/naming.js';
import { UPLOAD_FILE_UID } from '../model/built-in-types.js';
import { isRecord } from '../util/is-record.js';
import { storedAssetName } from './asset-name.js';
import { PushError } from './push-error.js';

export interface PushTarget {
  readonly engine: EngineContext;
  readonly provider: UploadProvider;
  /** the project's default locale now (the source's configuration arrives after its entities) */
  readonly defaultLocale: () => string;
  /** after a push wrote users, roles, permissions or locales: every instance reloads them */
  readonly changed: () => Promise<void>;
}

/** Strapi's init `params.options.restore`: which types the push replaces, whether files too */
export interface RestoreScope {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly assets?: boolean;
}

/** at most this many assets open at once (Strapi's client sends one at a time) */
const OPEN_ASSETS = 4;

interface OpenAsset {
  readonly stream: PassThrough;
  readonly stored: Promise<void>;
  readonly name: string;
  bytes: number;
}

type Moved = Map<number, { main?: { url: string; provider: string }; formats: Record<string, string> }>;

export class PushWriter {
  private readonly batch = new RowBatch();
  private readonly types: ContentType[];
  private readonly tables: string[];
  private readonly context: EntityContext;
  private readonly stored: Array<{ hash: string; ext: string; url: string }> = [];
  private readonly assets = new Map<string, OpenAsset>();
  private readonly moved: Moved = new Map();
  private pendingLinks: LinkLine[] = [];
  private items = { entities: 0, links: 0, configuration: 0, assets: 0 };
  /** rows written per table */
  readonly rows = new Map<string, number>();
  linksLeftOut = 0;
  configurationLeftOut = 0;

  constructor(private readonly target: PushTarget, private readonly scope: RestoreScope = {}) {
    const { registry } = target.engine;
    // every type a push may bring (the project's content types, files, users, roles, permissions),
    // narrowed by the init's `restore.entities` (what Strapi's restore deletes: `--only`, `--exclude`)
    const included = (uid: string): boolean => (scope.include === undefined || scope.include.includes(uid)) && !(scope.exclude ?? []).includes(uid);
    this.types = [...registry.contentTypes.values()].filter((type) => keptType(registry, type.uid) !== undefined && included(type.uid));
    // the locales only when the push brings some (Strapi's transfer leaves them out): see entities()
    this.tables = tablesReplaced(registry, this.types);
    this.context = { registry, dialect: target.engine.dialect.name, defaultLocale: target.defaultLocale() };
  }

  private written = (table: string, n: number): void => {
    this.rows.set(table, (this.rows.get(table) ?? 0) + n);
  };

  /** `beforeTransfer`: the content the push replaces goes, with the stored files of its file entries. */
  async prepare(): Promise<string[]> {
    const held = await contentHeld(this.target.engine, this.types);
    // the bytes of the file entries about to be deleted, unless the push leaves files alone
    if (held.length > 0 && this.scope.assets !== false && this.types.some((type) => type.uid === UPLOAD_FILE_UID)) await removeStoredFiles(this.target);
    await clearTables(this.target.engine, this.tables);
    return held;
  }

  private place(stage: string): LinePlace {
    return { archive: 'push', path: stage, line: this.items.entities + this.items.links + this.items.configuration + 1 };
  }

  async entities(items: readonly unknown[]): Promise<void> {
    for (const value of items) {
      const place = this.place('entities');
      const entity = asEntityLine(value, place);
      this.items.entities += 1;
      const type = keptType(this.target.engine.registry, entity.type);
      if (!type) continue;
      if (type === LOCALE_SCHEMA && !this.tables.includes(LOCALE_TABLE)) {
        await clearTables(this.target.engine, [LOCALE_TABLE]);
        this.tables.push(LOCALE_TABLE);
      }
      addEntityRows(this.context, type, entity.id, entity.data, this.batch, place);
      if (this.batch.size >= BATCH_ROWS) await this.batch.flush(this.target.engine, this.written);
    }
  }

  async links(items: readonly unknown[]): Promise<void> {
    for (const value of items) {
      this.pendingLinks.push(asLinkLine(value, this.place('links')));
      this.items.links += 1;
      if (this.pendingLinks.length >= BATCH_ROWS) await this.flushLinks();
    }
  }

  private async flushLinks(): Promise<void> {
    if (this.pendingLinks.length > 0) this.linksLeftOut += await addLinkRows(this.target.engine, this.pendingLinks, this.batch);
    this.pendingLinks = [];
    await this.batch.flush(this.target.engine, this.written);
  }

  /** Strapi's core store and webhooks: checked and counted, not kept (Vellum reads its settings from config/) */
  configuration(items: readonly unknown[]): void {
    for (const value of items) {
      asConfigurationLine(value, this.place('configuration'));
      this.items.configuration += 1;
      this.configurationLeftOut += 1;
    }
  }

  /** the end of a stage: what is batched is written */
  async endStage(stage: string): Promise<void> {
    if (stage === 'links') await this.flushLinks();
    else await this.batch.flush(this.target.engine, this.written);
  }

  assetStart(assetId: string, data: unknown): void {
    if (this.assets.has(assetId)) throw new PushError(`Asset "${assetId}" was started twice`);
    if (this.assets.size >= OPEN_ASSETS) throw new PushError(`More than ${OPEN_ASSETS} assets open at once`);
    const metadata = (isRecord(data) && isRecord(data.metadata) ? data.metadata : {}) as AssetMetadata;
    const filename = isRecord(data) && typeof data.filename === 'string' ? data.filename : undefined;
    const { hash, ext, name } = storedAssetName(metadata, filename);
    const stream = new PassThrough();
    const open: OpenAsset = { stream, name, bytes: 0, stored: Promise.resolve() };
    const stored = (async () => {
      const result = await storeAsset(this.target.provider, { hash, ext, mime: metadata.mime ?? 'application/octet-stream', stream }, metadata.url);
      if (result.created) this.stored.push({ hash, ext, url: result.url });
      if (typeof metadata.id === 'number' && metadata.url !== result.url) {
        const change = this.moved.get(metadata.id) ?? { formats: {} };
        if (metadata.type === undefined) change.main = { url: result.url, provider: this.target.provider.name };
        else change.formats[metadata.type] = result.url;
        this.moved.set(metadata.id, change);
      }
    })();
    // a failure is answered at the asset's end; until then it must not be an unhandled rejection
    stored.catch(() => undefined);
    this.assets.set(assetId, { ...open, stored });
  }

  /** one chunk, written with back-pressure: the provider's pace bounds what is held */
  async assetChunk(assetId: string, chunk: Buffer): Promise<void> {
    const asset = this.openAsset(assetId, 'stream');
    asset.bytes += chunk.length;
    if (!asset.stream.write(chunk)) {
      await Promise.race([
        new Promise<void>((resolve) => asset.stream.once('drain', () => resolve())),
        asset.stored,
      ]);
    }
  }

  async assetEnd(assetId: string): Promise<void> {
    const asset = this.openAsset(assetId, 'end');
    asset.stream.end();
    try {
      await asset.stored;
    } finally {
      this.assets.delete(assetId);
    }
    this.items.assets += 1;
  }

  private openAsset(assetId: string, action: string): OpenAsset {
    const asset = this.assets.get(assetId);
    if (!asset) throw new PushError(`No asset "${assetId}" for ${action} action; send start before stream/end`);
    return asset;
  }

  /** `close`: the sequences move past the pushed ids, moved files name their new URLs, every instance reloads auth data */
  async finish(): Promise<void> {
    await this.flushLinks();
    await restartIds(this.target.engine, this.tables);
    for (const [id, change] of this.moved) {
      if (change.main) await moveFileUrl(this.target.engine, id, undefined, change.main.url, change.main.provider);
      for (const [format, url] of Object.entries(change.formats)) await moveFileUrl(this.target.engine, id, format, url, this.target.provider.name);
    }
    await this.target.changed();
  }

  /** `rollback` or a dropped connection mid-way: what the push wrote goes again */
  async rollback(): Promise<void> {
    for (const asset of this.assets.values()) asset.stream.destroy();
    this.assets.clear();
    this.pendingLinks = [];
    await this.batch.flush(this.target.engine, () => undefined).catch(() => undefined);
    await clearTables(this.target.engine, this.tables).catch(() => undefined);
    for (const file of this.stored.splice(0)) await this.target.provider.delete(file).catch(() => undefined);
    await this.target.changed().catch(() => undefined);
  }

  get counts(): Readonly<{ entities: number; links: number; configuration: number; assets: number }> {
    return this.items;
  }
}
