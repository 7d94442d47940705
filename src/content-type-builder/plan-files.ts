/**
 * From the existing schema files and a list of changes to the files to write and the ones to
 * remove, in the layout Strapi's builder writes: a new content type named `<singular>` gets
 * `src/api/<singular>/content-types/<singular>/schema.json` (uid `api::<singular>.<singular>`),
 * a new component `src/components/<category>/<name>.json` (name: the display name as a slug).
 * Relations: Strapi's six kinds (`oneWay`, `manyWay` are unidirectional `oneToOne`/`oneToMany`);
 * a relation with `inversedBy` (or Strapi's `targetAttribute`) adds the `mappedBy` side to its
 * target when the target lacks it, as Strapi's builder does.
 */
import { parseUid, apiUid, componentUid } from '../model/uid.js';
import { isRecord } from '../util/is-record.js';
import { checkPluginTargets, type PluginType } from './plugin-types.js';
import { componentPath, contentTypePath, type SchemaFile } from './project-schemas.js';
import { invalid, type AttributeEdits, type SchemaChange } from './schema-input.js';

export interface PlannedFiles {
  /** every file to write, by uid */
  readonly write: ReadonlyMap<string, SchemaFile>;
  /** uids whose files go */
  readonly remove: readonly SchemaFile[];
  /** new content types (their api folder gets Strapi's core controller, router and service) */
  readonly created: readonly { readonly uid: string; readonly api: string; readonly name: string }[];
}

type Attributes = Record<string, Record<string, unknown>>;

