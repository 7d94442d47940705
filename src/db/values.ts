/**
 * Converts attribute values between their wire form and what each database stores, in one
 * place. Wire forms (REST and the document service):
 *   datetime/timestamp  ISO 8601 string with milliseconds and `Z`
 *   date                'YYYY-MM-DD'          time  'HH:mm:ss.SSS'
 *   biginteger          decimal string (never a lossy number)
 *   decimal, float      number                boolean  boolean
 *   json, blocks        any JSON value        everything else  string
 * Storage: SQLite keeps dates as ISO text (so they compare as text); MySQL DATETIME(3) in UTC
 * without zone; PostgreSQL TIMESTAMPTZ. JSON is always sent serialised (pg would otherwise turn
 * JS arrays into SQL arrays).
 */
import type { ScalarType } from '../model/types.js';
import type { DialectName } from './dialect.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isoFromDate(date: Date): string {
  return date.toISOString();
}

/** Parses whatever a driver returns for a timestamp column into a Date. */
function dateFromDb(raw: unknown): Date {
  if (raw instanceof Date) return raw;
  const text = String(raw);
  // MySQL with dateStrings: 'YYYY-MM-DD HH:mm:ss.SSS' (stored in UTC)
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)) return new Date(`${text.replace(' ', 'T')}Z`);
  return new Date(text);
}

export function datetimeToDb(value: string | Date, dialect: DialectName): string | Date {
  const date = value instanceof Date ? value : new Date(value);
  switch (dialect) {
    case 'sqlite':
      return isoFromDate(date);
    case 'mysql':
      return isoFromDate(date).replace('T', ' ').replace('Z', '');
    case 'postgres':
      return date;
  }
}

function timeFromDb(raw: unknown): string {
  const text = String(raw);
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?/.exec(text);
  if (!match) return text;
  const ms = (match[4] ?? '0').padEnd(3, '0').slice(0, 3);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${ms}`;
}

function dateOnlyFromDb(raw: unknown): string {
  if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  return String(raw).slice(0, 10);
}

/** Wire value (already validated) → value bound into SQL for that column. */
export function toDbValue(type: ScalarType, value: unknown, dialect: DialectName): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'datetime':
    case 'timestamp':
      return datetimeToDb(value as string | Date, dialect);
    case 'time':
      return timeFromDb(value);
    case 'date':
      return String(value).slice(0, 10);
    case 'json':
    case 'blocks':
      return JSON.stringify(value);
    case 'boolean':
      return dialect === 'postgres' ? Boolean(value) : value ? 1 : 0;
    case 'biginteger':
      return String(value);
    case 'integer':
    case 'float':
    case 'decimal':
      return Number(value);
    case 'string':
    case 'text':
    case 'richtext':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
      return String(value);
  }
}

/** Raw driver value → wire value. */
export function fromDbValue(type: ScalarType, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'datetime':
    case 'timestamp':
      return isoFromDate(dateFromDb(raw));
    case 'date':
      return dateOnlyFromDb(raw);
    case 'time':
      return timeFromDb(raw);
    case 'json':
    case 'blocks':
      return typeof raw === 'string' ? parseJson(raw) : raw;
    case 'boolean':
      return raw === true || raw === 1 || raw === '1' || raw === 1n || raw === 't';
    case 'biginteger':
      return String(raw);
    case 'integer':
    case 'float':
    case 'decimal':
      return Number(raw);
    case 'string':
    case 'text':
    case 'richtext':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
      return String(raw);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Row ids and counts come back as number, string (pg int8) or bigint (SQLite safe integers). */
export function toNumber(raw: unknown): number {
  return typeof raw === 'number' ? raw : Number(raw);
}

/** System timestamps (created_at, …) → ISO string. */
export function timestampFromDb(raw: unknown): string | null {
  return raw === null || raw === undefined ? null : isoFromDate(dateFromDb(raw));
}
