import { describe, expect, it } from 'vitest';
import type { ScalarAttribute, ScalarType } from '../model/types.js';
import { readRow, rowReader } from './read-row.js';
import type { FieldSelection } from './select-fields.js';

const scalar = (name: string, type: ScalarType): ScalarAttribute => ({
  kind: 'scalar', name, type, required: false, private: false, unique: false, raw: {},
});

const selection: FieldSelection = {
  system: ['id', 'documentId', 'createdAt'],
  attributes: [scalar('title', 'string'), scalar('likes', 'biginteger'), scalar('featured', 'boolean'), scalar('meta', 'json'), scalar('viewCount', 'integer')],
};
const row = {
  id: 7n, document_id: 'abc', created_at: '2024-02-29T10:00:00.000Z',
  title: 'Hello', likes: 9007199254740993n, featured: 1, meta: '{"a":[1,2]}', view_count: 3n,
};
const entry = { id: 7, documentId: 'abc', createdAt: '2024-02-29T10:00:00.000Z', title: 'Hello', likes: '9007199254740993', featured: true, meta: { a: [1, 2] }, viewCount: 3 };

describe('rowReader', () => {
  it('converts every column as db/values.ts does, keys in selection order', () => {
    const read = rowReader(selection);
    expect(read(row)).toEqual(entry);
    expect(Object.keys(read(row))).toEqual(Object.keys(entry));
    expect(readRow(selection, row)).toEqual(entry);
  });

  it('is built once per selection and component', () => {
    expect(rowReader(selection)).toBe(rowReader(selection));
    expect(rowReader(selection, 'shared.quote')).toBe(rowReader(selection, 'shared.quote'));
    expect(rowReader(selection, 'shared.quote')).not.toBe(rowReader(selection));
  });

  it('leads a dynamic-zone item with __component', () => {
    const read = rowReader(selection, 'shared.quote');
    expect(Object.keys(read(row))).toEqual(['__component', ...Object.keys(entry)]);
    expect(read(row)).toEqual({ __component: 'shared.quote', ...entry });
  });

  it('missing columns read as null; names are data, not code', () => {
    const odd: FieldSelection = { system: ['id'], attributes: [scalar('a"b\\c', 'string'), scalar('gone', 'string')] };
    const result = rowReader(odd, 'x"}; throw 1; //')({ id: 1n, 'a"b\\c': 'x' });
    expect(result).toEqual({ __component: 'x"}; throw 1; //', id: 1, 'a"b\\c': 'x', gone: null });
  });
});
