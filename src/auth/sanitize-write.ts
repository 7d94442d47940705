/**
 * A write (create/update body `data`) may only name relation targets the actor can read: a
 * relation or media attribute whose target the actor may not `find` is a 400 `Invalid key
 * <attribute>`, as Strapi's body validation reports it. Components and dynamic-zone items are
 * walked too. Shape errors are left to the document validator.
 */
import { ValidationError } from '../errors/index.js';
import type { Registry, Schema } from '../model/types.js';
import { guardedTarget, type CanFind } from './sanitize-query.js';
import { isRecord } from '../util/is-record.js';

function invalidBodyKey(path: readonly string[]): ValidationError {
  const key = path[path.length - 1] ?? '';
  return new ValidationError(`Invalid key ${key}${path.length > 1 ? ` at ${path.join('.')}` : ''}`, {
    key,
    path: path.join('.'),
    source: 'body',
  });
}

function walk(registry: Registry, schema: Schema, data: Record<string, unknown>, canFind: CanFind, path: readonly string[]): void {
  for (const [name, value] of Object.entries(data)) {
    if (value === undefined || !Object.prototype.hasOwnProperty.call(schema.attributes, name)) continue;
    const attribute = schema.attributes[name]!;
    const here = [...path, name];
    const target = guardedTarget(attribute);
    if (target !== null) {
      if (!canFind(target)) throw invalidBodyKey(here);
      continue;
    }
    if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      const items = Array.isArray(value) ? value : [value];
      items.forEach((item, index) => {
        if (isRecord(item)) walk(registry, component, item, canFind, Array.isArray(value) ? [...here, String(index)] : here);
      });
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      value.forEach((item, index) => {
        const uid = isRecord(item) ? item.__component : undefined;
        if (isRecord(item) && typeof uid === 'string' && attribute.components.includes(uid)) {
          walk(registry, registry.component(uid), item, canFind, [...here, String(index)]);
        }
      });
    }
  }
}

export function checkWriteTargets(registry: Registry, uid: string, data: unknown, canFind: CanFind): void {
  if (isRecord(data)) walk(registry, registry.get(uid), data, canFind, []);
}
