import { buildAttribute, show } from './build-attribute.js';
import { isRecord } from '../util/is-record.js';
import type { RawSchemaFile } from './raw-schema-file.js';
import type { SchemaProblems } from './schema-problems.js';
import { SYSTEM_FIELDS } from './types.js';
import type { Attribute, ComponentSchema, ContentType } from './types.js';
import { parseUid, type ParsedUid } from './uid.js';

/**
 * A content type from its schema.json. Problems are collected; broken attributes are left out
 * (and marked) so cross-checks do not report the same mistake again. Undefined when the file is
 * not a schema at all.
 */
export function buildContentType(raw: RawSchemaFile, problems: SchemaProblems): ContentType | undefined {
  const { file, uid, definition } = raw;
  if (!isRecord(definition)) {
    problems.add(file, undefined, `a schema must be a JSON object (got ${show(definition)})`);
    return undefined;
  }
  const parsed = tryParseUid(uid, file, problems);
  if (parsed === undefined) return undefined;
  if (parsed.kind === 'component') {
    problems.add(file, undefined, `"${uid}" is a component uid, not a content type uid`);
    return undefined;
  }
  const info = isRecord(definition.info) ? definition.info : {};
  if (!isRecord(definition.info)) problems.add(file, undefined, 'needs an "info" object with singularName and pluralName');
  const singularName = infoName(info, 'singularName', file, problems);
  const pluralName = infoName(info, 'pluralName', file, problems);
  if (singularName !== '' && singularName === pluralName) {
    problems.add(file, undefined, `info.singularName and info.pluralName must differ (both are "${singularName}")`);
  }
  const kind = definition.kind ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    problems.add(file, undefined, `"kind" must be collectionType or singleType (got ${show(kind)})`);
  }
  const options = objectField(definition, 'options', file, problems);
  if (options.draftAndPublish !== undefined && typeof options.draftAndPublish !== 'boolean') {
    problems.add(file, undefined, `options.draftAndPublish must be true or false (got ${show(options.draftAndPublish)})`);
  }
  return {
    modelType: 'contentType',
    uid,
    file,
    kind: kind === 'singleType' ? 'singleType' : 'collectionType',
    singularName,
    pluralName,
    displayName: displayName(info, singularName || parsed.name),
    collectionName: collectionName(definition, file, problems, (pluralName || parsed.name).replace(/-/g, '_')),
    // Strapi 5 reads draft & publish as `options.draftAndPublish === true`: a schema without the
    // key has none (only the admin's type builder writes `true` into new schemas).
    draftAndPublish: options.draftAndPublish === true,
    namespace: parsed.kind === 'api' ? 'api' : parsed.plugin,
    options,
    pluginOptions: objectField(definition, 'pluginOptions', file, problems),
    attributes: buildAttributes(raw, definition, problems, false),
  };
}

/** A component from `src/components/<category>/<name>.json`. */
export function buildComponent(raw: RawSchemaFile, problems: SchemaProblems): ComponentSchema | undefined {
  const { file, uid, definition } = raw;
  if (!isRecord(definition)) {
    problems.add(file, undefined, `a component must be a JSON object (got ${show(definition)})`);
    return undefined;
  }
  const parsed = tryParseUid(uid, file, problems);
  if (parsed === undefined) return undefined;
  if (parsed.kind !== 'component') {
    problems.add(file, undefined, `"${uid}" is not a component uid (<category>.<name>)`);
    return undefined;
  }
  const info = isRecord(definition.info) ? definition.info : {};
  const fallbackTable = `components_${parsed.category}_${parsed.name}`.replace(/-/g, '_');
  return {
    modelType: 'component',
    uid,
    file,
    category: parsed.category,
    modelName: parsed.name,
    displayName: displayName(info, parsed.name),
    collectionName: collectionName(definition, file, problems, fallbackTable),
    attributes: buildAttributes(raw, definition, problems, true),
  };
}

function buildAttributes(
  raw: RawSchemaFile,
  definition: Readonly<Record<string, unknown>>,
  problems: SchemaProblems,
  inComponent: boolean,
): Record<string, Attribute> {
  const { file, uid } = raw;
  if (!isRecord(definition.attributes)) {
    problems.add(file, undefined, `needs an "attributes" object (got ${show(definition.attributes)})`);
    return {};
  }
  const attributes: Record<string, Attribute> = {};
  for (const [name, rawAttribute] of Object.entries(definition.attributes)) {
    const result = buildAttribute(name, rawAttribute);
    if ('errors' in result) {
      for (const error of result.errors) problems.addBroken(file, uid, name, error);
      continue;
    }
    if (inComponent && result.attribute.kind === 'dynamiczone') {
      problems.addBroken(file, uid, name, 'dynamic zones are only allowed in content types, not in components');
      continue;
    }
    attributes[name] = result.attribute;
  }
  checkColumnClashes(file, Object.keys(attributes), problems);
  for (const attribute of Object.values(attributes)) {
    if (attribute.kind !== 'scalar' || attribute.targetField === undefined) continue;
    const target = attributes[attribute.targetField];
    if (target === undefined || target.kind !== 'scalar') {
      problems.add(file, attribute.name, `targetField "${attribute.targetField}" is not a scalar attribute of this type`);
    }
  }
  return attributes;
}

/**
 * Column and link-table names are the snake_case of attribute names, so `heroImage` and
 * `hero_image` (or `documentID` and the system `document_id`) would share one. Comparing without
 * case and underscores catches every such pair.
 */
function checkColumnClashes(file: string, names: readonly string[], problems: SchemaProblems): void {
  const seen = new Map<string, string>(SYSTEM_FIELDS.map((field) => [squash(field), field]));
  for (const name of names) {
    const other = seen.get(squash(name));
    if (other !== undefined) {
      problems.add(file, name, `differs from "${other}" only in case or underscores, so both would use one column`);
    } else {
      seen.set(squash(name), name);
    }
  }
}

function squash(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}

/** Names become REST segments and GraphQL type names: Strapi requires kebab-case. */
const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

function infoName(info: Readonly<Record<string, unknown>>, key: string, file: string, problems: SchemaProblems): string {
  const value = info[key];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.add(file, undefined, `info.${key} is missing (got ${show(value)})`);
    return '';
  }
  if (!KEBAB_CASE.test(value)) {
    problems.add(file, undefined, `info.${key} must be kebab-case, such as "blog-post" (got ${show(value)})`);
  }
  return value;
}

function displayName(info: Readonly<Record<string, unknown>>, fallback: string): string {
  for (const key of ['displayName', 'name']) {
    const value = info[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return fallback;
}

function collectionName(
  definition: Readonly<Record<string, unknown>>,
  file: string,
  problems: SchemaProblems,
  fallback: string,
): string {
  const value = definition.collectionName;
  if (value === undefined) return fallback;
  if (typeof value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) return value;
  problems.add(file, undefined, `collectionName must be a table name (letters, digits and "_"; got ${show(value)})`);
  return fallback;
}

function objectField(
  definition: Readonly<Record<string, unknown>>,
  key: string,
  file: string,
  problems: SchemaProblems,
): Readonly<Record<string, unknown>> {
  const value = definition[key];
  if (value === undefined || value === null) return {};
  if (isRecord(value)) return value;
  problems.add(file, undefined, `"${key}" must be an object (got ${show(value)})`);
  return {};
}

/** Folder names become uids: one with a dot or a space cannot. */
function tryParseUid(uid: string, file: string, problems: SchemaProblems): ParsedUid | undefined {
  try {
    return parseUid(uid);
  } catch (error) {
    problems.add(file, undefined, error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
