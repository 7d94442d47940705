/**
 * Validates and normalises one scalar value to its wire form. Returns an error message or the
 * value; messages follow Strapi's wording where Strapi has one.
 */
import type { ScalarAttribute } from '../model/types.js';
import { assertNever } from '../model/types.js';
import { DECIMAL_PRECISION, DECIMAL_SCALE, VARCHAR_LENGTH } from '../db/column-types.js';
import { jsonDepth } from '../util/json-shape.js';

export type ScalarResult = { ok: true; value: unknown } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const BIGINT = /^-?\d+$/;

const ok = (value: unknown): ScalarResult => ({ ok: true, value });
const fail = (message: string): ScalarResult => ({ ok: false, message });

/*
 * Values every database stores (PostgreSQL, MySQL strict mode): integer columns are 32-bit,
 * decimals decimal(10,2), dates real calendar days in years 0001–9999, text without NUL and
 * well-formed (a lone UTF-16 surrogate has no UTF-8 form: PostgreSQL refuses it in JSON, drivers
 * silently turn it into U+FFFD elsewhere), varchar columns at most 255 characters, JSON nested at
 * most 64 levels (MySQL refuses documents deeper than 100).
 * Outside these a write would fail in the database instead of answering a 400.
 */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
/** the databases round to the scale first: 99999999.995 becomes 100000000.00, out of decimal(10,2) */
const DECIMAL_LIMIT = 10 ** (DECIMAL_PRECISION - DECIMAL_SCALE) - 0.5 * 10 ** -DECIMAL_SCALE;
const DECIMAL_MAX = (10 ** (DECIMAL_PRECISION - DECIMAL_SCALE) - 10 ** -DECIMAL_SCALE).toFixed(DECIMAL_SCALE);
export const JSON_ATTRIBUTE_DEPTH_LIMIT = 64;
const hasNul = (text: string): boolean => text.includes('\u0000');
/** with the `u` flag a surrogate pair is one code point, so only an unpaired surrogate is `Cs` */
const LONE_SURROGATE = /\p{Cs}/u;
/** characters as the databases count them (code points), counted only when it can matter */
const characterCount = (text: string): number => (text.length <= VARCHAR_LENGTH ? text.length : [...text].length);
const VARCHAR_TYPES: ReadonlySet<ScalarAttribute['type']> = new Set(['string', 'email', 'uid', 'enumeration']);

function isCalendarDate(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** the first text (string or key) of a JSON value the databases cannot store; iterative */
function badJsonText(root: unknown): 'nul' | 'surrogate' | undefined {
  const stack: unknown[] = [root];
  const check = (text: string): 'nul' | 'surrogate' | undefined => (hasNul(text) ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined);
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const bad = check(value);
      if (bad) return bad;
    } else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const bad = check(key);
        if (bad) return bad;
        stack.push(inner);
      }
    }
  }
  return undefined;
}

const TEXT_PROBLEMS = { nul: 'must not contain NUL characters', surrogate: 'must be well-formed Unicode (no lone surrogate)' } as const;

/** a json or blocks value the databases store, or the message saying why not */
function checkJson(path: string, value: unknown): string | undefined {
  if (jsonDepth(value) > JSON_ATTRIBUTE_DEPTH_LIMIT) return `${path} must not nest deeper than ${JSON_ATTRIBUTE_DEPTH_LIMIT} levels`;
  const bad = badJsonText(value);
  return bad ? `${path} ${TEXT_PROBLEMS[bad]}` : undefined;
}

function checkText(attr: ScalarAttribute, path: string, text: string): ScalarResult {
  if (hasNul(text)) return fail(`${path} ${TEXT_PROBLEMS.nul}`);
  if (LONE_SURROGATE.test(text)) return fail(`${path} ${TEXT_PROBLEMS.surrogate}`);
  if (VARCHAR_TYPES.has(attr.type) && characterCount(text) > VARCHAR_LENGTH) return fail(`${path} must be at most ${VARCHAR_LENGTH} characters`);
  return checkLength(attr, path, text);
}

