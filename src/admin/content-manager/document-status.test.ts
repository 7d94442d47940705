import { describe, expect, it } from 'vitest';
import { statusOf, withStatuses } from './document-status.js';

const draft = (updatedAt: string, extra: Record<string, unknown> = {}) => ({ documentId: 'd1', publishedAt: null, updatedAt, ...extra });
const published = (updatedAt: string, extra: Record<string, unknown> = {}) => ({ documentId: 'd1', publishedAt: updatedAt, updatedAt, ...extra });

describe('statusOf (Strapi 5 getStatus)', () => {
  it('a draft alone is draft; a published version alone is published', () => {
    expect(statusOf(draft('2025-01-01T00:00:00.000Z'), undefined)).toBe('draft');
    expect(statusOf(published('2025-01-01T00:00:00.000Z'), undefined)).toBe('published');
  });
  it('a draft updated after its published version is modified, from either side', () => {
    const d = draft('2025-01-02T00:00:00.001Z');
    const p = published('2025-01-02T00:00:00.000Z');
    expect(statusOf(d, p)).toBe('modified');
    expect(statusOf(p, d)).toBe('modified');
  });
  it('a draft not newer than its published version is published', () => {
    expect(statusOf(draft('2025-01-02T00:00:00.000Z'), published('2025-01-02T00:00:00.000Z'))).toBe('published');
    expect(statusOf(draft('2025-01-01T00:00:00.000Z'), published('2025-01-02T00:00:00.000Z'))).toBe('published');
  });
});

describe('withStatuses', () => {
  it('matches counterparts by documentId and locale', () => {
    const entries = [
      draft('2025-01-03T00:00:00.000Z', { documentId: 'a', locale: 'en' }),
      draft('2025-01-01T00:00:00.000Z', { documentId: 'a', locale: 'fr' }),
      draft('2025-01-01T00:00:00.000Z', { documentId: 'b', locale: 'en' }),
    ];
    const counterparts = [
      published('2025-01-02T00:00:00.000Z', { documentId: 'a', locale: 'en' }),
      published('2025-01-02T00:00:00.000Z', { documentId: 'a', locale: 'fr' }),
    ];
    expect(withStatuses(entries, counterparts).map((e) => e.status)).toEqual(['modified', 'published', 'draft']);
  });
});
