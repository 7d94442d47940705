import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { depthLimitRule } from './depth-limit.js';

const schema = buildSchema(`
  type Query { a: A, leaf: Int }
  type A { b: A, n: Int }
`);

function errors(query: string, max: number): string[] {
  return validate(schema, parse(query), [...specifiedRules, depthLimitRule(max)]).map((e) => e.message);
}

describe('depthLimitRule (graphql-depth-limit counting)', () => {
  it('counts { a { b } } as depth 1: only fields with a selection set add a level', () => {
    expect(errors('{ a { n } }', 1)).toEqual([]);
    expect(errors('{ a { b { n } } }', 1)).toEqual(["'' exceeds maximum operation depth of 1"]);
    expect(errors('{ a { b { n } } }', 2)).toEqual([]);
  });

  it('names the operation and reports one error per operation', () => {
    expect(errors('query Deep { a { b { b { b { n } } } } a2: a { b { b { b { n } } } } }', 2)).toEqual(["'Deep' exceeds maximum operation depth of 2"]);
  });

  it('follows named and inline fragments', () => {
    const query = 'query F { a { ...Two } } fragment Two on A { b { ... on A { b { n } } } }';
    expect(errors(query, 2)).toEqual(["'F' exceeds maximum operation depth of 2"]);
    expect(errors(query, 3)).toEqual([]);
  });

  it('ignores introspection fields', () => {
    expect(errors('{ __schema { types { fields { type { name } } } } }', 1)).toEqual([]);
  });

  it('stays fast on fragments spread many times', () => {
    const fragments = Array.from({ length: 30 }, (_, i) => `fragment F${i} on A { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const query = `{ a { ...F0 } } ${fragments} fragment F30 on A { n }`;
    const started = Date.now();
    expect(errors(query, 5)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('does not loop on fragment cycles (reported by NoFragmentCycles instead)', () => {
    expect(errors('{ a { ...X } } fragment X on A { b { ...X } }', 10)).toEqual(['Cannot spread fragment "X" within itself.']);
  });
});
