/**
 * Request body `data` → a validated WritePlan, plus the references (target documents, files)
 * that must exist. Every problem is collected with its path, then reported in one
 * ValidationError (`details.errors[]`), as Strapi's body validation does.
 */
import { ValidationError } from '../errors/index.js';
import type { WritePlan, ComponentWrite, RelationPosition, RelationWrite } from '../engine/write/write-plan.js';
import { assertNever, type Attribute, type Registry, type Schema } from '../model/types.js';
import { validateScalar } from './validate-scalar.js';
import { isCreatorField } from '../model/creator-fields.js';
import { attributeOf } from '../model/attributes.js';
import { allowsEveryType, type FileUse } from './file-types.js';

export interface Issue { readonly path: string[]; readonly message: string; readonly name: string }

export interface References {
  /** target content-type uid → document ids named in relation writes */
  readonly documents: Map<string, Set<string>>;
  readonly files: Set<number>;
  /** media attributes whose `allowedTypes` restricts the files written to them */
  readonly fileUses: FileUse[];
  /** where each target (`<uid>\0<documentId>`, `file\0<id>`) was first named: a missing one's error names that field */
  readonly paths: Map<string, string[]>;
}

export interface ValidateOptions {
  /** check `required` (creates and publishes; drafts may be incomplete, as in Strapi 5) */
  readonly requireRequired: boolean;
  /** whole-object semantics (create, component items): absent attributes get defaults */
  readonly isCreate: boolean;
}

const IGNORED_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale']);
const FORBIDDEN_KEYS = new Set(['id', 'documentId']);

export function validateData(registry: Registry, schema: Schema, data: unknown, options: ValidateOptions): { plan: WritePlan; refs: References } {
  const refs: References = { documents: new Map(), files: new Set(), fileUses: [], paths: new Map() };
  const issues: Issue[] = [];
  const plan = buildPlan(registry, schema, data, [], options, refs, issues);
  if (issues.length > 0) {
    const first = issues[0]!;
    const message = issues.length === 1 ? first.message : `${issues.length} errors occurred`;
    throw new ValidationError(message, { errors: issues });
  }
  return { plan, refs };
}

function buildPlan(
  registry: Registry, schema: Schema, data: unknown, path: string[], options: ValidateOptions, refs: References, issues: Issue[],
): WritePlan {
  const plan = { scalars: {} as Record<string, unknown>, components: {} as Record<string, ComponentWrite[]>, relations: {} as Record<string, RelationWrite>, media: {} as Record<string, number[]> };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    issues.push({ path, message: `${path.join('.') || 'data'} must be an object`, name: 'ValidationError' });
    return plan;
  }
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const isComponentRow = schema.modelType === 'component';
    if (IGNORED_KEYS.has(key) || (isComponentRow && (key === 'id' || key === '__component'))) continue;
    // attributeOf: a key named like an Object.prototype member (`toString`) is no attribute
    const attr = attributeOf(schema, key);
    if (FORBIDDEN_KEYS.has(key) || attr === undefined || isCreatorField(attr)) {
      issues.push({ path: [...path, key], message: `Invalid key ${key}`, name: 'ValidationError' });
    }
  }
  for (const attr of Object.values(schema.attributes)) {
    if (isCreatorField(attr)) continue;
    const attrPath = [...path, attr.name];
    const value = record[attr.name];
    if (value === undefined) {
      if (options.isCreate) applyDefault(attr, plan.scalars);
      if (options.requireRequired && options.isCreate && attr.required && !hasDefault(attr)) issues.push(requiredIssue(attrPath));
      continue;
    }
    if (value === null && options.requireRequired && attr.required) {
      issues.push(requiredIssue(attrPath));
      continue;
    }
    writeAttribute(registry, attr, value, attrPath, options, refs, issues, plan);
  }
  return plan;
}

