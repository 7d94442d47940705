import { describe, expect, it } from 'vitest';
import { rowWindow } from './paginate.js';

describe('rowWindow', () => {
  it.each([
    [{ kind: 'page', page: 1, pageSize: 25, withCount: true }, { offset: 0, limit: 25 }],
    [{ kind: 'page', page: 3, pageSize: 10, withCount: true }, { offset: 20, limit: 10 }],
    [{ kind: 'page', page: 2, pageSize: 0, withCount: true }, { offset: 0, limit: 0 }],
    [{ kind: 'offset', start: 7, limit: 5, withCount: false }, { offset: 7, limit: 5 }],
    [{ kind: 'offset', start: 0, limit: -1, withCount: false }, { offset: 0, limit: null }],
  ] as const)('%j → %j', (pagination, window) => {
    expect(rowWindow(pagination)).toEqual(window);
  });
});
