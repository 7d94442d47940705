/**
 * JSON-lines files of an archive (`entities/entities_00001.jsonl`, …): read line by line
 * (node:readline over the entry's stream, never the whole file), each line parsed and
 * numbered so an error names the file and line; written with the names and roll-over Strapi
 * uses (`<dir>/<dir>_00001.jsonl`, a new file before one would pass 256 MB).
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { TransferError } from './transfer-error.js';

export interface JsonLine {
  readonly value: unknown;
  /** 1-based */
  readonly line: number;
}

export async function* jsonLines(archive: string, path: string, body: Readable): AsyncGenerator<JsonLine> {
  const lines = createInterface({ input: body, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new TransferError(`${archive}: ${path} line ${line} is not JSON (${error instanceof Error ? error.message : String(error)}).`, true);
      }
      yield { value, line };
    }
  } catch (error) {
    // the archive broke while this file was read: say how far it got
    if (error instanceof TransferError && !error.placed) throw new TransferError(`${error.message.replace(/\.$/, '')} (after line ${line} of ${path}).`, true);
    throw error;
  }
}

/** `entities/entities_00001.jsonl` */
export function jsonlPath(dir: string, index: number): string {
  return `${dir}/${dir}_${String(index).padStart(5, '0')}.jsonl`;
}

/** Strapi's roll-over size of one JSON-lines file */
export const JSONL_MAX_BYTES = 2.56e8;

/**
 * Writes one part's lines (`entities`, …) under `root/<dir>/`, rolling over to the next
 * numbered file before one would pass JSONL_MAX_BYTES; waits when the disk is slower.
 */
export class JsonlWriter {
  private index = 0;
  private bytes = 0;
  private out: WriteStream | undefined;
  readonly files: string[] = [];
  lines = 0;

  constructor(private readonly root: string, private readonly dir: string) {}

  async write(value: unknown): Promise<void> {
    const text = `${JSON.stringify(value)}\n`;
    const size = Buffer.byteLength(text);
    if (!this.out || (this.bytes > 0 && this.bytes + size > JSONL_MAX_BYTES)) await this.next();
    this.bytes += size;
    this.lines += 1;
    if (!this.out!.write(text)) await once(this.out!, 'drain');
  }

  private async next(): Promise<void> {
    await this.close();
    this.index += 1;
    this.bytes = 0;
    const path = jsonlPath(this.dir, this.index);
    await mkdir(join(this.root, this.dir), { recursive: true });
    this.out = createWriteStream(join(this.root, path));
    this.files.push(path);
  }

  async close(): Promise<void> {
    if (!this.out) return;
    const out = this.out;
    this.out = undefined;
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}
