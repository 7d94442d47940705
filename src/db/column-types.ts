/**
 * The one mapping from attribute types to columns. Schema sync compares columns by their
 * storage class (dialect-independent, recorded in `vellum_schema`), and builds the physical
 * column for the dialect from it, so `string` → `enumeration` is no change while
 * `integer` → `string` is a retype.
 */
import type { Knex } from 'knex';
import type { DialectName } from './dialect.js';
import { assertNever, type ScalarType } from '../model/types.js';

export const STORAGE_CLASSES = [
  'increments', 'varchar', 'text', 'json', 'integer', 'bigint', 'double', 'decimal',
  'boolean', 'date', 'time', 'datetime',
] as const;
export type StorageClass = (typeof STORAGE_CLASSES)[number];

/** Strapi's decimal precision (packages/core/database: `['decimal', [10, 2]]`). */
export const DECIMAL_PRECISION = 10;
export const DECIMAL_SCALE = 2;
export const VARCHAR_LENGTH = 255;

export function storageClassOf(type: ScalarType): StorageClass {
  switch (type) {
    case 'string':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
      return 'varchar';
    case 'text':
    case 'richtext':
      return 'text';
    case 'blocks':
    case 'json':
      return 'json';
    case 'integer':
      return 'integer';
    case 'biginteger':
      return 'bigint';
    case 'float':
      return 'double';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    case 'datetime':
    case 'timestamp':
      return 'datetime';
    default:
      return assertNever(type);
  }
}

export function isStorageClass(value: unknown): value is StorageClass {
  return typeof value === 'string' && (STORAGE_CLASSES as readonly string[]).includes(value);
}

/** Adds `name` of that storage class to a table being created or altered. */
export function addColumn(
  table: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  name: string,
  storage: StorageClass,
  dialect: DialectName,
): void {
  switch (storage) {
    case 'increments':
      table.increments(name).primary();
      return;
    case 'varchar':
      table.string(name, VARCHAR_LENGTH);
      return;
    case 'text':
      if (dialect === 'mysql') table.text(name, 'longtext');
      else table.text(name);
      return;
    case 'json':
      // MariaDB's JSON is an alias of LONGTEXT with a json_valid check; SQLite has no JSON type
      if (dialect === 'postgres') table.jsonb(name);
      else if (dialect === 'mysql') table.json(name);
      else table.text(name);
      return;
    case 'integer':
      table.integer(name);
      return;
    case 'bigint':
      table.bigInteger(name);
      return;
    case 'double':
      table.double(name);
      return;
    case 'decimal':
      table.decimal(name, DECIMAL_PRECISION, DECIMAL_SCALE);
      return;
    case 'boolean':
      table.boolean(name);
      return;
    case 'date':
      // SQLite keeps dates as ISO text so they compare as text (values.ts)
      if (dialect === 'sqlite') table.text(name);
      else table.date(name);
      return;
    case 'time':
      if (dialect === 'sqlite') table.text(name);
      else table.specificType(name, 'time(3)');
      return;
    case 'datetime':
      if (dialect === 'sqlite') table.text(name);
      else table.specificType(name, dialect === 'postgres' ? 'timestamptz(3)' : 'datetime(3)');
      return;
    default:
      assertNever(storage);
  }
}

/** MySQL tables: InnoDB, and a binary collation so `=` and LIKE are case-sensitive. */
export function applyTableOptions(table: Knex.CreateTableBuilder, dialect: DialectName): void {
  if (dialect !== 'mysql') return;
  table.engine('InnoDB');
  table.charset('utf8mb4');
  table.collate('utf8mb4_bin');
}
