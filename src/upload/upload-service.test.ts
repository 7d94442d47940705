import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DocumentData, DocumentRepository } from '../documents/types.js';
import type { EngineContext, Entry } from '../engine/types.js';
import type { UploadProvider } from './provider.js';
import { createUploadService } from './upload-service.js';

/** A provider that keeps bytes in a map, and a files repository whose `create` fails on demand. */
function fakes(failOnCreate: number) {
  const storedFiles = new Map<string, Buffer>();
  const entries = new Map<string, Entry>();
  let creates = 0;
  const provider: UploadProvider = {
    name: 'memory',
    async upload(file) {
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      storedFiles.set(`${file.hash}${file.ext}`, Buffer.concat(chunks));
      return { url: `/m/${file.hash}${file.ext}` };
    },
    async delete(file) {
      storedFiles.delete(`${file.hash}${file.ext}`);
    },
  };
  const repository = {
    uid: 'plugin::upload.file',
    async create(data: DocumentData) {
      creates += 1;
      if (creates === failOnCreate) throw new Error('database write failed');
      const entry = { id: creates, documentId: `doc${creates}`, ...data };
      entries.set(entry.documentId, entry);
      return entry;
    },
    async delete(documentId: string) {
      return entries.delete(documentId);
    },
  } as unknown as DocumentRepository;
  const service = createUploadService({} as EngineContext, repository, provider);
  return { service, storedFiles, entries };
}

const file = (filename: string, text: string) => ({ filename, mime: 'text/plain', stream: Readable.from([Buffer.from(text)]) });

describe('upload service', () => {
  it('streams each file to the provider and records its size', async () => {
    const { service, storedFiles, entries } = fakes(0);
    const [entry] = await service.upload([file('a.txt', 'hello')], [{ caption: 'c' }]);
    expect(entry).toMatchObject({ name: 'a.txt', caption: 'c', ext: '.txt', size: 0.01, provider: 'memory', width: null });
    expect([...storedFiles.values()].map(String)).toEqual(['hello']);
    expect(entries.size).toBe(1);
  });

  it('removes the entries already written and every stored file when a later database write fails', async () => {
    const { service, storedFiles, entries } = fakes(2);
    await expect(service.upload([file('a.txt', 'one'), file('b.txt', 'two'), file('c.txt', 'three')])).rejects.toThrow('database write failed');
    expect(entries.size).toBe(0);
    expect(storedFiles.size).toBe(0);
  });

  it('removes the files staged so far when a later file is refused before the database is touched', async () => {
    const { service, storedFiles, entries } = fakes(0);
    await expect(service.upload([file('a.txt', 'one'), file(`b.${'x'.repeat(40)}`, 'two')])).rejects.toThrow(/extension/);
    expect(storedFiles.size).toBe(0);
    expect(entries.size).toBe(0);
  });
});
