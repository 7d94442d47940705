/**
 * The content-type builder's service (Strapi's `content-type-builder` plugin, server side): it
 * lists the project's schema files, and applies a change only after the checks start-up runs
 * would pass: the proposed files go through the model loader (`loadRegistry` with the files laid
 * over the project's) and the sync planner (the next start's destructive-change refusal, its very
 * message). Only then are files written — all of a change or, on a refusal, none (400).
 * Writes are refused (403) unless the server runs under `vellum develop`, as Strapi refuses
 * them without `autoReload`; after a write, `develop` restarts the app on the new schema.
 */
import { mkdir, rename, rm, writeFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ForbiddenError, StartupError, ValidationError } from '../errors/index.js';
import type { ProposedSchemaFiles } from '../model/load-models.js';
import type { RawSchemaFile } from '../model/raw-schema-file.js';
import type { Registry } from '../model/types.js';
import { RESERVED_ATTRIBUTE_NAMES } from '../model/types.js';
import { parseUid } from '../model/uid.js';
import { planFiles } from './plan-files.js';
import { pluginTypes } from './plugin-types.js';
import { componentView, contentTypeView, readProjectSchemas, type SchemaFile } from './project-schemas.js';
import { scaffoldFiles } from './scaffold.js';
import { deletion, readBatch, readComponentBody, readContentTypeBody, type SchemaChange } from './schema-input.js';

export interface BuilderOptions {
  readonly dir: string;
  /** `vellum develop` (Strapi's `autoReload`): writes allowed */
  readonly autoReload: boolean;
  /** the content types the app adds to the project's (users, roles, admin users…): listed, and relation targets one-way */
  readonly pluginContentTypes?: readonly RawSchemaFile[];
  /** start-up's model loading with `proposed` laid over the project's files (throws StartupError) */
  readonly loadRegistry: (proposed: ProposedSchemaFiles) => Promise<Registry>;
  /** the message the next start's sync would refuse with, if any (start-up's own) */
  readonly syncRefusal: (registry: Registry) => Promise<string | undefined>;
  /** `vellum develop`'s restart on the new schema (called once the answer has left) */
  readonly restart: () => void;
}

export interface AppliedChange {
  readonly contentTypes: readonly string[];
  readonly components: readonly string[];
  /** project-relative paths written and removed */
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

export const NOT_IN_DEVELOP = 'The Content-Type Builder changes schemas only in development: start the server with `vellum develop` (as Strapi allows it only with autoReload).';

/** Strapi's `GET /reserved-names`: names a model or an attribute may not take */
const RESERVED_MODELS = ['admin', 'upload', 'users-permissions', 'i18n', 'content-manager', 'content-type-builder', 'boolean', 'date', 'date-time', 'time', 'upload-file', 'file', 'files'];

/** one detail per problem line (a heading line ending in `:` is no problem of its own) */
function lines(error: StartupError): { message: string; errors: { path: string[]; message: string; name: string }[] } {
  const all = error.message.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const problems = all.length > 1 && all[0]!.endsWith(':') ? all.slice(1) : all;
  return { message: error.message, errors: problems.map((message) => ({ path: [], message, name: 'ValidationError' })) };
}

export function createContentTypeBuilder(options: BuilderOptions) {
  const { dir } = options;
  const plugins = pluginTypes(options.pluginContentTypes ?? []);
  // one change at a time: each is checked against the files the previous one wrote
  let queue: Promise<unknown> = Promise.resolve();

  async function byUid(): Promise<Map<string, SchemaFile>> {
    return new Map((await readProjectSchemas(dir)).map((file) => [file.uid, file]));
  }

  async function check(write: readonly SchemaFile[], remove: readonly SchemaFile[]): Promise<void> {
    let registry: Registry;
    try {
      registry = await options.loadRegistry({ write: write.map((file) => ({ uid: file.uid, file: file.path, definition: file.definition })), remove: remove.map((file) => file.uid) });
    } catch (error) {
      if (!(error instanceof StartupError)) throw error;
      const { message, errors } = lines(error);
      throw new ValidationError(message, { errors });
    }
    let refusal: string | undefined;
    try {
      refusal = await options.syncRefusal(registry);
    } catch (error) {
      if (!(error instanceof StartupError)) throw error;
      refusal = error.message;
    }
    if (refusal !== undefined) throw new ValidationError(refusal, lines(new StartupError(refusal)));
  }

  async function writeAtomically(path: string, text: string): Promise<void> {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, target);
  }

