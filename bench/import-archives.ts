/**
 * The generated archives `npm run bench:import` measures memory with: Strapi's archive layout
 * (`metadata.json`, `schemas/`, `entities/`, `assets/`, `links/`, as `vellum export` and `strapi
 * export` write it), on the bench project's model, of any size. Built from an unpacked export of
 * the bench dataset (`blog`): its schemas, its authors, categories, tags, files, locales, roles and
 * permissions are kept as they are, and articles are added up to the number of entries asked for,
 * each a copy of the export's first article with its own id, documentId, title, slug, SEO
 * component (with one social item) and dynamic zone (three items), and five links (category,
 * author, two tags, cover). Assets: files of random bytes, written a chunk at a time (never a
 * whole file in memory), with their `plugin::upload.file` entities and `assets/metadata/` entries.
 */
import { randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, copyFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { create } from 'tar';

export interface GeneratedArchive {
  readonly path: string;
  readonly entities: number;
  readonly links: number;
  readonly assets: number;
  readonly assetBytes: number;
  /** the archive file's size */
  readonly bytes: number;
}

export interface ArchiveSize {
  /** entity lines in all (the kept export's plus generated articles) */
  readonly entries: number;
  /** bytes of generated asset files (0: none) */
  readonly assetBytes: number;
  /** size of one generated asset file */
  readonly assetFileBytes: number;
  /** `.tar.gz` rather than `.tar` */
  readonly gzip: boolean;
}

type Line = { type: string; id: number; data: Record<string, unknown> };

const ARTICLE = 'api::article.article';
const FILE = 'plugin::upload.file';

/** Lines of an unpacked export's JSON-lines part (read line by line). */
async function* partLines(dir: string, part: string): AsyncGenerator<Line> {
  for (const file of readdirSync(join(dir, part)).sort()) {
    for await (const text of createInterface({ input: createReadStream(join(dir, part, file)), crlfDelay: Infinity })) {
      if (text.trim() !== '') yield JSON.parse(text) as Line;
    }
  }
}

class Lines {
  private readonly out: WriteStream;
  count = 0;
  constructor(path: string) {
    this.out = createWriteStream(path);
  }
  async write(value: unknown): Promise<void> {
    this.count += 1;
    if (!this.out.write(`${JSON.stringify(value)}\n`)) await once(this.out, 'drain');
  }
  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }
}

const documentId = (prefix: string, n: number): string => `${prefix}${n.toString(36).padStart(23, '0')}`;

