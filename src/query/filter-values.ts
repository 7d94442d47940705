/**
 * Typing of filter values by the attribute they are compared with: numbers as numbers,
 * bigintegers as digit strings, booleans as booleans, dates normalised to the wire forms of
 * `src/db/values.ts` (date `YYYY-MM-DD`, time `HH:mm:ss.SSS`, datetime ISO with ms and `Z`).
 */
import { ValidationError, invalidKey } from '../errors/index.js';
import { SCALAR_TRAITS, type ValueKind } from '../model/scalar-traits.js';
import type { ScalarType } from '../model/types.js';
import type { FilterScalar } from './ast.js';
import { type Location, booleanLike } from './location.js';

/** A value that cannot be read as the attribute's type. Same details as an invalid key. */
export function invalidValue(loc: Location, received: unknown, expected: string): ValidationError {
  const { details } = invalidKey(loc.param, loc.path);
  const where = loc.path.length > 0 ? ` at ${loc.path.join('.')}` : '';
  return new ValidationError(`Invalid value ${JSON.stringify(received)}${where}: expected ${expected}`, details);
}

/** One non-null value of the given type. */
export function typedScalar(type: ScalarType, input: unknown, loc: Location): FilterScalar {
  // Server-side callers (the document service) may pass Dates and bigints.
  const raw = input instanceof Date ? input.toISOString() : typeof input === 'bigint' ? input.toString() : input;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    throw invalidValue(loc, raw, 'a single value');
  }
  return COERCE[SCALAR_TRAITS[type].kind](raw, loc);
}

type Coerce = (raw: string | number | boolean, loc: Location) => FilterScalar;

/** How a filter value is read, per kind of value (`model/scalar-traits.ts`); json is compared as text. */
const COERCE: Readonly<Record<ValueKind, Coerce>> = {
  integer,
  biginteger: bigInteger,
  number: decimalNumber,
  boolean,
  date: (raw, loc) => date(String(raw), loc),
  time: (raw, loc) => time(String(raw), loc),
  datetime: (raw, loc) => datetime(String(raw), loc),
  text: nulFreeText,
  json: nulFreeText,
};

function bigInteger(raw: string | number | boolean, loc: Location): string {
  const digits = String(raw);
  if (!/^-?\d+$/.test(digits)) throw invalidValue(loc, raw, 'an integer');
  const value = BigInt(digits);
  if (value < INT64_MIN || value > INT64_MAX) throw invalidValue(loc, raw, `an integer between ${INT64_MIN} and ${INT64_MAX}`);
  return value.toString();
}

function decimalNumber(raw: string | number | boolean, loc: Location): number {
  const trimmed = String(raw).trim();
  const parsed = Number(trimmed);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) || !Number.isFinite(parsed)) {
    throw invalidValue(loc, raw, 'a number');
  }
  return parsed;
}

function boolean(raw: string | number | boolean, loc: Location): boolean {
  const parsed = booleanLike(raw);
  if (parsed === undefined) throw invalidValue(loc, raw, 'a boolean (true, false, t, f, 1, 0)');
  return parsed;
}

function nulFreeText(raw: string | number | boolean, loc: Location): string {
  const value = String(raw);
  // PostgreSQL cannot hold NUL in text; no stored value can contain it anywhere.
  if (value.includes('\u0000')) throw invalidValue(loc, raw, 'text without NUL characters');
  return value;
}

/** Integer columns (and ids) are 32-bit on PostgreSQL and MySQL; a larger operand would be a database error there. */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
const INT64_MIN = -9_223_372_036_854_775_808n;
const INT64_MAX = 9_223_372_036_854_775_807n;

function integer(raw: string | number | boolean, loc: Location): number {
  const parsed = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(parsed)) throw invalidValue(loc, raw, 'an integer');
  if (parsed < INT32_MIN || parsed > INT32_MAX) throw invalidValue(loc, raw, `an integer between ${INT32_MIN} and ${INT32_MAX}`);
  return parsed;
}

/** Years every database accepts (PostgreSQL has no year 0; ISO text compares as text on SQLite only with 4 digits). */
const inYearRange = (year: number): boolean => year >= 1 && year <= 9999;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** `YYYY-MM-DD`; the date part of a datetime is accepted too, as Strapi does. */
function date(text: string, loc: Location): string {
  const whole = DATETIME.exec(text.trim());
  if (!whole || !isCalendarDate(Number(whole[1]), Number(whole[2]), Number(whole[3]))) {
    throw invalidValue(loc, text, 'a date (YYYY-MM-DD)');
  }
  if (whole[4] !== undefined && normaliseTime(whole[4]) === undefined) throw invalidValue(loc, text, 'a date (YYYY-MM-DD)');
  if (!inYearRange(Number(whole[1]))) throw invalidValue(loc, text, 'a date between 0001-01-01 and 9999-12-31');
  return `${whole[1]}-${whole[2]}-${whole[3]}`;
}

function normaliseTime(text: string): string | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const ms = (match[4] ?? '0').padEnd(3, '0').slice(0, 3);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${ms}`;
}

function time(text: string, loc: Location): string {
  const normalised = normaliseTime(text.trim());
  if (normalised === undefined) throw invalidValue(loc, text, 'a time (HH:mm:ss.SSS)');
  return normalised;
}

/** Without an offset the value is UTC (not the server's zone), so results do not depend on TZ. */
function datetime(text: string, loc: Location): string {
  const match = DATETIME.exec(text.trim());
  const day = match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  const clock = match?.[4] === undefined ? '00:00:00.000' : normaliseTime(match[4]);
  if (!match || !day || clock === undefined) {
    throw invalidValue(loc, text, 'a datetime (ISO 8601)');
  }
  const zone = (match[5] ?? 'Z').toUpperCase();
  const offset = zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const parsed = new Date(`${match[1]}-${match[2]}-${match[3]}T${clock}${offset}`);
  if (Number.isNaN(parsed.getTime())) throw invalidValue(loc, text, 'a datetime (ISO 8601)');
  if (!inYearRange(parsed.getUTCFullYear())) throw invalidValue(loc, text, 'a datetime between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z');
  return parsed.toISOString();
}
