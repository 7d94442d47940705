import { describe, expect, it } from 'vitest';
import { SCALAR_TRAITS, type ValueKind } from './scalar-traits.js';
import { SCALAR_TYPES } from './types.js';

describe('SCALAR_TRAITS', () => {
  it('has the traits of every scalar type and of nothing else', () => {
    expect(Object.keys(SCALAR_TRAITS).sort()).toEqual([...SCALAR_TYPES].sort());
    const kinds: readonly ValueKind[] = ['text', 'integer', 'biginteger', 'number', 'boolean', 'json', 'date', 'time', 'datetime'];
    for (const type of SCALAR_TYPES) expect(kinds, type).toContain(SCALAR_TRAITS[type].kind);
  });

  it('sorts the types into their kinds of value', () => {
    const byKind: Partial<Record<ValueKind, string[]>> = {};
    for (const type of SCALAR_TYPES) (byKind[SCALAR_TRAITS[type].kind] ??= []).push(type);
    expect(byKind).toEqual({
      text: ['string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid'],
      json: ['blocks', 'json'],
      date: ['date'],
      time: ['time'],
      datetime: ['datetime', 'timestamp'],
      integer: ['integer'],
      biginteger: ['biginteger'],
      number: ['float', 'decimal'],
      boolean: ['boolean'],
    });
  });

  it('lets text operators compare text kinds and integers only, and names their GraphQL scalars', () => {
    expect(SCALAR_TYPES.filter((type) => SCALAR_TRAITS[type].comparesAsText)).toEqual([
      'string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid', 'integer', 'biginteger',
    ]);
    expect(Object.fromEntries(SCALAR_TYPES.map((type) => [type, SCALAR_TRAITS[type].graphqlScalar]))).toEqual({
      string: 'String', text: 'String', richtext: 'String', blocks: 'JSON', enumeration: 'String', email: 'String', password: 'String', uid: 'String',
      date: 'Date', time: 'Time', datetime: 'DateTime', timestamp: 'DateTime',
      integer: 'Int', biginteger: 'Long', float: 'Float', decimal: 'Float', boolean: 'Boolean', json: 'JSON',
    });
  });
});
