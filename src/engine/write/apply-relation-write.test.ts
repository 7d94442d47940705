import { describe, expect, it } from 'vitest';
import { applyRelationWrite } from './write-relations.js';

describe('applyRelationWrite', () => {
  const current = ['a', 'b', 'c'];
  it('connect appends (moving an existing link to the end); disconnect removes; set replaces', () => {
    expect(applyRelationWrite(current, { connect: ['d', 'a'] })).toEqual(['b', 'c', 'd', 'a']);
    expect(applyRelationWrite(current, { disconnect: ['b'] })).toEqual(['a', 'c']);
    expect(applyRelationWrite(current, { set: ['c', 'x'] })).toEqual(['c', 'x']);
  });
  it('connect with Strapi 5 positions: before, after, start, end; an unknown anchor appends', () => {
    expect(applyRelationWrite(current, { connect: ['c'], positions: { c: { before: 'a' } } })).toEqual(['c', 'a', 'b']);
    expect(applyRelationWrite(current, { connect: ['a'], positions: { a: { after: 'b' } } })).toEqual(['b', 'a', 'c']);
    expect(applyRelationWrite(current, { connect: ['d'], positions: { d: { start: true } } })).toEqual(['d', 'a', 'b', 'c']);
    expect(applyRelationWrite(current, { connect: ['a'], positions: { a: { end: true } } })).toEqual(['b', 'c', 'a']);
    expect(applyRelationWrite(current, { connect: ['d'], positions: { d: { before: 'zz' } } })).toEqual(['a', 'b', 'c', 'd']);
    // items apply in order: the second may anchor on the first
    expect(applyRelationWrite(current, { connect: ['d', 'e'], positions: { d: { start: true }, e: { after: 'd' } } })).toEqual(['d', 'e', 'a', 'b', 'c']);
  });
});