function checkLength(attr: ScalarAttribute, path: string, text: string): ScalarResult {
  if (attr.minLength !== undefined && text.length < attr.minLength) return fail(`${path} must be at least ${attr.minLength} characters`);
  if (attr.maxLength !== undefined && text.length > attr.maxLength) return fail(`${path} must be at most ${attr.maxLength} characters`);
  if (attr.regex !== undefined && text !== '' && !new RegExp(attr.regex).test(text)) return fail(`${path} must match the following: "${attr.regex}"`);
  return ok(text);
}

function checkRange(attr: ScalarAttribute, path: string, n: number): ScalarResult {
  if (attr.min !== undefined && n < attr.min) return fail(`${path} must be greater than or equal to ${attr.min}`);
  if (attr.max !== undefined && n > attr.max) return fail(`${path} must be less than or equal to ${attr.max}`);
  return ok(n);
}

function toNumberValue(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function validateScalar(attr: ScalarAttribute, path: string, value: unknown): ScalarResult {
  if (value === null) return ok(null);
  switch (attr.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'password':
      return typeof value === 'string' ? checkText(attr, path, value) : fail(`${path} must be a \`string\` type`);
    case 'email':
      if (typeof value !== 'string') return fail(`${path} must be a \`string\` type`);
      return value === '' || EMAIL.test(value) ? checkText(attr, path, value) : fail(`${path} must be a valid email`);
    case 'uid':
      if (typeof value !== 'string') return fail(`${path} must be a \`string\` type`);
      return UID.test(value) ? checkText(attr, path, value) : fail(`${path} must match the following: "${UID.source}"`);
    case 'enumeration':
      return typeof value === 'string' && (attr.enum ?? []).includes(value)
        ? ok(value)
        : fail(`${path} must be one of the following values: ${(attr.enum ?? []).join(', ')}`);
    case 'integer': {
      const n = toNumberValue(value);
      if (n === undefined || !Number.isSafeInteger(n)) return fail(`${path} must be an integer`);
      if (n < INT32_MIN || n > INT32_MAX) return fail(`${path} must be between ${INT32_MIN} and ${INT32_MAX}`);
      return checkRange(attr, path, n);
    }
    case 'biginteger': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof text !== 'string' || !BIGINT.test(text)) return fail(`${path} must be an integer`);
      const big = BigInt(text);
      if (big > 9223372036854775807n || big < -9223372036854775808n) return fail(`${path} is out of the 64-bit integer range`);
      if (attr.min !== undefined && big < BigInt(attr.min)) return fail(`${path} must be greater than or equal to ${attr.min}`);
      if (attr.max !== undefined && big > BigInt(attr.max)) return fail(`${path} must be less than or equal to ${attr.max}`);
      return ok(big.toString());
    }
    case 'float':
    case 'decimal': {
      const n = toNumberValue(value);
      if (n === undefined) return fail(`${path} must be a \`number\` type`);
      if (attr.type === 'decimal' && Math.abs(n) >= DECIMAL_LIMIT) return fail(`${path} must be between -${DECIMAL_MAX} and ${DECIMAL_MAX}`);
      return checkRange(attr, path, n);
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 'true' || value === 'false') return ok(value === 'true');
      return fail(`${path} must be a \`boolean\` type`);
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isCalendarDate(value) ? ok(value) : fail(`${path} must be a valid date (YYYY-MM-DD)`);
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? ok(value) : fail(`${path} must be a valid time (HH:mm:ss.SSS)`);
    case 'datetime':
    case 'timestamp': {
      const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
      const year = date?.getUTCFullYear() ?? NaN;
      return date && year >= 1 && year <= 9999 ? ok(date.toISOString()) : fail(`${path} must be a valid datetime (ISO 8601)`);
    }
    case 'json': {
      const problem = checkJson(path, value);
      return problem ? fail(problem) : ok(value);
    }
    case 'blocks': {
      const problem = checkJson(path, value);
      if (problem) return fail(problem);
      return Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')
        ? ok(value)
        : fail(`${path} must be an array of blocks, each with a \`type\``);
    }
    default:
      return assertNever(attr.type);
  }
}
