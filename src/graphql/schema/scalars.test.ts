import { graphql, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DateScalar, DateTimeScalar, JSONScalar, LongScalar, TimeScalar, serializeLong } from './scalars.js';

describe('Long', () => {
  it('outputs numbers inside ±2^53 and decimal strings outside', () => {
    expect(serializeLong('1316130638171')).toBe(1316130638171);
    expect(serializeLong('-9007199254740991')).toBe(-9007199254740991);
    expect(serializeLong('9007199254740993')).toBe('9007199254740993');
    expect(serializeLong(42)).toBe(42);
  });

  it('takes numbers or strings as input without losing precision', () => {
    expect(LongScalar.parseValue(12)).toBe('12');
    expect(LongScalar.parseValue('9007199254740993')).toBe('9007199254740993');
    expect(() => LongScalar.parseValue(1.5)).toThrow('Long cannot represent value: 1.5');
    expect(() => LongScalar.parseValue(2 ** 60)).toThrow();
    expect(() => LongScalar.parseValue('12a')).toThrow();
  });

  it('keeps big integer literals exact', async () => {
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: { echo: { type: GraphQLString, args: { v: { type: LongScalar } }, resolve: (_s, args: { v: string }) => `${typeof args.v}:${args.v}` } },
      }),
    });
    const result = await graphql({ schema, source: '{ a: echo(v: 9223372036854775807) b: echo(v: "-5") c: echo(v: "-9223372036854775808") }' });
    expect(result).toEqual({ data: { a: 'string:9223372036854775807', b: 'string:-5', c: 'string:-9223372036854775808' } });
    // a bigint column holds 64 bits: a wider literal is refused before it reaches the database
    const wide = await graphql({ schema, source: '{ a: echo(v: 9223372036854775808) }' });
    expect(wide.errors?.[0]?.message).toContain('outside the signed 64-bit range');
  });
});

describe('DateTime, Date, Time', () => {
  it('normalises date-times to UTC ISO and rejects invalid ones', () => {
    expect(DateTimeScalar.parseValue('2024-02-29T10:00:00+02:00')).toBe('2024-02-29T08:00:00.000Z');
    expect(() => DateTimeScalar.parseValue('2023-02-29T10:00:00Z')).toThrow('DateTime cannot represent an invalid date-time-string');
    expect(() => DateTimeScalar.parseValue('2023-01-01')).toThrow();
    expect(DateTimeScalar.serialize('2024-01-02T03:04:05.006Z')).toBe('2024-01-02T03:04:05.006Z');
  });

  it('accepts calendar dates only', () => {
    expect(DateScalar.parseValue('2024-02-29')).toBe('2024-02-29');
    expect(() => DateScalar.parseValue('2024-13-01')).toThrow('Date cannot represent an invalid date-string');
    expect(DateScalar.serialize('2024-05-06')).toBe('2024-05-06');
  });

  it('accepts HH:mm[:ss[.SSS]] times', () => {
    expect(TimeScalar.parseValue('09:30')).toBe('09:30');
    expect(TimeScalar.parseValue('23:59:59.123')).toBe('23:59:59.123');
    expect(() => TimeScalar.parseValue('24:00')).toThrow();
  });
});

describe('JSON', () => {
  it('reads object and list literals with variables substituted', async () => {
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: { echo: { type: JSONScalar, args: { v: { type: JSONScalar } }, resolve: (_s, args: { v: unknown }) => args.v } },
      }),
    });
    const result = await graphql({ schema, source: 'query($x: JSON) { echo(v: { a: [1, "two", null, true], b: { c: $x }, e: ENUMISH }) }', variableValues: { x: 7 } });
    expect(result).toEqual({ data: { echo: { a: [1, 'two', null, true], b: { c: 7 }, e: 'ENUMISH' } } });
  });
});
