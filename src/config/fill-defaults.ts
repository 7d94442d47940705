import { Kind, type TSchema } from '@sinclair/typebox';
import { isRecord } from './values.js';

/**
 * Fills the schema's `default`s for absent keys, going into objects (an absent object with
 * `default: {}` gets its fields' defaults). Present values are never replaced or copied, so
 * functions and class instances in the config (landing-page plugins) stay what they are.
 */
export function fillDefaults(schema: TSchema, value: unknown): unknown {
  if (schema[Kind] !== 'Object' || !isRecord(value)) return value;
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const result: Record<string, unknown> = { ...value };
  for (const [key, child] of Object.entries(properties)) {
    if (result[key] === undefined && child.default !== undefined) result[key] = structuredClone(child.default);
    if (result[key] !== undefined) result[key] = fillDefaults(child, result[key]);
  }
  return result;
}
