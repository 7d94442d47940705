import { describe, expect, it } from 'vitest';
import { findJsonShapeProblem, jsonDepth } from './json-shape.js';

const deep = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('findJsonShapeProblem', () => {
  it('accepts scalars and values within the depth', () => {
    expect(findJsonShapeProblem('x', 2)).toBeUndefined();
    expect(findJsonShapeProblem({ a: [1, { b: 2 }] }, 3)).toBeUndefined();
    expect(findJsonShapeProblem({ constructor: { name: 'x' } }, 3)).toBeUndefined();
  });

  it('reports nesting deeper than the limit with its path, at any depth without recursing', () => {
    expect(findJsonShapeProblem({ a: [1, { b: 2 }] }, 2)).toEqual({ kind: 'depth', path: ['a', '1'] });
    expect(findJsonShapeProblem(deep(1_000_000), 5)).toEqual({ kind: 'depth', path: ['0', '0', '0', '0', '0'] });
  });

  it('reports __proto__ and constructor.prototype keys (own keys, as JSON.parse makes them)', () => {
    expect(findJsonShapeProblem(JSON.parse('{"data":{"x":[{"__proto__":{"a":1}}]}}'), 10)).toEqual({ kind: 'prototype-key', path: ['data', 'x', '0', '__proto__'] });
    expect(findJsonShapeProblem(JSON.parse('{"constructor":{"prototype":{}}}'), 10)).toEqual({ kind: 'prototype-key', path: ['constructor', 'prototype'] });
  });
});

describe('jsonDepth', () => {
  it('counts nested objects and arrays', () => {
    expect([jsonDepth(1), jsonDepth([]), jsonDepth({ a: [1] }), jsonDepth(deep(100_000))]).toEqual([0, 1, 2, 100_000]);
  });
});
