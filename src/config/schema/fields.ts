/**
 * Constructors for the config schema's fields. Each one is a TypeBox schema carrying what the
 * rest of `src/config` needs besides the JSON Schema itself: the message a wrong value gets
 * (`errorMessage`), how string values from `env('X')` are read (`coerce`), the environment
 * variable read when no file sets the key (`envVar`), whether the value may be echoed
 * (`secret`) and the type shown in docs/configuration.md (`docType`).
 */
import { Type, type TProperties, type TSchema, type SchemaOptions } from '@sinclair/typebox';

/** string forms a value may take before it is checked (see coerce.ts) */
export type Coercion = 'integer' | 'boolean' | 'byteSize' | 'ssl';

export interface FieldAnnotations {
  readonly description?: string;
  readonly errorMessage?: string;
  readonly coerce?: Coercion;
  readonly envVar?: string;
  readonly secret?: boolean;
  readonly docType?: string;
  readonly default?: unknown;
}

/** any schema node, read for its annotations */
export type AnnotatedSchema = TSchema & FieldAnnotations;

interface Described {
  readonly description: string;
  readonly envVar?: string;
}

export function integerExpectation(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `must be an integer between ${min} and ${max}`;
  if (min === 1) return 'must be a positive integer';
  if (min === 0) return 'must be a non-negative integer';
  if (min !== undefined) return `must be an integer of at least ${min}`;
  return 'must be an integer';
}

/** integers; decimal strings (`env('PORT')` without `.int`) are read as numbers */
export function integer<D extends number | undefined = undefined>(
  options: Described & { min?: number; max?: number; default?: D; errorMessage?: string },
) {
  const { min, max, ...rest } = options;
  return Type.Integer({
    ...rest,
    ...(min === undefined ? {} : { minimum: min }),
    // unsafe integers lose digits on the way to the database
    maximum: max ?? Number.MAX_SAFE_INTEGER,
    errorMessage: options.errorMessage ?? integerExpectation(min, max),
    coerce: 'integer',
  });
}

/** true or false; the strings "true" and "false" count */
export function boolean(options: Described & { default?: boolean; errorMessage?: string }) {
  return Type.Boolean({ errorMessage: 'must be a boolean', ...options, coerce: 'boolean' });
}

export function nonEmptyString(options: Described & { default?: string; errorMessage?: string; pattern?: string }) {
  return Type.String({ minLength: 1, errorMessage: 'must be a non-empty string', ...options });
}

/** bytes: a positive integer, or a string such as "10mb" (1 kb = 1024 b, as koa-body reads it) */
export function byteSize(options: Described & { default: number }) {
  return Type.Integer({
    ...options,
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    errorMessage: 'must be a size in bytes (a positive integer, or a string such as "10mb")',
    coerce: 'byteSize',
    docType: 'size: bytes, or "10mb"',
  });
}

/**
 * A config object: every key optional, unknown keys accepted (Strapi projects carry many keys
 * Vellum does not read). `default: {}` lets the defaults of its fields fill in when it is absent,
 * unless `absentByDefault` (the object's presence means something).
 */
export function object<P extends TProperties>(
  properties: P,
  options: { description?: string; errorMessage?: string; additionalProperties?: TSchema; absentByDefault?: boolean } = {},
) {
  const { absentByDefault = false, ...rest } = options;
  return Type.Object(properties, { errorMessage: 'must be an object', ...(absentByDefault ? {} : { default: {} }), ...rest });
}

/** a union with its one message and its docs type */
export function oneOf<T extends TSchema[]>(variants: [...T], options: SchemaOptions & FieldAnnotations & { errorMessage: string; docType: string }) {
  return Type.Union(variants, options);
}
