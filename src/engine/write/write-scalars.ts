import { columnName } from '../../db/naming.js';
import { toDbValue } from '../../db/values.js';
import type { Schema } from '../../model/types.js';
import type { EngineContext } from '../types.js';
import type { RowValues } from './rows.js';

/** Wire values of scalar attributes → column values for one row. */
export function scalarColumns(ctx: EngineContext, schema: Schema, scalars: Readonly<Record<string, unknown>>): RowValues {
  const row: RowValues = {};
  for (const [name, value] of Object.entries(scalars)) {
    const attr = schema.attributes[name];
    if (!attr || attr.kind !== 'scalar') continue;
    row[columnName(name)] = toDbValue(attr.type, value, ctx.dialect.name);
  }
  return row;
}