function writeAttribute(
  registry: Registry, attr: Attribute, value: unknown, path: string[], options: ValidateOptions, refs: References, issues: Issue[],
  plan: { scalars: Record<string, unknown>; components: Record<string, ComponentWrite[]>; relations: Record<string, RelationWrite>; media: Record<string, number[]> },
): void {
  const at = path.join('.');
  switch (attr.kind) {
    case 'scalar': {
      const result = validateScalar(attr, at, value);
      if (result.ok) plan.scalars[attr.name] = result.value;
      else issues.push({ path, message: result.message, name: 'ValidationError' });
      return;
    }
    case 'media': {
      const ids = parseFileIds(value, attr.multiple);
      if (ids === undefined) issues.push({ path, message: `${at} must be ${attr.multiple ? 'an array of file ids' : 'a file id'}`, name: 'ValidationError' });
      else {
        ids.forEach((id) => {
          refs.files.add(id);
          if (!refs.paths.has(`file\0${id}`)) refs.paths.set(`file\0${id}`, path);
        });
        if (attr.allowedTypes !== undefined && ids.length > 0 && !allowsEveryType(attr.allowedTypes)) refs.fileUses.push({ path, allowedTypes: attr.allowedTypes, ids });
        plan.media[attr.name] = ids;
      }
      return;
    }
    case 'relation': {
      const write = parseRelationWrite(value, path, issues);
      if (write) {
        const targets = refs.documents.get(attr.target) ?? new Set<string>();
        [...(write.set ?? []), ...(write.connect ?? [])].forEach((id) => {
          targets.add(id);
          if (!refs.paths.has(`${attr.target}\0${id}`)) refs.paths.set(`${attr.target}\0${id}`, path);
        });
        refs.documents.set(attr.target, targets);
        plan.relations[attr.name] = write;
      }
      return;
    }
    case 'component': {
      const items = attr.repeatable ? value : value === null ? [] : [value];
      if (!Array.isArray(items)) {
        issues.push({ path, message: `${at} must be an array`, name: 'ValidationError' });
        return;
      }
      checkCount(attr, at, items.length, path, issues, options);
      const component = registry.component(attr.component);
      plan.components[attr.name] = items.map((item, i) => ({
        uid: component.uid,
        plan: buildPlan(registry, component, item, attr.repeatable ? [...path, String(i)] : path, { ...options, isCreate: true }, refs, issues),
      }));
      return;
    }
    case 'dynamiczone': {
      if (!Array.isArray(value)) {
        issues.push({ path, message: `${at} must be an array`, name: 'ValidationError' });
        return;
      }
      checkCount(attr, at, value.length, path, issues, options);
      const items: ComponentWrite[] = [];
      value.forEach((item, i) => {
        const uid = typeof item === 'object' && item !== null ? (item as { __component?: unknown }).__component : undefined;
        // Strapi's wording (yup's `required` and `oneOf`); the values listed are the zone's own
        if (typeof uid !== 'string' || !attr.components.includes(uid)) {
          const message = uid === undefined || uid === null
            ? `${at}[${i}].__component is a required field`
            : `${at}[${i}].__component must be one of the following values: ${attr.components.join(', ')}`;
          issues.push({ path: [...path, String(i), '__component'], message, name: 'ValidationError' });
          return;
        }
        items.push({ uid, plan: buildPlan(registry, registry.component(uid), item, [...path, String(i)], { ...options, isCreate: true }, refs, issues) });
      });
      plan.components[attr.name] = items;
      return;
    }
    default:
      assertNever(attr);
  }
}

function checkCount(attr: { min?: number; max?: number }, at: string, count: number, path: string[], issues: Issue[], options: ValidateOptions): void {
  if (options.requireRequired && attr.min !== undefined && count < attr.min) issues.push({ path, message: `${at} must have at least ${attr.min} items`, name: 'ValidationError' });
  if (attr.max !== undefined && count > attr.max) issues.push({ path, message: `${at} must have at most ${attr.max} items`, name: 'ValidationError' });
}

const requiredIssue = (path: string[]): Issue => ({ path, message: `${path.join('.')} must be defined.`, name: 'ValidationError' });
const hasDefault = (attr: Attribute): boolean => attr.kind === 'scalar' && attr.default !== undefined;

function applyDefault(attr: Attribute, scalars: Record<string, unknown>): void {
  if (attr.kind === 'scalar' && attr.default !== undefined) scalars[attr.name] = attr.default;
}

