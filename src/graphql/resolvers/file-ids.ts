/**
 * Media inputs name files by GraphQL id. `UploadFileEntity.id` is the file's documentId (as for
 * every entity), while the document service takes numeric file ids, so documentIds found in a
 * mutation's media fields (components and dynamic zones included) are translated with one
 * lookup. Numeric ids pass through unchanged.
 */
import { attributeOf } from '../../model/attributes.js';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { Registry, Schema } from '../../model/types.js';
import type { GraphqlContext } from '../context.js';
import { isRecord } from '../../util/is-record.js';

type Data = Record<string, unknown>;

const isDocumentId = (value: unknown): value is string => typeof value === 'string' && !/^\d+$/.test(value);

function visit(registry: Registry, schema: Schema, data: Data, onMedia: (data: Data, key: string) => void): void {
  for (const [key, value] of Object.entries(data)) {
    const attribute = attributeOf(schema, key);
    if (!attribute || value === null || value === undefined) continue;
    if (attribute.kind === 'media') onMedia(data, key);
    else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      for (const item of Array.isArray(value) ? value : [value]) if (isRecord(item)) visit(registry, component, item, onMedia);
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        if (isRecord(item) && typeof item['__component'] === 'string' && attribute.components.includes(item['__component'])) {
          visit(registry, registry.component(item['__component']), item, onMedia);
        }
      }
    }
  }
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
  return value;
}

export async function resolveFileIds(data: Data, schema: Schema, ctx: GraphqlContext): Promise<Data> {
  const wanted = new Set<string>();
  visit(ctx.registry, schema, data, (owner, key) => {
    for (const id of [owner[key]].flat()) if (isDocumentId(id)) wanted.add(id);
  });
  if (wanted.size === 0) return data;
  // files the write references, read as its caller may read them (no operation of their own)
  const page = await ctx.operations.forType(UPLOAD_FILE_UID).loadRelated(ctx.caller, {
    filters: { kind: 'compare', field: 'documentId', op: '$in', value: [...wanted] },
    sort: [],
    pagination: { kind: 'offset', start: 0, limit: wanted.size, withCount: false },
    fields: [],
    populate: [],
    status: 'published',
  });
  const ids = new Map(page.entries.map((entry) => [String(entry['documentId']), entry.id]));
  const copy = clone(data) as Data;
  visit(ctx.registry, schema, copy, (owner, key) => {
    const translate = (id: unknown): unknown => (isDocumentId(id) ? ids.get(id) ?? id : id);
    const value = owner[key];
    owner[key] = Array.isArray(value) ? value.map(translate) : translate(value);
  });
  return copy;
}
