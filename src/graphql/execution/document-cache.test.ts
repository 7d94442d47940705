import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CACHE_BYTES, DocumentCache, documentBytes } from './document-cache.js';

const doc = parse('{ a }');

describe('DocumentCache', () => {
  it('keeps at most `max` documents, least recently used evicted first', () => {
    const cache = new DocumentCache(2);
    cache.set('a', doc, 10);
    cache.set('b', doc, 10);
    expect(cache.get('a')).toBe(doc);
    cache.set('c', doc, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([doc, undefined, doc]);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(20);
  });

  it('keeps the estimated bytes within its budget, and never a document over the whole budget', () => {
    const cache = new DocumentCache(1000, 100);
    for (const q of ['a', 'b', 'c']) cache.set(q, doc, 40);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, doc, doc]);
    expect(cache.bytes).toBe(80);
    cache.set('huge', doc, 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('b', doc, 60); // replacing an entry counts its new size only
    expect(cache.bytes).toBe(100);
    expect(cache.get('c')).toBe(doc);
  });

  it('caches nothing with max 0', () => {
    const cache = new DocumentCache(0);
    cache.set('a', doc, 1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('by default holds a few documents at the token budget, and over a thousand small ones', () => {
    // found by sizing the caches for the fuzz run: 1000 documents of 15,000 tokens were ~4 GB
    const atBudget = documentBytes('x'.repeat(60_000), 15_000);
    expect(Math.floor(DOCUMENT_CACHE_BYTES / atBudget)).toBeLessThan(10);
    expect(Math.floor(DOCUMENT_CACHE_BYTES / documentBytes('{ articles { title } }', 6))).toBeGreaterThan(1000);
  });
});