/** Writes `size` random bytes to `path`, one 1 MiB chunk at a time. */
async function randomFile(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  const chunk = Buffer.alloc(1 << 20);
  for (let left = size; left > 0; left -= chunk.length) {
    randomFillSync(chunk);
    if (!out.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(out, 'drain');
    if (left < chunk.length) break;
  }
  out.end();
  await once(out, 'finish');
}

/**
 * Makes the archive `out` (`.tar` or `.tar.gz` appended) from the unpacked export `blog`; the
 * staging directory `work` is emptied afterwards.
 */
export async function generateArchive(blog: string, work: string, out: string, size: ArchiveSize): Promise<GeneratedArchive> {
  rmSync(work, { recursive: true, force: true });
  for (const part of ['schemas', 'entities', 'links', 'assets/uploads', 'assets/metadata']) mkdirSync(join(work, part), { recursive: true });
  copyFileSync(join(blog, 'metadata.json'), join(work, 'metadata.json'));
  for (const file of readdirSync(join(blog, 'schemas'))) copyFileSync(join(blog, 'schemas', file), join(work, 'schemas', file));

  const entities = new Lines(join(work, 'entities', 'entities_00001.jsonl'));
  let template: Line | undefined;
  const refs = { category: [] as number[], author: [] as number[], tag: [] as number[], file: [] as number[] };
  let maxFileId = 0;
  for await (const line of partLines(blog, 'entities')) {
    if (line.type === ARTICLE) {
      template ??= line;
      continue;
    }
    if (line.type === 'api::category.category') refs.category.push(line.id);
    if (line.type === 'api::author.author') refs.author.push(line.id);
    if (line.type === 'api::tag.tag') refs.tag.push(line.id);
    if (line.type === FILE) {
      refs.file.push(line.id);
      maxFileId = Math.max(maxFileId, line.id);
    }
    await entities.write(line);
  }
  if (!template) throw new Error(`bench: ${blog} holds no article to copy`);

  // the asset files: their entities first (entities come before assets in the archive)
  const assetCount = size.assetBytes > 0 ? Math.ceil(size.assetBytes / size.assetFileBytes) : 0;
  const assetFiles: Array<{ name: string; bytes: number; metadata: Record<string, unknown> }> = [];
  for (let i = 1; i <= assetCount; i += 1) {
    const bytes = Math.min(size.assetFileBytes, size.assetBytes - (i - 1) * size.assetFileBytes);
    const hash = `bench_blob_${i}`;
    const id = maxFileId + i;
    const data = {
      documentId: documentId('f', i), name: `blob-${i}.bin`, alternativeText: null, caption: null, width: null, height: null, formats: null,
      hash, ext: '.bin', mime: 'application/octet-stream', size: Math.round(bytes / 10.24) / 100, url: `/uploads/${hash}.bin`,
      previewUrl: null, provider: 'local', provider_metadata: null, folderPath: '/',
      createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z', locale: null,
    };
    await entities.write({ type: FILE, id, data });
    refs.file.push(id);
    assetFiles.push({ name: `${hash}.bin`, bytes, metadata: { id, ...data } });
  }

  const links = new Lines(join(work, 'links', 'links_00001.jsonl'));
  const pick = (list: readonly number[], n: number): number => list[n % list.length]!;
  const articles = Math.max(0, size.entries - entities.count);
  // past the ids of the kept entities' components (the global's SEO, …)
  let componentId = 10_000_000;
  const t = template.data;
  for (let n = 1; n <= articles; n += 1) {
    componentId += 1;
    const seo = { ...(t.seo as Record<string, unknown>), id: componentId, metaTitle: `Generated article ${n}`, social: [{ id: componentId, network: 'github', url: `https://example.com/${n}` }] };
    const blocks = (t.blocks as Array<Record<string, unknown>>).map((block) => ({ ...block, id: componentId }));
    const data = { ...t, documentId: documentId('a', n), title: `Generated article ${n}`, slug: `generated-article-${n}`, seo, blocks };
    await entities.write({ type: ARTICLE, id: n, data });
    const left = (field: string, pos: number) => ({ type: ARTICLE, ref: n, field, pos });
    await links.write({ kind: 'relation.basic', relation: 'manyToOne', left: left('category', 1), right: { type: 'api::category.category', ref: pick(refs.category, n), field: 'articles' } });
    await links.write({ kind: 'relation.basic', relation: 'manyToOne', left: left('author', 1), right: { type: 'api::author.author', ref: pick(refs.author, n), field: 'articles' } });
    for (const [pos, k] of [[1, n], [2, n + 1]] as const) {
      await links.write({ kind: 'relation.basic', relation: 'manyToMany', left: left('tags', pos), right: { type: 'api::tag.tag', ref: pick(refs.tag, k), field: 'articles' } });
    }
    await links.write({ kind: 'relation.morph', relation: 'morphToMany', left: { type: FILE, ref: pick(refs.file, n), field: 'related' }, right: { type: ARTICLE, ref: n, field: 'cover', pos: 1 } });
  }
  await entities.close();
  await links.close();

  const files = ['metadata.json', ...readdirSync(join(work, 'schemas')).map((f) => `schemas/${f}`), 'entities/entities_00001.jsonl'];
  for (const asset of assetFiles) {
    writeFileSync(join(work, 'assets', 'metadata', `${asset.name}.json`), JSON.stringify(asset.metadata));
    await randomFile(join(work, 'assets', 'uploads', asset.name), asset.bytes);
    files.push(`assets/metadata/${asset.name}.json`, `assets/uploads/${asset.name}`);
  }
  files.push('links/links_00001.jsonl');

  const path = `${out}${size.gzip ? '.tar.gz' : '.tar'}`;
  await pipeline(create({ cwd: work, gzip: size.gzip, portable: true }, files) as unknown as Readable, createWriteStream(path));
  rmSync(work, { recursive: true, force: true });
  return { path, entities: entities.count, links: links.count, assets: assetFiles.length, assetBytes: size.assetBytes, bytes: statSync(path).size };
}