function parseFileId(value: unknown): number | undefined {
  const raw = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function parseFileIds(value: unknown, multiple: boolean): number[] | undefined {
  if (value === null) return [];
  const list = multiple ? value : [value];
  if (!Array.isArray(list)) return undefined;
  const ids = list.map(parseFileId);
  return ids.every((id): id is number => id !== undefined) ? ids : undefined;
}

/** A target given as `"docId"`, `{ documentId }` or `{ id }` (a numeric row id, resolved later). */
function parseTarget(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'object' && value !== null) {
    const { documentId, id } = value as { documentId?: unknown; id?: unknown };
    if (typeof documentId === 'string' && documentId !== '') return documentId;
    if (documentId === undefined && (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)))) return `#${id}`;
  }
  return undefined;
}

const RELATION_KEYS = new Set(['connect', 'disconnect', 'set', 'options']);

function parseRelationWrite(value: unknown, path: string[], issues: Issue[]): RelationWrite | undefined {
  const at = path.join('.');
  const list = (items: unknown, key: string): string[] | undefined => {
    const array = Array.isArray(items) ? items : [items];
    const targets = array.map(parseTarget);
    if (targets.some((t) => t === undefined)) {
      issues.push({ path: [...path, key], message: `${at}.${key} must name documents by documentId`, name: 'ValidationError' });
      return undefined;
    }
    const ids = targets as string[];
    if (new Set(ids).size !== ids.length) {
      issues.push({ path: [...path, key], message: `${at}.${key} names the same document twice`, name: 'ValidationError' });
      return undefined;
    }
    return ids;
  };
  if (value === null) return { set: [] };
  if (typeof value === 'string' || typeof value === 'number' || Array.isArray(value)) {
    const set = list(value, 'set');
    return set && { set };
  }
  if (typeof value !== 'object') {
    issues.push({ path, message: `${at} must be a documentId, a list of them, or { connect, disconnect, set }`, name: 'ValidationError' });
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const unknownKey = Object.keys(record).find((k) => !RELATION_KEYS.has(k));
  if (unknownKey !== undefined) {
    if ('documentId' in record || 'id' in record) {
      const set = list(record, 'set');
      return set && { set };
    }
    issues.push({ path: [...path, unknownKey], message: `Invalid key ${unknownKey}`, name: 'ValidationError' });
    return undefined;
  }
  const write: { set?: string[]; connect?: string[]; disconnect?: string[]; positions?: Record<string, RelationPosition> } = {};
  for (const key of ['set', 'connect', 'disconnect'] as const) {
    if (record[key] === undefined) continue;
    const ids = list(record[key], key);
    if (!ids) return undefined;
    write[key] = ids;
  }
  if (write.connect !== undefined) {
    const items = Array.isArray(record.connect) ? record.connect : [record.connect];
    const positions = parsePositions(items, write.connect, [...path, 'connect'], issues);
    if (positions === null) return undefined;
    if (positions !== undefined) write.positions = positions;
  }
  return write;
}

/**
 * Strapi 5's `connect: [{ documentId, position: { before | after: documentId } | { start: true } | { end: true } }]`:
 * each connected target → its position (undefined: none given; null: a bad one, reported).
 */
function parsePositions(items: readonly unknown[], ids: readonly string[], path: string[], issues: Issue[]): Record<string, RelationPosition> | undefined | null {
  let positions: Record<string, RelationPosition> | undefined;
  for (const [i, item] of items.entries()) {
    const position = typeof item === 'object' && item !== null ? (item as { position?: unknown }).position : undefined;
    if (position === undefined) continue;
    const { before, after, start, end } = (typeof position === 'object' && position !== null ? position : {}) as Record<string, unknown>;
    const parsed: RelationPosition = {
      ...(typeof before === 'string' && before !== '' ? { before } : {}),
      ...(typeof after === 'string' && after !== '' ? { after } : {}),
      ...(start === true ? { start } : {}),
      ...(end === true ? { end } : {}),
    };
    if (Object.keys(parsed).length !== 1) {
      issues.push({ path: [...path, String(i), 'position'], message: `${[...path, String(i)].join('.')}.position must be one of { before }, { after }, { start: true }, { end: true }`, name: 'ValidationError' });
      return null;
    }
    positions ??= {};
    positions[ids[i]!] = parsed;
  }
  return positions;
}
