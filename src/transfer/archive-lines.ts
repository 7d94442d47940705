/**
 * The shapes of an archive's lines (Strapi's `types/common-entities.d.ts`), checked as they are
 * read: an entity `{ type, id, data }`, a link `{ kind, relation, left: { type, ref, field, pos },
 * right: { … } }`, a configuration item `{ type, value }`. A line of another shape stops the
 * import with its file and line.
 */
import { isRecord } from '../util/is-record.js';
import { TransferError } from './transfer-error.js';

export interface EntityLine {
  readonly type: string;
  readonly id: number;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface LinkEnd {
  readonly type: string;
  /** a row id (a documentId string for Strapi's `localizations` links, which need no row: link-rows.ts) */
  readonly ref: number | string;
  readonly field?: string;
  readonly pos?: number;
}

export interface LinkLine {
  readonly kind: string;
  readonly relation: string;
  readonly left: LinkEnd;
  readonly right: LinkEnd;
}

export interface ConfigurationLine {
  readonly type: string;
  readonly value: unknown;
}

/** Where a line was read, for messages: `entities/entities_00001.jsonl line 3`. */
export interface LinePlace {
  readonly archive: string;
  readonly path: string;
  readonly line: number;
}

export function lineError(place: LinePlace, problem: string): TransferError {
  return new TransferError(`${place.archive}: ${place.path} line ${place.line}: ${problem}.`, true);
}

export function asEntityLine(value: unknown, place: LinePlace): EntityLine {
  if (!isRecord(value) || typeof value.type !== 'string' || !isRecord(value.data) || (typeof value.id !== 'number' && typeof value.id !== 'string')) {
    throw lineError(place, 'not an entity ({ type, id, data })');
  }
  const id = Number(value.id);
  if (!Number.isSafeInteger(id) || id < 1) throw lineError(place, `entity id ${JSON.stringify(value.id)} is not a positive integer`);
  return { type: value.type, id, data: value.data };
}

function asLinkEnd(value: unknown): LinkEnd | undefined {
  if (!isRecord(value) || typeof value.type !== 'string' || (typeof value.ref !== 'number' && typeof value.ref !== 'string')) return undefined;
  const pos = value.pos === undefined || value.pos === null ? undefined : Number(value.pos);
  return {
    type: value.type,
    ref: value.ref,
    ...(typeof value.field === 'string' ? { field: value.field } : {}),
    ...(pos !== undefined && Number.isFinite(pos) ? { pos } : {}),
  };
}

export function asLinkLine(value: unknown, place: LinePlace): LinkLine {
  const left = isRecord(value) ? asLinkEnd(value.left) : undefined;
  const right = isRecord(value) ? asLinkEnd(value.right) : undefined;
  if (!isRecord(value) || typeof value.kind !== 'string' || !left || !right) throw lineError(place, 'not a link ({ kind, relation, left, right })');
  return { kind: value.kind, relation: typeof value.relation === 'string' ? value.relation : '', left, right };
}

export function asConfigurationLine(value: unknown, place: LinePlace): ConfigurationLine {
  if (!isRecord(value) || typeof value.type !== 'string' || !('value' in value)) throw lineError(place, 'not a configuration item ({ type, value })');
  return { type: value.type, value: value.value };
}

/** `entities/entities_00001.jsonl` → `entities`; undefined for any other path */
export function jsonlPart(path: string): 'schemas' | 'entities' | 'links' | 'configuration' | undefined {
  const match = /^(schemas|entities|links|configuration)\/[^/]+\.jsonl$/.exec(path);
  return match ? (match[1] as 'schemas' | 'entities' | 'links' | 'configuration') : undefined;
}

/** A file name Strapi's asset stage writes (`<hash><ext>`, its formats' too); anything else could leave the upload folder. */
export const SAFE_ASSET_NAME = /^[\w.-]+$/;

/** `assets/uploads/red_1a2b.png` → `{ kind: 'upload', name }`, `assets/metadata/red_1a2b.png.json` → `{ kind: 'metadata', name }` */
export function assetPath(path: string): { kind: 'upload' | 'metadata'; name: string } | undefined {
  const upload = /^assets\/uploads\/(.+)$/.exec(path);
  if (upload) return { kind: 'upload', name: upload[1]! };
  const metadata = /^assets\/metadata\/(.+)\.json$/.exec(path);
  if (metadata) return { kind: 'metadata', name: metadata[1]! };
  return undefined;
}
