import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { deepFreeze } from '../util/deep-freeze.js';
import { BUILT_IN_CONTENT_TYPES } from './built-in-types.js';
import { buildComponent, buildContentType } from './build-schema.js';
import type { RawSchemaFile } from './raw-schema-file.js';
import { CREATOR_TARGET, withCreatorFields } from './creator-fields.js';
import { withPrivateAttributes } from './private-attributes.js';
import { createRegistry } from './registry.js';
import { SchemaProblems } from './schema-problems.js';
import type { ComponentSchema, ContentType, Registry } from './types.js';
import { apiUid, componentUid } from './uid.js';
import { validateModels } from './validate-models.js';

export type { RawSchemaFile } from './raw-schema-file.js';

export interface LoadRegistryOptions {
  /** content types plugins add (users, roles, …), checked like the project's own */
  readonly extraContentTypes?: readonly RawSchemaFile[];
  /** `api.responses.privateAttributes`: attribute names made private on every content type */
  readonly privateAttributes?: readonly string[];
  /**
   * Proposed schema files laid over the project's (the content-type builder checks a change with
   * the very validation start-up runs before writing anything): `write` adds or replaces the file
   * of its uid, `remove` leaves the uid's file out.
   */
  readonly proposed?: ProposedSchemaFiles;
}

export interface ProposedSchemaFiles {
  readonly write: readonly RawSchemaFile[];
  readonly remove: readonly string[];
}

/**
 * Reads `src/api/<api>/content-types/<type>/schema.json` (uid `api::<api>.<type>`) and
 * `src/components/<category>/<name>.json` (uid `<category>.<name>`), adds the built-in types,
 * validates the whole model and returns the frozen registry. Every mistake found is reported
 * in one StartupError, one line per mistake naming the file and the attribute.
 */
export async function loadRegistry(projectDir: string, options: LoadRegistryOptions = {}): Promise<Registry> {
  const problems = new SchemaProblems();
  const label = (path: string): string => relative(projectDir, path).split(sep).join('/');
  // Built-ins first, so a clash with one is reported in the project's file.
  const rawTypes = [
    ...BUILT_IN_CONTENT_TYPES,
    ...overlay(await readContentTypeFiles(projectDir, label, problems), options.proposed, false),
    ...(options.extraContentTypes ?? []),
  ];
  const rawComponents = overlay(await readComponentFiles(projectDir, label, problems), options.proposed, true);

  const contentTypes = new Map<string, ContentType>();
  for (const raw of rawTypes) {
    const previous = contentTypes.get(raw.uid);
    if (previous !== undefined) {
      problems.add(raw.file, undefined, `content type "${raw.uid}" is already defined by ${previous.file}`);
      continue;
    }
    const type = buildContentType(raw, problems);
    if (type !== undefined) contentTypes.set(type.uid, type);
  }
  const components = new Map<string, ComponentSchema>();
  for (const raw of rawComponents) {
    const component = buildComponent(raw, problems);
    if (component !== undefined) components.set(component.uid, component);
  }
  validateModels(contentTypes, components, problems);
  problems.throwIfAny();
  // Added after validation: the names are reserved for these server-maintained relations.
  const hasAdminUsers = contentTypes.has(CREATOR_TARGET);
  const hidden = new Set(options.privateAttributes ?? []);
  const finalTypes = [...contentTypes.values()].map((type) => withPrivateAttributes(withCreatorFields(type, hasAdminUsers), hidden));
  return createRegistry(deepFreeze(finalTypes), deepFreeze([...components.values()]));
}

/** The project's files with the proposed ones laid over (components: uids without `::`). */
function overlay(files: RawSchemaFile[], proposed: ProposedSchemaFiles | undefined, components: boolean): RawSchemaFile[] {
  if (proposed === undefined) return files;
  const mine = (uid: string): boolean => uid.includes('::') !== components;
  const written = proposed.write.filter((file) => mine(file.uid));
  const replaced = new Set([...proposed.remove, ...written.map((file) => file.uid)]);
  return [...files.filter((file) => !replaced.has(file.uid)), ...written];
}

async function readContentTypeFiles(
  projectDir: string,
  label: (path: string) => string,
  problems: SchemaProblems,
): Promise<RawSchemaFile[]> {
  const files: RawSchemaFile[] = [];
  const apiDir = join(projectDir, 'src', 'api');
  for (const api of await subdirectories(apiDir)) {
    const typesDir = join(apiDir, api, 'content-types');
    for (const type of await subdirectories(typesDir)) {
      const file = join(typesDir, type, 'schema.json');
      const definition = await readJson(file, label(file), problems);
      if (definition !== undefined) files.push({ uid: apiUid(api, type), file: label(file), definition });
    }
  }
  return files;
}

async function readComponentFiles(
  projectDir: string,
  label: (path: string) => string,
  problems: SchemaProblems,
): Promise<RawSchemaFile[]> {
  const files: RawSchemaFile[] = [];
  const componentsDir = join(projectDir, 'src', 'components');
  for (const category of await subdirectories(componentsDir)) {
    const entries = await readdir(join(componentsDir, category), { withFileTypes: true });
    const names = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name);
    for (const name of names.sort()) {
      const file = join(componentsDir, category, name);
      const definition = await readJson(file, label(file), problems);
      if (definition !== undefined) {
        files.push({ uid: componentUid(category, name.slice(0, -'.json'.length)), file: label(file), definition });
      }
    }
  }
  return files;
}

/** The parsed file, or undefined (and a problem) when it is missing or not JSON. */
async function readJson(path: string, fileLabel: string, problems: SchemaProblems): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) {
      problems.add(fileLabel, undefined, 'is missing (every content type folder needs a schema.json)');
      return undefined;
    }
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.add(fileLabel, undefined, `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function subdirectories(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
