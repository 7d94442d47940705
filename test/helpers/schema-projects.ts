/**
 * Temporary Strapi-layout projects for model-loading tests: a valid post ↔ writer model that
 * each test breaks in one place, and the problem lines loading it reports.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { StartupError } from '../../src/errors/startup-error.js';
import { loadRegistry, type RawSchemaFile } from '../../src/model/load-models.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

export type Attributes = Record<string, unknown>;
export const typeFile = (name: string): string => `src/api/${name}/content-types/${name}/schema.json`;
export const componentFile = (uid: string): string => `src/components/${uid.replace('.', '/')}.json`;

export function collectionType(singular: string, plural: string, attributes: Attributes, extra: Record<string, unknown> = {}): unknown {
  return {
    kind: 'collectionType',
    collectionName: plural.replace(/-/g, '_'),
    info: { singularName: singular, pluralName: plural, displayName: singular },
    options: {},
    attributes,
    ...extra,
  };
}

export function component(name: string, attributes: Attributes): unknown {
  return { collectionName: `components_${name.replace(/[.-]/g, '_')}`, info: { displayName: name }, attributes };
}

/** a valid post ↔ author model; each test breaks one thing */
export function baseFiles(): Record<string, unknown> {
  return {
    [typeFile('post')]: collectionType('post', 'posts', {
      title: { type: 'string' },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'posts' },
    }),
    [typeFile('writer')]: collectionType('writer', 'writers', {
      name: { type: 'string' },
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'author' },
    }),
    [componentFile('shared.link')]: component('shared.link', { url: { type: 'string' } }),
  };
}

export async function writeProject(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vellum-model-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** the problem lines of the StartupError loading `files` throws */
export async function problems(files: Record<string, unknown>, extraContentTypes?: RawSchemaFile[]): Promise<string[]> {
  const dir = await writeProject(files);
  const error: unknown = await loadRegistry(dir, extraContentTypes ? { extraContentTypes } : {}).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StartupError);
  const [heading, ...lines] = (error as StartupError).message.split('\n');
  expect(heading).toMatch(/^The content model has \d+ problems?:$/);
  return lines.map((line) => line.trim());
}

export function withPostAttributes(attributes: Attributes): Record<string, unknown> {
  const files = baseFiles();
  const post = files[typeFile('post')] as { attributes: Attributes };
  return { ...files, [typeFile('post')]: { ...post, attributes: { ...post.attributes, ...attributes } } };
}

export const POST = typeFile('post');
export const WRITER = typeFile('writer');
