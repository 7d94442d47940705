/**
 * The files of a Strapi data-transfer archive, one after the other, streamed: a `.tar`,
 * `.tar.gz`, either one encrypted (`.enc`, encryption.ts), or the unpacked directory
 * (`strapi export` since #25867, and what a user gets from `tar -x`). Nothing is held beyond
 * the entry being read: the tar parser (node-tar) waits while an entry's body is not consumed.
 *
 * The kind of file is told from its first bytes, not its name: gzip magic, a tar header, or
 * else cipher text (which then needs `--key`).
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { loadPackage } from '../util/load-package.js';
import { decipher, findDecryption, isGzip, isTar, PROBE_BYTES, type Decryption } from './encryption.js';
import { TransferError } from './transfer-error.js';

export interface ArchiveEntry {
  /** the path inside the archive, `/`-separated, no leading `./` */
  readonly path: string;
  readonly body: Readable;
}

export interface ArchiveSource {
  /** the file or directory, as named on the command line */
  readonly name: string;
  readonly encryption: Decryption['variant'] | 'none';
  /** every file of the archive, in archive order; an entry's body must be read (or resumed) before the next comes */
  entries(): AsyncGenerator<ArchiveEntry>;
}

const normalize = (path: string): string => path.replace(/^(\.\/)+/, '');

export async function openArchive(name: string, key: string | undefined): Promise<ArchiveSource> {
  let info;
  try {
    info = await stat(name);
  } catch {
    throw new TransferError(`${name}: no such file or directory.`);
  }
  if (info.isDirectory()) return directorySource(name);
  const handle = await open(name, 'r');
  const start = Buffer.alloc(PROBE_BYTES);
  const { bytesRead } = await handle.read(start, 0, PROBE_BYTES, 0).finally(() => handle.close());
  const head = start.subarray(0, bytesRead);
  if (isGzip(head) || isTar(head)) return tarSource(name, undefined);
  if (key === undefined) {
    throw new TransferError(`${name} is encrypted (or is no Strapi archive): pass the key it was exported with, --key <key>.`);
  }
  const decryption = findDecryption(head, key);
  if (!decryption) throw new TransferError(`${name}: the key does not open this archive (wrong key, or not a Strapi export).`);
  return tarSource(name, decryption);
}

function tarSource(name: string, decryption: Decryption | undefined): ArchiveSource {
  return { name, encryption: decryption?.variant ?? 'none', entries: () => tarEntries(name, decryption) };
}

/** Tells which entry a broken archive broke in. */
function brokenArchive(name: string, inside: string | undefined, error: unknown): TransferError {
  const reason = error instanceof Error ? error.message : String(error);
  const where = inside === undefined ? '' : ` inside ${inside}`;
  if (/bad decrypt|wrong final block/i.test(reason)) return new TransferError(`${name}: the archive is cut short or damaged${where} (decryption failed: ${reason}).`);
  return new TransferError(`${name}: the archive is cut short or damaged${where}: ${reason}.`);
}

async function* tarEntries(name: string, decryption: Decryption | undefined): AsyncGenerator<ArchiveEntry> {
  const { Parser } = await loadPackage(() => import('tar'));
  const parser = new Parser({ strict: true });
  const ready: Array<{ path: string; body: PassThrough }> = [];
  let current: { path: string; body: PassThrough } | undefined;
  let failure: TransferError | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const signal = (): void => { const w = wake; wake = undefined; w?.(); };
  parser.on('entry', (entry: Readable & { path: string; type: string }) => {
    if (entry.type !== 'File' && entry.type !== 'OldFile') {
      entry.resume();
      return;
    }
    const body = new PassThrough();
    // the reader of the body sees its error; a body not read yet must not crash the process with it
    body.on('error', () => undefined);
    entry.pipe(body);
    ready.push({ path: normalize(entry.path), body });
    signal();
  });
  const fail = (error: unknown): void => {
    if (failure) return;
    const inside = current?.path ?? ready[0]?.path;
    failure = error instanceof TransferError ? error : brokenArchive(name, inside, error);
    current?.body.destroy(failure);
    for (const entry of ready) entry.body.destroy(failure);
    signal();
  };
  parser.on('error', fail);
  let stopped = false;
  const input: Readable = createReadStream(name, decryption ? { start: decryption.offset } : {});
  const feed = async (): Promise<void> => {
    const bytes = decryption ? input.pipe(decipher(decryption)) : input;
    input.on('error', fail);
    bytes.on('error', fail);
    for await (const chunk of bytes) {
      if (failure || stopped) return;
      if (!parser.write(chunk as Buffer)) await once(parser, 'drain');
    }
    if (failure) return;
    // listening first: the parser may end inside end()
    const finished = once(parser, 'end');
    parser.end();
    await finished;
  };
  void feed().then(() => { ended = true; signal(); }, (error: unknown) => { fail(error); ended = true; signal(); });
  try {
    for (;;) {
      while (ready.length === 0 && !ended && !failure) await new Promise<void>((resolve) => { wake = resolve; });
      if (failure) throw failure;
      const next = ready.shift();
      if (!next) return;
      current = next;
      yield next;
      // whatever the consumer left unread is drained, so the parser moves on
      if (!next.body.readableEnded) {
        next.body.resume();
        if (!failure) await once(next.body, 'end').catch(() => undefined);
      }
      if (failure) throw failure;
    }
  } finally {
    // the consumer stopped early (its own error): stop reading, quietly
    if (!ended && !failure) {
      stopped = true;
      input.destroy();
      current?.body.destroy();
      for (const entry of ready) entry.body.destroy();
    }
  }
}

/** The parts of an unpacked archive, in the order `strapi export` writes them. */
const DIRECTORY_PARTS = ['schemas', 'entities', 'assets', 'links', 'configuration'] as const;

function directorySource(root: string): ArchiveSource {
  return {
    name: root,
    encryption: 'none',
    async *entries() {
      for (const part of DIRECTORY_PARTS) {
        if (part === 'assets') {
          yield* assetFiles(root);
          continue;
        }
        for (const file of await sortedFiles(join(root, part))) yield { path: `${part}/${file}`, body: createReadStream(join(root, part, file)) };
      }
      const metadata = join(root, 'metadata.json');
      if (await isFile(metadata)) yield { path: 'metadata.json', body: createReadStream(metadata) };
    },
  };
}

async function* assetFiles(root: string): AsyncGenerator<ArchiveEntry> {
  for (const file of await sortedFiles(join(root, 'assets', 'uploads'))) {
    const metadata = join(root, 'assets', 'metadata', `${file}.json`);
    if (await isFile(metadata)) yield { path: `assets/metadata/${file}.json`, body: createReadStream(metadata) };
    yield { path: `assets/uploads/${basename(file)}`, body: createReadStream(join(root, 'assets', 'uploads', file)) };
  }
}

async function sortedFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false);
}
