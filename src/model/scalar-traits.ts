/**
 * What each scalar attribute type is, in one table every layer reads: the kind of value it holds
 * (which decides its wire form, its column conversion in `db/values.ts` and how a filter value is
 * read in `query/filter-values.ts`), whether text operators may compare it
 * (`query/text-operators.ts`) and its GraphQL scalar (`graphql/schema/scalar-types.ts`). A new
 * scalar type does not compile until it has a row here.
 */
import type { ScalarType } from './types.js';

/**
 * The kinds of value scalar attributes hold. `text`: string, text, richtext, enumeration, email,
 * password, uid; `number`: float and decimal (JS numbers); `biginteger`: a decimal string, never a
 * lossy number; `datetime`: datetime and timestamp; `json`: json and blocks.
 */
export type ValueKind = 'text' | 'integer' | 'biginteger' | 'number' | 'boolean' | 'json' | 'date' | 'time' | 'datetime';

/** The GraphQL scalar a type maps to (the v4 plugin's `SCALARS_ASSOCIATIONS`). */
export type GraphqlScalarName = 'String' | 'Int' | 'Long' | 'Float' | 'Boolean' | 'JSON' | 'Date' | 'Time' | 'DateTime';

export interface ScalarTraits {
  readonly kind: ValueKind;
  /**
   * Text operators (`$containsi`, `$eqi`, …) may be used on it: its text form is the same on
   * every database (text kinds, and integers' decimal digits). A boolean is `true` on PostgreSQL
   * but `1` elsewhere, a datetime or decimal prints differently on each: refused there.
   */
  readonly comparesAsText: boolean;
  readonly graphqlScalar: GraphqlScalarName;
}

const kind = (valueKind: ValueKind, graphqlScalar: GraphqlScalarName, comparesAsText: boolean): ScalarTraits =>
  Object.freeze({ kind: valueKind, graphqlScalar, comparesAsText });

const TEXT = kind('text', 'String', true);
const INTEGER = kind('integer', 'Int', true);
const BIGINTEGER = kind('biginteger', 'Long', true);
const NUMBER = kind('number', 'Float', false);
const BOOLEAN = kind('boolean', 'Boolean', false);
const JSON_VALUE = kind('json', 'JSON', false);
const DATE = kind('date', 'Date', false);
const TIME = kind('time', 'Time', false);
const DATETIME = kind('datetime', 'DateTime', false);

/** The traits of every scalar type (`satisfies`: a type without a row is a compile error). */
export const SCALAR_TRAITS: Readonly<Record<ScalarType, ScalarTraits>> = Object.freeze({
  string: TEXT,
  text: TEXT,
  richtext: TEXT,
  enumeration: TEXT,
  email: TEXT,
  password: TEXT,
  uid: TEXT,
  blocks: JSON_VALUE,
  json: JSON_VALUE,
  integer: INTEGER,
  biginteger: BIGINTEGER,
  float: NUMBER,
  decimal: NUMBER,
  boolean: BOOLEAN,
  date: DATE,
  time: TIME,
  datetime: DATETIME,
  timestamp: DATETIME,
} satisfies Record<ScalarType, ScalarTraits>);

