/**
 * The `fileInfo` form field of `POST /api/upload`: a JSON object per file (one field per file,
 * or one field holding an array), as Strapi's upload plugin reads it. Anything else is a 400
 * naming `fileInfo`, before a byte of the request is written to the database.
 */
import { ValidationError } from '../errors/index.js';

export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
  /** the media library folder's id (Strapi's admin `fileInfo.folder`); null: the root */
  readonly folder?: number | null;
}

/** the `string` columns the values land in hold 255 characters on every database */
export const MAX_NAME_LENGTH = 255;

const invalid = (message: string, path: string[]): ValidationError =>
  new ValidationError(message, { errors: [{ path, message, name: 'ValidationError' }] });

function textValue(value: unknown, key: string, path: string[], nullable: boolean): string | null | undefined {
  if (value === undefined || (nullable && value === null)) return value as null | undefined;
  if (typeof value !== 'string') throw invalid(`fileInfo.${key} must be a string${nullable ? ' or null' : ''}`, [...path, key]);
  if (value.length > MAX_NAME_LENGTH) throw invalid(`fileInfo.${key} must be at most ${MAX_NAME_LENGTH} characters`, [...path, key]);
  return value;
}

/** `fileInfo.folder`: a folder id (a number or its digits), or null for the root */
function folderId(value: unknown, path: string[]): number | null {
  if (value === null) return null;
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw invalid('fileInfo.folder must be a folder id or null', [...path, 'folder']);
  return id;
}

function toFileInfo(value: unknown, path: string[], withFolder: boolean): FileInfo {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('fileInfo must be a JSON object (or an array of them)', path);
  // Unknown keys are ignored, as Strapi's own validation does.
  const record = value as Record<string, unknown>;
  const name = textValue(Object.hasOwn(record, 'name') ? record.name : undefined, 'name', path, false);
  if (name === '') throw invalid('fileInfo.name must not be empty', [...path, 'name']);
  const info: { -readonly [K in keyof FileInfo]: FileInfo[K] } = {};
  if (typeof name === 'string') info.name = name;
  const alternativeText = textValue(Object.hasOwn(record, 'alternativeText') ? record.alternativeText : undefined, 'alternativeText', path, true);
  if (alternativeText !== undefined) info.alternativeText = alternativeText;
  const caption = textValue(Object.hasOwn(record, 'caption') ? record.caption : undefined, 'caption', path, true);
  if (caption !== undefined) info.caption = caption;
  // the content API ignores `folder`, as Strapi's; the admin API's media library reads it
  const folder = withFolder && Object.hasOwn(record, 'folder') ? record.folder : undefined;
  if (folder !== undefined) info.folder = folderId(folder, path);
  return info;
}

/** One `fileInfo` field's value → the infos it holds, in order; `withFolder`: read `folder` too (the admin API) */
export function parseFileInfoField(raw: string, withFolder = false): FileInfo[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('fileInfo must be JSON', ['fileInfo']);
  }
  if (Array.isArray(value)) return value.map((item, index) => toFileInfo(item, ['fileInfo', String(index)], withFolder));
  return [toFileInfo(value, ['fileInfo'], withFolder)];
}

/** `fileInfo` of a JSON body (`{ "fileInfo": { … } }`, or the object as a JSON string); absent is `{}` */
export function parseFileInfoValue(value: unknown, withFolder = false): FileInfo {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') {
    const [first, ...rest] = parseFileInfoField(value, withFolder);
    if (rest.length > 0) throw invalid('fileInfo must be one object when updating a file', ['fileInfo']);
    return first ?? {};
  }
  return toFileInfo(value, ['fileInfo'], withFolder);
}
