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
      return typeof value === 'string' ? checkLength(attr, path, value) : fail(`${path} must be a \`string\` type`);
    case 'email':
      if (typeof value !== 'string') return fail(`${path} must be a \`string\` type`);
      return value === '' || EMAIL.test(value) ? checkLength(attr, path, value) : fail(`${path} must be a valid email`);
    case 'uid':
      if (typeof value !== 'string') return fail(`${path} must be a \`string\` type`);
      return UID.test(value) ? checkLength(attr, path, value) : fail(`${path} must match the following: "${UID.source}"`);
    case 'enumeration':
      return typeof value === 'string' && (attr.enum ?? []).includes(value)
        ? ok(value)
        : fail(`${path} must be one of the following values: ${(attr.enum ?? []).join(', ')}`);
    case 'integer': {
      const n = toNumberValue(value);
      return n !== undefined && Number.isSafeInteger(n) ? checkRange(attr, path, n) : fail(`${path} must be an integer`);
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
      return n !== undefined ? checkRange(attr, path, n) : fail(`${path} must be a \`number\` type`);
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 'true' || value === 'false') return ok(value === 'true');
      return fail(`${path} must be a \`boolean\` type`);
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? ok(value) : fail(`${path} must be a valid date (YYYY-MM-DD)`);
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? ok(value) : fail(`${path} must be a valid time (HH:mm:ss.SSS)`);
    case 'datetime':
    case 'timestamp': {
      const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? ok(date.toISOString()) : fail(`${path} must be a valid datetime (ISO 8601)`);
    }
    case 'json':
      return ok(value);
    case 'blocks':
      return Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')
        ? ok(value)
        : fail(`${path} must be an array of blocks, each with a \`type\``);
    default:
      return assertNever(attr.type);
  }
}
