/**
 * Parsed and validated documents by query text, least recently used evicted first. Validation is
 * the expensive part of a small query; clients repeat the same few documents. Bounded
 * (`engineServer.cache`, default 1000 documents; 0 turns caching off).
 */
import type { DocumentNode } from 'graphql';

export class DocumentCache {
  private readonly entries = new Map<string, DocumentNode>();

  constructor(private readonly max: number) {}

  get(query: string): DocumentNode | undefined {
    const document = this.entries.get(query);
    if (document) {
      this.entries.delete(query);
      this.entries.set(query, document);
    }
    return document;
  }

  set(query: string, document: DocumentNode): void {
    if (this.max <= 0) return;
    this.entries.delete(query);
    this.entries.set(query, document);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