const NAME = /^[a-z][a-z0-9-]*$/;
const INVERSE: Readonly<Record<string, string>> = { oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany' };

/** `Blog post` → `blog-post` (Strapi's slug of a display name) */
export function slugOf(displayName: string): string {
  return displayName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

const snake = (name: string): string => name.replace(/-/g, '_');

function requiredName(fields: Readonly<Record<string, unknown>>, key: string, at: readonly (string | number)[], fallback?: string): string {
  const value = fields[key] ?? fallback;
  if (typeof value !== 'string' || !NAME.test(value)) throw invalid([...at, key], 'must be lowercase letters, digits and dashes, starting with a letter');
  return value;
}

function displayNameOf(fields: Readonly<Record<string, unknown>>, at: readonly (string | number)[], current?: unknown): string {
  const value = fields.displayName ?? current;
  if (typeof value !== 'string' || value.trim() === '') throw invalid([...at, 'displayName'], 'is required');
  return value.trim();
}

/** One attribute as schema.json holds it: Strapi's builder-only keys read and dropped. */
function normalizeAttribute(properties: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const attribute: Record<string, unknown> = { ...properties };
  if (attribute.type === 'relation') {
    if (attribute.relation === 'oneWay' || attribute.relation === 'manyWay') {
      attribute.relation = attribute.relation === 'oneWay' ? 'oneToOne' : 'oneToMany';
      delete attribute.inversedBy;
      delete attribute.mappedBy;
    } else if (typeof attribute.targetAttribute === 'string' && attribute.targetAttribute !== '' && attribute.mappedBy === undefined) {
      attribute.inversedBy = attribute.targetAttribute;
    }
    delete attribute.targetAttribute;
  }
  return attribute;
}

function applyEdits(current: Attributes, edits: AttributeEdits | undefined): Attributes {
  if (edits === undefined) return current;
  if (edits.kind === 'replace') return Object.fromEntries(Object.entries(edits.attributes).map(([name, properties]) => [name, normalizeAttribute(properties)]));
  const next: Attributes = { ...current };
  for (const edit of edits.edits) {
    if (edit.action === 'delete') delete next[edit.name];
    else next[edit.name] = normalizeAttribute(edit.properties);
  }
  return next;
}

const attributesOf = (definition: Readonly<Record<string, unknown>>): Attributes => (isRecord(definition.attributes) ? (definition.attributes as Attributes) : {});
const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? { ...value } : {});

/** `pluginOptions.i18n.localized` from the item's `pluginOptions` or a `localized` flag */
function pluginOptionsOf(fields: Readonly<Record<string, unknown>>, current: unknown): Record<string, unknown> {
  const options = fields.pluginOptions === undefined ? recordOf(current) : recordOf(fields.pluginOptions);
  if (typeof fields.localized === 'boolean') {
    if (fields.localized) options.i18n = { ...recordOf(options.i18n), localized: true };
    else delete options.i18n;
  }
  return options;
}

function contentTypeFile(change: SchemaChange, existing: SchemaFile | undefined, taken: ReadonlyMap<string, SchemaFile>): SchemaFile {
  const { fields, at } = change;
  const current = existing?.definition ?? {};
  const info = recordOf(current.info);
  const singularName = existing ? String(info.singularName) : requiredName(fields, 'singularName', at);
  const pluralName = existing ? String(info.pluralName) : requiredName(fields, 'pluralName', at);
  const uid = existing?.uid ?? apiUid(singularName, singularName);
  const path = existing?.path ?? contentTypePath(singularName, singularName);
  if (!existing) {
    if (change.uid !== undefined && change.uid !== uid) throw invalid([...at, 'uid'], `a new content type named "${singularName}" has the uid ${uid}`);
    if (taken.has(uid)) throw invalid([...at, 'singularName'], `${uid} already exists`);
    for (const other of taken.values()) {
      const names = recordOf(other.definition.info);
      if (other.model === 'contentType' && (names.singularName === pluralName || names.pluralName === pluralName || names.pluralName === singularName)) {
        throw invalid([...at, 'pluralName'], `the name is taken by ${other.uid}`);
      }
    }
  }
  const kind = fields.kind ?? current.kind ?? 'collectionType';
  const options = recordOf(current.options);
  if (fields.draftAndPublish !== undefined) options.draftAndPublish = fields.draftAndPublish;
  else if (!existing) options.draftAndPublish = false;
  const description = fields.description ?? info.description;
  const definition: Record<string, unknown> = {
    kind,
    collectionName: current.collectionName ?? snake(pluralName),
    info: { singularName, pluralName, displayName: displayNameOf(fields, at, info.displayName), ...(typeof description === 'string' && description !== '' ? { description } : {}) },
    options,
    pluginOptions: pluginOptionsOf(fields, current.pluginOptions),
    attributes: applyEdits(attributesOf(current), change.attributes),
  };
  return { uid, model: 'contentType', path, definition };
}

function componentFile(change: SchemaChange, existing: SchemaFile | undefined, taken: ReadonlyMap<string, SchemaFile>): SchemaFile {
  const { fields, at } = change;
  const current = existing?.definition ?? {};
  const info = recordOf(current.info);
  const displayName = displayNameOf(fields, at, info.displayName);
  let uid = existing?.uid;
  let path = existing?.path;
  let collectionName = current.collectionName;
  if (uid === undefined) {
    const category = requiredName(fields, 'category', at);
    const name = slugOf(displayName);
    if (!NAME.test(name)) throw invalid([...at, 'displayName'], 'must hold a letter');
    uid = componentUid(category, name);
    if (change.uid !== undefined && change.uid !== uid) throw invalid([...at, 'uid'], `a new component "${displayName}" in "${category}" has the uid ${uid}`);
    if (taken.has(uid)) throw invalid([...at, 'displayName'], `${uid} already exists`);
    path = componentPath(category, name);
    collectionName = `components_${snake(category)}_${snake(name)}`;
  }
  const description = fields.description ?? info.description;
  const icon = fields.icon ?? info.icon;
  const definition: Record<string, unknown> = {
    collectionName,
    info: { displayName, ...(typeof icon === 'string' && icon !== '' ? { icon } : {}), ...(typeof description === 'string' && description !== '' ? { description } : {}) },
    options: recordOf(current.options),
    ...(isRecord(current.pluginOptions) || fields.pluginOptions !== undefined ? { pluginOptions: pluginOptionsOf(fields, current.pluginOptions) } : {}),
    attributes: applyEdits(attributesOf(current), change.attributes),
  };
  return { uid, model: 'component', path: path ?? '', definition };
}

/** the inverse side a relation with `inversedBy` needs on its target (added when missing) */
function addInverseSides(write: Map<string, SchemaFile>, existing: ReadonlyMap<string, SchemaFile>): void {
  for (const file of [...write.values()]) {
    if (file.model !== 'contentType') continue;
    for (const [name, attribute] of Object.entries(attributesOf(file.definition))) {
      if (attribute.type !== 'relation' || typeof attribute.inversedBy !== 'string' || typeof attribute.target !== 'string') continue;
      const relation = INVERSE[String(attribute.relation)];
      const target = write.get(attribute.target) ?? existing.get(attribute.target);
      if (relation === undefined || target === undefined || target.model !== 'contentType') continue;
      const targetAttributes = attributesOf(target.definition);
      if (targetAttributes[attribute.inversedBy] !== undefined) continue;
      const updated = { ...target.definition, attributes: { ...targetAttributes, [attribute.inversedBy]: { type: 'relation', relation, target: file.uid, mappedBy: name } } };
      write.set(target.uid, { ...target, definition: updated });
    }
  }
}

/** `plugins`: the content types the project does not own, which a relation may target one-way only (plugin-types.ts) */
export function planFiles(changes: readonly SchemaChange[], existing: ReadonlyMap<string, SchemaFile>, plugins: ReadonlyMap<string, PluginType> = new Map()): PlannedFiles {
  const write = new Map<string, SchemaFile>();
  const remove: SchemaFile[] = [];
  const created: { uid: string; api: string; name: string }[] = [];
  const known = (): Map<string, SchemaFile> => new Map([...existing, ...write]);
  for (const change of changes) {
    const current = change.uid === undefined ? undefined : write.get(change.uid) ?? existing.get(change.uid);
    if (change.action !== 'create' && (current === undefined || current.model !== change.model)) {
      throw invalid([...change.at, 'uid'], `no ${change.model === 'contentType' ? 'content type' : 'component'} ${String(change.uid)} in the project's src/ (only the project's own schemas are edited)`);
    }
    if (change.action === 'delete') {
      write.delete(current!.uid);
      remove.push(current!);
      continue;
    }
    const file = change.model === 'contentType'
      ? contentTypeFile(change, change.action === 'create' ? undefined : current, known())
      : componentFile(change, change.action === 'create' ? undefined : current, known());
    checkPluginTargets(attributesOf(file.definition), plugins, change.at);
    write.set(file.uid, file);
    if (change.action === 'create' && file.model === 'contentType') {
      const parsed = parseUid(file.uid);
      if (parsed.kind === 'api') created.push({ uid: file.uid, api: parsed.api, name: parsed.name });
    }
  }
  addInverseSides(write, existing);
  return { write, remove, created };
}
