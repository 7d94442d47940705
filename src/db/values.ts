/**
 * Converts attribute values between their wire form and what each database stores, in one
 * place. Wire forms (REST and the document service):
 *   datetime/timestamp  ISO 8601 string with milliseconds and `Z`
 *   date                'YYYY-MM-DD'          time  'HH:mm:ss.SSS'
 *   biginteger          decimal string (never a lossy number)
 *   decimal, float      number                boolean  boolean
 *   json, blocks        any JSON value        everything else  string
 * Storage: SQLite keeps dates as ISO text (so they compare as text); MySQL DATETIME(3) in UTC
 * without zone; PostgreSQL TIMESTAMPTZ. JSON is always sent serialised (pg would otherwise turn
 * JS arrays into SQL arrays).
 */
import { SCALAR_TRAITS, type ValueKind } from '../model/scalar-traits.js';
import type { ScalarType } from '../model/types.js';
import type { DialectName } from './dialect.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoFromDate(date: Date): string {
  return date.toISOString();
}

/** Parses whatever a driver returns for a timestamp column into a Date. */
function dateFromDb(raw: unknown): Date {
  if (raw instanceof Date) return raw;
  const text = String(raw);
  // MySQL with dateStrings: 'YYYY-MM-DD HH:mm:ss.SSS' (stored in UTC)
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)) return new Date(`${text.replace(' ', 'T')}Z`);
  return new Date(text);
}

export function datetimeToDb(value: string | Date, dialect: DialectName): string | Date {
  const date = value instanceof Date ? value : new Date(value);
  switch (dialect) {
    case 'sqlite':
      return isoFromDate(date);
    case 'mysql':
      return isoFromDate(date).replace('T', ' ').replace('Z', '');
    case 'postgres':
      return date;
  }
}

function timeFromDb(raw: unknown): string {
  const text = String(raw);
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?/.exec(text);
  if (!match) return text;
  const ms = (match[4] ?? '0').padEnd(3, '0').slice(0, 3);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${ms}`;
}

function dateOnlyFromDb(raw: unknown): string {
  if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  return String(raw).slice(0, 10);
}

type ToDb = (value: unknown, dialect: DialectName) => unknown;

/** Wire value → SQL value, per kind of value (`model/scalar-traits.ts`). */
const TO_DB: Readonly<Record<ValueKind, ToDb>> = {
  datetime: (value, dialect) => datetimeToDb(value as string | Date, dialect),
  time: (value) => timeFromDb(value),
  date: (value) => String(value).slice(0, 10),
  json: (value) => JSON.stringify(value),
  boolean: (value, dialect) => (dialect === 'postgres' ? Boolean(value) : value ? 1 : 0),
  biginteger: (value) => String(value),
  integer: (value) => Number(value),
  number: (value) => Number(value),
  text: (value) => String(value),
};

/** Wire value (already validated) → value bound into SQL for that column. */
export function toDbValue(type: ScalarType, value: unknown, dialect: DialectName): unknown {
  if (value === null || value === undefined) return null;
  return TO_DB[SCALAR_TRAITS[type].kind](value, dialect);
}

/** Raw driver value → wire value. */
export function fromDbValue(type: ScalarType, raw: unknown): unknown {
  return dbValueReader(type)(raw);
}

export type DbValueReader = (raw: unknown) => unknown;

const readTimestamp: DbValueReader = (raw) => (raw === null || raw === undefined ? null : isoFromDb(raw));
const readDate: DbValueReader = (raw) => (raw === null || raw === undefined ? null : dateOnlyFromDb(raw));
const readTime: DbValueReader = (raw) => (raw === null || raw === undefined ? null : timeFromDb(raw));
const readJson: DbValueReader = (raw) => (raw === null || raw === undefined ? null : typeof raw === 'string' ? parseJson(raw) : raw);
const readBoolean: DbValueReader = (raw) =>
  raw === null || raw === undefined ? null : raw === true || raw === 1 || raw === '1' || raw === 1n || raw === 't';
const readString: DbValueReader = (raw) => (raw === null || raw === undefined ? null : typeof raw === 'string' ? raw : String(raw));
const readNumber: DbValueReader = (raw) => (raw === null || raw === undefined ? null : Number(raw));

const READERS: Readonly<Record<ValueKind, DbValueReader>> = {
  datetime: readTimestamp,
  date: readDate,
  time: readTime,
  json: readJson,
  boolean: readBoolean,
  biginteger: readString,
  integer: readNumber,
  number: readNumber,
  text: readString,
};

/**
 * The conversion `fromDbValue` applies for one type, as a function: readers of many rows pick it
 * once per column instead of looking the type up for every value.
 */
export function dbValueReader(type: ScalarType): DbValueReader {
  return READERS[SCALAR_TRAITS[type].kind];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Row ids and counts come back as number, string (pg int8) or bigint (SQLite safe integers). */
export function toNumber(raw: unknown): number {
  return typeof raw === 'number' ? raw : Number(raw);
}

/** System timestamps (created_at, …) → ISO string. */
export function timestampFromDb(raw: unknown): string | null {
  return raw === null || raw === undefined ? null : isoFromDb(raw);
}

const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const twoDigits = (text: string, at: number): number => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * A timestamp as `Date#toISOString` writes it. SQLite stores exactly that text, so when every
 * field is in range (`Date` would roll 02-30 over into March) it is returned as is, saving a
 * parse and a format per value.
 */
function isoFromDb(raw: unknown): string {
  if (typeof raw === 'string' && raw.length === 24 && CANONICAL_ISO.test(raw)) {
    const year = Number(raw.slice(0, 4));
    const month = twoDigits(raw, 5);
    const day = twoDigits(raw, 8);
    if (
      month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) &&
      twoDigits(raw, 11) <= 23 && twoDigits(raw, 14) <= 59 && twoDigits(raw, 17) <= 59
    ) {
      return raw;
    }
  }
  return isoFromDate(dateFromDb(raw));
}