  /** a removed content type's folder; its api folder too when nothing else is left in its content-types */
  async function removeFile(file: SchemaFile): Promise<void> {
    const parsed = parseUid(file.uid);
    if (parsed.kind !== 'api') {
      await rm(join(dir, file.path), { force: true });
      return;
    }
    const typesDir = join(dir, 'src', 'api', parsed.api, 'content-types');
    await rm(join(typesDir, parsed.name), { recursive: true, force: true });
    const left = await readdir(typesDir).catch(() => []);
    if (left.length === 0) await rm(join(dir, 'src', 'api', parsed.api), { recursive: true, force: true });
  }

  async function apply(changes: readonly SchemaChange[]): Promise<AppliedChange> {
    if (!options.autoReload) throw new ForbiddenError(NOT_IN_DEVELOP);
    const planned = planFiles(changes, await byUid(), plugins);
    const write = [...planned.write.values()];
    await check(write, planned.remove);
    const written: string[] = [];
    for (const file of write) {
      await writeAtomically(file.path, `${JSON.stringify(file.definition, null, 2)}\n`);
      written.push(file.path);
    }
    for (const type of planned.created) {
      for (const file of scaffoldFiles(dir, type)) {
        await writeAtomically(file.path, file.text);
        written.push(file.path);
      }
    }
    for (const file of planned.remove) await removeFile(file);
    const uids = (model: SchemaFile['model']) => [...write, ...planned.remove].filter((file) => file.model === model).map((file) => file.uid);
    return { contentTypes: uids('contentType'), components: uids('component'), written, removed: planned.remove.map((file) => file.path) };
  }

  return {
    autoReload: options.autoReload,
    /** the project's types, then the plugins' (as Strapi lists every content type) */
    async contentTypes() {
      const own = [...(await byUid()).values()].filter((file) => file.model === 'contentType').map((file) => contentTypeView(file));
      return [...own, ...[...plugins.values()].map((type) => contentTypeView(type, type.plugin))];
    },
    async components() {
      return [...(await byUid()).values()].filter((file) => file.model === 'component').map(componentView);
    },
    reservedNames() {
      return { models: RESERVED_MODELS, attributes: [...RESERVED_ATTRIBUTE_NAMES] };
    },
    /** `POST /update-schema` */
    updateSchema: (body: unknown) => serialized(() => readBatch(body)),
    /** `POST /content-types`, `PUT /content-types/:uid`, `POST /components`, `PUT /components/:uid` */
    write: (model: SchemaChange['model'], uid: string | undefined, body: unknown) =>
      serialized(() => (model === 'contentType' ? readContentTypeBody(body, uid) : readComponentBody(body, uid))),
    /** `DELETE /content-types/:uid`, `DELETE /components/:uid` */
    remove: (model: SchemaChange['model'], uid: string) => serialized(() => deletion(model, uid)),
    restart: options.restart,
  };

  /** refused outside develop before the body is read; one change at a time */
  function serialized(read: () => readonly SchemaChange[]): Promise<AppliedChange> {
    if (!options.autoReload) return Promise.reject(new ForbiddenError(NOT_IN_DEVELOP));
    const next = queue.then(() => apply(read()));
    queue = next.catch(() => undefined);
    return next;
  }
}

export type ContentTypeBuilder = ReturnType<typeof createContentTypeBuilder>;
