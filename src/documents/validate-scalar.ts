/**
 * Validates and normalises one scalar value to its wire form. Returns an error message or the
 * value; messages follow Strapi's wording where Strapi has one.
 */
import type { ScalarAttribute } from '../model/types.js';
import { assertNever } from '../model/types.js';

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
 * decimals decimal(10,2), dates real calendar days in years 0001–9999, text without NUL.
 * Outside these a write would fail in the database instead of answering a 400.
 */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
const DECIMAL_LIMIT = 1e8;
const hasNul = (text: string): boolean => text.includes('\u0000');

function isCalendarDate(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days;
}

function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => hasNul(key) || jsonHasNul(inner));
  return false;
}

function checkText(attr: ScalarAttribute, path: string, text: string): ScalarResult {
  return hasNul(text) ? fail(`${path} must not contain NUL characters`) : checkLength(attr, path, text);
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
      return UID.test(value) ? checkLength(attr, path, value) : fail(`${path} must match the following: "${UID.source}"`);
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
      if (attr.type === 'decimal' && Math.abs(n) >= DECIMAL_LIMIT) return fail(`${path} must be between -99999999.99 and 99999999.99`);
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
    case 'json':
      return jsonHasNul(value) ? fail(`${path} must not contain NUL characters`) : ok(value);
    case 'blocks':
      if (jsonHasNul(value)) return fail(`${path} must not contain NUL characters`);
      return Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')
        ? ok(value)
        : fail(`${path} must be an array of blocks, each with a \`type\``);
    default:
      return assertNever(attr.type);
  }
}
