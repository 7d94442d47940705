/**
 * The custom scalars of the v4 schema: DateTime, Date, Time, JSON and Long. Written over
 * graphql-js `GraphQLScalarType` rather than taken from graphql-scalars, so their wire forms
 * are exactly the document service's (ISO strings, biginteger as a decimal string).
 */
import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?$/;
const INTEGER = /^-?\d+$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string') throw new GraphQLError(`DateTime cannot represent a non string value: ${inspect(value)}`);
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${value}.`);
  }
  return new Date(value).toISOString();
}

function serializeDateTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  throw new GraphQLError(`DateTime cannot represent value: ${inspect(value)}`);
}

export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard.',
  serialize: serializeDateTime,
  parseValue: parseDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`DateTime cannot represent a non string value: ${print(ast)}`, { nodes: ast });
    return parseDateTime(ast.value);
  },
});

function parseDate(value: unknown): string {
  if (typeof value !== 'string') throw new GraphQLError(`Date cannot represent a non string value: ${inspect(value)}`);
  const match = DATE.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new GraphQLError(`Date cannot represent an invalid date-string ${value}.`);
  }
  return value;
}

export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'string' && DATE.test(value.slice(0, 10))) return value.slice(0, 10);
    throw new GraphQLError(`Date cannot represent value: ${inspect(value)}`);
  },
  parseValue: parseDate,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`Date cannot represent a non string value: ${print(ast)}`, { nodes: ast });
    return parseDate(ast.value);
  },
});

function parseTime(value: unknown): string {
  if (typeof value !== 'string' || !TIME.test(value)) {
    throw new GraphQLError(`Time cannot represent an invalid time-string ${inspect(value)}.`);
  }
  return value;
}

export const TimeScalar = new GraphQLScalarType<string, string>({
  name: 'Time',
  description: 'A time string with format HH:mm:ss.SSS',
  serialize(value) {
    if (typeof value === 'string') return value;
    throw new GraphQLError(`Time cannot represent value: ${inspect(value)}`);
  },
  parseValue: parseTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`Time cannot represent a non string value: ${print(ast)}`, { nodes: ast });
    return parseTime(ast.value);
  },
});

/** A GraphQL literal as a plain JSON value (variables substituted). */
export function literalToJson(ast: ValueNode, variables: Readonly<Record<string, unknown>> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.ENUM:
      return ast.value;
    case Kind.LIST:
      return ast.values.map((item) => literalToJson(item, variables));
    case Kind.OBJECT: {
      const object: Record<string, unknown> = {};
      for (const field of ast.fields) object[field.name.value] = literalToJson(field.value, variables);
      return object;
    }
    case Kind.VARIABLE:
      return variables ? variables[ast.name.value] : undefined;
  }
}

export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  description: 'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => literalToJson(ast, variables),
});

/** Long input: a number (safe integer) or a decimal string, kept as a decimal string. */
function parseLong(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && INTEGER.test(value)) {
    // bigint columns are 64-bit: a wider value would be refused by the database (a 500), not here
    const big = BigInt(value);
    if (big >= INT64_MIN && big <= INT64_MAX) return big.toString();
    throw new GraphQLError(`Long cannot represent a value outside the signed 64-bit range: ${inspect(value)}`);
  }
  throw new GraphQLError(`Long cannot represent value: ${inspect(value)}`);
}

/** Long output: a number inside ±2^53, else a decimal string (as the v4 plugin). */
export function serializeLong(value: unknown): number | string {
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number' && Number.isInteger(value)) big = BigInt(value);
  else if (typeof value === 'string' && INTEGER.test(value)) big = BigInt(value);
  else throw new GraphQLError(`Long cannot represent value: ${inspect(value)}`);
  return big <= MAX_SAFE && big >= -MAX_SAFE ? Number(big) : big.toString();
}

export const LongScalar = new GraphQLScalarType<string, number | string>({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize: serializeLong,
  parseValue: parseLong,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.STRING) return parseLong(ast.value);
    throw new GraphQLError(`Long cannot represent a non integer value: ${print(ast)}`, { nodes: ast });
  },
});

function inspect(value: unknown): string {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  } catch {
    return String(value);
  }
}
