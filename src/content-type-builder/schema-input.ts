/**
 * The content-type builder's request bodies, read into one list of changes. Strapi 5's batch
 * shape (`POST /content-type-builder/update-schema`, `{ data: { contentTypes, components } }`,
 * each item with an `action` and its attributes as a list of `{ action, name, properties }`)
 * and its older per-type shape (`POST /content-types` `{ contentType, components }`,
 * `PUT /content-types/:uid`, `POST /components` `{ component, components }`) both land here.
 * Attributes may also come as a plain object (the whole set, as schema.json holds it).
 */
import { ValidationError } from '../errors/index.js';
import { isRecord } from '../util/is-record.js';

export type ChangeAction = 'create' | 'update' | 'delete';

/** One attribute edit of a batch (`action` on `name`), or the whole set (`replace`). */
export type AttributeEdits =
  | { readonly kind: 'replace'; readonly attributes: Readonly<Record<string, Readonly<Record<string, unknown>>>> }
  | { readonly kind: 'edit'; readonly edits: readonly { readonly action: ChangeAction; readonly name: string; readonly properties: Readonly<Record<string, unknown>> }[] };

export interface SchemaChange {
  readonly model: 'contentType' | 'component';
  readonly action: ChangeAction;
  /** the existing uid (update, delete; a create may name the uid it expects) */
  readonly uid: string | undefined;
  /** the item as sent (displayName, singularName, category, draftAndPublish, …) */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly attributes: AttributeEdits | undefined;
  /** where the item sits in the body, for messages (`data.contentTypes[0]`) */
  readonly at: readonly (string | number)[];
}

const ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'delete']);

export function invalid(path: readonly (string | number)[], message: string): ValidationError {
  const where = path.join('.').replace(/\.(\d+)/g, '[$1]');
  return new ValidationError(`${where}: ${message}`, { errors: [{ path: [...path], message, name: 'ValidationError' }] });
}

function attributeEdits(value: unknown, at: readonly (string | number)[]): AttributeEdits | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    return {
      kind: 'edit',
      edits: value.map((edit: unknown, index) => {
        const here = [...at, index];
        if (!isRecord(edit)) throw invalid(here, 'must be an object { action, name, properties }');
        const action = edit.action ?? 'update';
        if (typeof action !== 'string' || !ACTIONS.has(action)) throw invalid([...here, 'action'], 'must be create, update or delete');
        if (typeof edit.name !== 'string' || edit.name === '') throw invalid([...here, 'name'], 'must be a non-empty string');
        const properties = edit.properties ?? {};
        if (!isRecord(properties)) throw invalid([...here, 'properties'], 'must be an object');
        return { action: action as ChangeAction, name: edit.name, properties };
      }),
    };
  }
  if (!isRecord(value)) throw invalid(at, 'must be an object of attributes or a list of attribute edits');
  for (const [name, attribute] of Object.entries(value)) if (!isRecord(attribute)) throw invalid([...at, name], 'must be an object');
  return { kind: 'replace', attributes: value as Record<string, Record<string, unknown>> };
}

function change(model: SchemaChange['model'], item: unknown, at: readonly (string | number)[], fallback: { action?: ChangeAction; uid?: string } = {}): SchemaChange {
  if (!isRecord(item)) throw invalid(at, 'must be an object');
  const action = item.action ?? fallback.action ?? (typeof item.uid === 'string' ? 'update' : 'create');
  if (typeof action !== 'string' || !ACTIONS.has(action)) throw invalid([...at, 'action'], 'must be create, update or delete');
  const uid = fallback.uid ?? item.uid;
  if (uid !== undefined && typeof uid !== 'string') throw invalid([...at, 'uid'], 'must be a string');
  if (action !== 'create' && uid === undefined) throw invalid([...at, 'uid'], `is required to ${action}`);
  return { model, action: action as ChangeAction, uid, fields: item, attributes: attributeEdits(item.attributes, [...at, 'attributes']), at };
}

function list(model: SchemaChange['model'], value: unknown, at: readonly (string | number)[]): SchemaChange[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(at, 'must be a list');
  return value.map((item: unknown, index) => change(model, item, [...at, index]));
}

/** `POST /update-schema`: `{ data: { contentTypes: [...], components: [...] } }` */
export function readBatch(body: unknown): SchemaChange[] {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) throw invalid(['data'], 'must be an object { contentTypes, components }');
  const changes = [...list('contentType', data.contentTypes, ['data', 'contentTypes']), ...list('component', data.components, ['data', 'components'])];
  if (changes.length === 0) throw invalid(['data'], 'holds no change');
  return changes;
}

/** `POST /content-types` (no uid) and `PUT /content-types/:uid`: `{ contentType, components? }` */
export function readContentTypeBody(body: unknown, uid?: string): SchemaChange[] {
  const item = isRecord(body) ? body.contentType : undefined;
  const main = change('contentType', item, ['contentType'], { action: uid === undefined ? 'create' : 'update', ...(uid === undefined ? {} : { uid }) });
  return [main, ...list('component', isRecord(body) ? body.components : undefined, ['components'])];
}

/** `POST /components` (no uid) and `PUT /components/:uid`: `{ component, components? }` */
export function readComponentBody(body: unknown, uid?: string): SchemaChange[] {
  const item = isRecord(body) ? body.component : undefined;
  const main = change('component', item, ['component'], { action: uid === undefined ? 'create' : 'update', ...(uid === undefined ? {} : { uid }) });
  return [main, ...list('component', isRecord(body) ? body.components : undefined, ['components'])];
}

/** `DELETE /content-types/:uid`, `DELETE /components/:uid` */
export function deletion(model: SchemaChange['model'], uid: string): SchemaChange[] {
  return [{ model, action: 'delete', uid, fields: {}, attributes: undefined, at: ['uid'] }];
}
