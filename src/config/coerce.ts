/**
 * Before checking, values written as strings are read as the type their key takes, as
 * `env('PORT')` (no `.int`) and environment variables give them: "4000" → 4000, "true" → true,
 * "10mb" → 10485760. A value that does not read stays as it is, so the check reports it.
 */
import { Kind, type TSchema } from '@sinclair/typebox';
import type { AnnotatedSchema, Coercion } from './schema/fields.js';
import { isRecord } from './values.js';

export function coerce(schema: TSchema, value: unknown): unknown {
  const annotated = schema as AnnotatedSchema;
  if (annotated.coerce !== undefined) return coerceValue(annotated.coerce, value);
  if (schema[Kind] === 'Object' && isRecord(value)) {
    const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
    const extra = (schema as { additionalProperties?: unknown }).additionalProperties;
    const result: Record<string, unknown> = { ...value };
    for (const [key, child] of Object.entries(value)) {
      const childSchema = Object.hasOwn(properties, key) ? properties[key] : isSchema(extra) ? extra : undefined;
      if (childSchema !== undefined) result[key] = coerce(childSchema, child);
    }
    return result;
  }
  if (schema[Kind] === 'Array' && Array.isArray(value)) {
    const items = (schema as { items?: TSchema }).items;
    return items === undefined ? value : value.map((item) => coerce(items, item));
  }
  return value;
}

function isSchema(value: unknown): value is TSchema {
  return isRecord(value) && Kind in value;
}

function coerceValue(kind: Coercion, value: unknown): unknown {
  switch (kind) {
    case 'integer':
      return toInteger(value) ?? value;
    case 'boolean':
      return value === 'true' || value === 'false' ? value === 'true' : value;
    case 'byteSize':
      return toByteSize(value) ?? value;
    case 'ssl': {
      const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
      if (lower === 'true' || lower === '1') return true;
      if (lower === 'false' || lower === '0') return false;
      return value;
    }
  }
}

/** numbers and decimal-integer strings (values from `env('X')` without `.int`) */
export function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) {
    const parsed = Number.parseInt(value, 10);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}

const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** bytes from a positive integer or a `10mb`-style string (1 kb = 1024 b, as koa-body reads it) */
export function toByteSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (match === null) return undefined;
  const bytes = Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
  return bytes > 0 ? bytes : undefined;
}
