/**
 * The backstop behind body and query validation: a value the checks let through but the database
 * refuses (a range or encoding rule of one database only) is the caller's input, so a 400 naming
 * the attribute when the database names its column, never a 500. validate-scalar.ts is where such
 * a value should be caught first; reaching this is worth a new check there.
 */
import { ValidationError } from '../errors/index.js';
import { valueRefusal } from '../engine/context.js';
import type { EngineContext } from '../engine/types.js';
import { columnName } from '../db/naming.js';
import type { Schema } from '../model/types.js';

/** `error` as the 400 a refused value of a write gets; any other error is returned as it is. */
export function refusedWriteValueError(ctx: EngineContext, schema: Schema, error: unknown): unknown {
  const refusal = valueRefusal(ctx, error);
  if (refusal === undefined) return error;
  const attr = refusal.column === undefined ? undefined : Object.values(schema.attributes).find((a) => columnName(a.name) === refusal.column);
  if (attr === undefined) return new ValidationError('A value of the request cannot be stored by the database', { errors: [] });
  const message = `${attr.name} has a value the database cannot store`;
  return new ValidationError(message, { errors: [{ path: [attr.name], message, name: 'ValidationError' }] });
}

/** `error` as the 400 a refused filter value of a read gets; any other error is returned as it is. */
export function refusedQueryValueError(ctx: EngineContext, error: unknown): unknown {
  if (valueRefusal(ctx, error) === undefined) return error;
  return new ValidationError('A filter value is out of the range its attribute can hold', { source: 'query', param: 'filters' });
}
