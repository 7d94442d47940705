/**
 * The schema files of a project as the builder edits them: `src/api/<api>/content-types/<name>/schema.json`
 * (uid `api::<api>.<name>`) and `src/components/<category>/<name>.json` (uid `<category>.<name>`),
 * read as written (not the model's normalized view), with the path each lives at.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiUid, componentUid } from '../model/uid.js';
import { isRecord } from '../util/is-record.js';
import { isVisibleInBuilder, restrictRelationsTo } from './plugin-types.js';

export interface SchemaFile {
  readonly uid: string;
  readonly model: 'contentType' | 'component';
  /** project-relative, `/`-separated (as start-up names files in its messages) */
  readonly path: string;
  readonly definition: Readonly<Record<string, unknown>>;
}

export const contentTypePath = (api: string, name: string): string => `src/api/${api}/content-types/${name}/schema.json`;
export const componentPath = (category: string, name: string): string => `src/components/${category}/${name}.json`;

async function folders(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

async function readSchema(dir: string, path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dir, path), 'utf8'));
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    // a broken file is start-up's to report; the builder lists what it can read
    return undefined;
  }
}

export async function readProjectSchemas(dir: string): Promise<SchemaFile[]> {
  const files: SchemaFile[] = [];
  for (const api of await folders(join(dir, 'src', 'api'))) {
    for (const name of await folders(join(dir, 'src', 'api', api, 'content-types'))) {
      const path = contentTypePath(api, name);
      const definition = await readSchema(dir, path);
      if (definition !== undefined) files.push({ uid: apiUid(api, name), model: 'contentType', path, definition });
    }
  }
  for (const category of await folders(join(dir, 'src', 'components'))) {
    let names: string[] = [];
    try {
      names = (await readdir(join(dir, 'src', 'components', category))).filter((name) => name.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    for (const file of names) {
      const name = file.slice(0, -'.json'.length);
      const path = componentPath(category, name);
      const definition = await readSchema(dir, path);
      if (definition !== undefined) files.push({ uid: componentUid(category, name), model: 'component', path, definition });
    }
  }
  return files;
}

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/**
 * Strapi's CTB view of a content type: `{ uid, plugin?, apiID, schema: { displayName, …, attributes, visible,
 * restrictRelationsTo } }` (`plugin`: a plugin's type, plugin-types.ts)
 */
export function contentTypeView(file: Pick<SchemaFile, 'uid' | 'definition'>, plugin?: string): Record<string, unknown> {
  const { definition } = file;
  const info = record(definition.info);
  const options = record(definition.options);
  return {
    uid: file.uid,
    ...(plugin === undefined ? {} : { plugin }),
    apiID: info.singularName,
    schema: {
      displayName: info.displayName ?? info.singularName,
      singularName: info.singularName,
      pluralName: info.pluralName,
      description: info.description ?? '',
      draftAndPublish: options.draftAndPublish === true,
      pluginOptions: record(definition.pluginOptions),
      kind: definition.kind ?? 'collectionType',
      collectionName: definition.collectionName,
      attributes: record(definition.attributes),
      visible: isVisibleInBuilder(file.uid, definition),
      restrictRelationsTo: restrictRelationsTo(file.uid, definition),
    },
  };
}

/** Strapi's CTB view of a component: `{ uid, category, apiId, schema: { displayName, icon, …, attributes } }` */
export function componentView(file: SchemaFile): Record<string, unknown> {
  const { definition } = file;
  const info = record(definition.info);
  const [category = '', name = ''] = file.uid.split('.');
  return {
    uid: file.uid,
    category,
    apiId: name,
    schema: {
      displayName: info.displayName ?? name,
      description: info.description ?? '',
      icon: info.icon,
      collectionName: definition.collectionName,
      pluginOptions: record(definition.pluginOptions),
      attributes: record(definition.attributes),
    },
  };
}
