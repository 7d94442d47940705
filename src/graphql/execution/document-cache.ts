/**
 * Parsed and validated documents by query text, least recently used evicted first. Validation is
 * the expensive part of a small query; clients repeat the same few documents. Bounded by count
 * (`engineServer.cache`, default 1000 documents; 0 turns caching off) and by estimated size
 * (DOCUMENT_CACHE_BYTES, as Apollo Server bounds its document store by size): a parsed document
 * keeps every token with its location, about 260 bytes a token, so 1000 documents at the token
 * budget (15,000) would hold some 4 GB, which any anonymous client could fill with distinct
 * valid queries.
 */
import type { DocumentNode } from 'graphql';

/** what the cached documents may hold in all, estimated by documentBytes */
export const DOCUMENT_CACHE_BYTES = 32 * 2 ** 20;

/**
 * Estimated memory of a parsed document: its tokens (each a Token object in a linked list, plus
 * its AST node share; measured at 250–270 bytes with graphql 16) and the query text it keeps.
 */
export function documentBytes(query: string, tokens: number): number {
  return tokens * 300 + query.length * 2;
}

interface Cached {
  readonly document: DocumentNode;
  readonly bytes: number;
}

export class DocumentCache {
  private readonly entries = new Map<string, Cached>();
  private total = 0;

  constructor(private readonly max: number, private readonly maxBytes: number = DOCUMENT_CACHE_BYTES) {}

  get(query: string): DocumentNode | undefined {
    const cached = this.entries.get(query);
    if (cached) {
      this.entries.delete(query);
      this.entries.set(query, cached);
    }
    return cached?.document;
  }

  /** `bytes`: the document's estimated size (documentBytes); one over the whole budget is not kept */
  set(query: string, document: DocumentNode, bytes: number): void {
    if (this.max <= 0 || bytes > this.maxBytes) return;
    this.remove(query);
    this.entries.set(query, { document, bytes });
    this.total += bytes;
    while (this.entries.size > this.max || this.total > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** estimated bytes held */
  get bytes(): number {
    return this.total;
  }

  private remove(query: string): void {
    const cached = this.entries.get(query);
    if (!cached) return;
    this.entries.delete(query);
    this.total -= cached.bytes;
  }
}
