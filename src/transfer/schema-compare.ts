/**
 * The archive's schemas (`schemas/*.jsonl`: one Strapi schema per line) against the project's
 * registry. Every difference that would lose or misplace data is listed, all at once, before
 * anything is written: a type or component on one side only, an attribute on one side only, an
 * attribute of another kind, relation, target or component. Only the project's own types
 * (`api::…`) and components are compared: Strapi's plugin and admin types are not the project's
 * (what Vellum keeps of them — files, users, roles, locales — has a fixed layout).
 */
import type { Attribute, Registry, Schema } from '../model/types.js';
import { isRecord } from '../util/is-record.js';

/** Attributes Strapi adds to every schema, which Vellum keeps as system columns or not at all. */
const SYSTEM_ATTRIBUTES = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

export interface ArchiveSchema {
  readonly uid: string;
  readonly modelType: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export function asArchiveSchema(value: unknown): ArchiveSchema | undefined {
  if (!isRecord(value) || typeof value.uid !== 'string' || !isRecord(value.attributes)) return undefined;
  return { uid: value.uid, modelType: typeof value.modelType === 'string' ? value.modelType : 'contentType', attributes: value.attributes };
}

const isProjectUid = (uid: string): boolean => uid.startsWith('api::') || !uid.includes('::');

/** What an attribute is, in words both sides can be compared by: `relation manyToOne api::tag.tag`. */
function describeArchive(raw: unknown): string {
  if (!isRecord(raw)) return 'unknown';
  const type = String(raw.type);
  switch (type) {
    case 'relation':
      return `relation ${String(raw.relation)} ${String(raw.target ?? '')}`.trim();
    case 'component':
      return `component ${String(raw.component)}${raw.repeatable === true ? ' (repeatable)' : ''}`;
    case 'dynamiczone':
      return `dynamiczone ${Array.isArray(raw.components) ? [...(raw.components as unknown[])].map(String).sort().join(',') : ''}`;
    case 'media':
      return `media${raw.multiple === true ? ' (multiple)' : ''}`;
    default:
      return type;
  }
}

function describeProject(attr: Attribute): string {
  switch (attr.kind) {
    case 'relation':
      return `relation ${attr.relation} ${attr.target}`;
    case 'component':
      return `component ${attr.component}${attr.repeatable ? ' (repeatable)' : ''}`;
    case 'dynamiczone':
      return `dynamiczone ${[...attr.components].sort().join(',')}`;
    case 'media':
      return `media${attr.multiple ? ' (multiple)' : ''}`;
    case 'scalar':
      return attr.type;
  }
}

function compareAttributes(uid: string, archive: ArchiveSchema, project: Schema): string[] {
  const differences: string[] = [];
  const names = new Set([...Object.keys(archive.attributes), ...Object.keys(project.attributes)]);
  for (const name of [...names].sort()) {
    if (SYSTEM_ATTRIBUTES.has(name)) continue;
    const theirs = archive.attributes[name];
    const ours = project.attributes[name];
    // Vellum's own additions (creator fields are Strapi's too) never count as a difference
    if (ours === undefined && theirs !== undefined) {
      differences.push(`${uid}.${name}: in the archive (${describeArchive(theirs)}), not in the project`);
    } else if (ours !== undefined && theirs === undefined) {
      differences.push(`${uid}.${name}: in the project (${describeProject(ours)}), not in the archive`);
    } else if (ours !== undefined) {
      const a = describeArchive(theirs);
      const b = describeProject(ours);
      if (a !== b) differences.push(`${uid}.${name}: ${a} in the archive, ${b} in the project`);
    }
  }
  return differences;
}

/** Every difference between the archive's schemas and the project's, in a stable order (empty: they match). */
export function compareSchemas(archive: ReadonlyMap<string, ArchiveSchema>, registry: Registry): string[] {
  const project = new Map<string, Schema>();
  for (const schema of [...registry.contentTypes.values(), ...registry.components.values()]) {
    if (isProjectUid(schema.uid)) project.set(schema.uid, schema);
  }
  const differences: string[] = [];
  const uids = new Set([...project.keys(), ...[...archive.keys()].filter(isProjectUid)]);
  for (const uid of [...uids].sort()) {
    const theirs = archive.get(uid);
    const ours = project.get(uid);
    if (!theirs) differences.push(`${uid}: in the project, not in the archive`);
    else if (!ours) differences.push(`${uid}: in the archive, not in the project`);
    else differences.push(...compareAttributes(uid, theirs, ours));
  }
  return differences;
}
