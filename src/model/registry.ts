import type { ComponentSchema, ContentType, Registry, Schema } from './types.js';
import { UnknownModelError } from './unknown-model-error.js';

/**
 * The frozen model registry. Lookups by uid throw instead of returning undefined, so a typo in
 * a uid fails where it is made. Only `api::` types are reachable by REST segment: plugin types
 * (`plugin::upload.file`, users) have routes of their own.
 */
export function createRegistry(
  contentTypes: Iterable<ContentType>,
  components: Iterable<ComponentSchema>,
): Registry {
  const typeMap = new FrozenMap([...contentTypes].map((type) => [type.uid, type] as const));
  const componentMap = new FrozenMap([...components].map((component) => [component.uid, component] as const));
  const routes = new Map<string, ContentType>();
  for (const type of typeMap.values()) {
    if (!type.uid.startsWith('api::')) continue;
    routes.set(type.kind === 'collectionType' ? type.pluralName : type.singularName, type);
  }
  return Object.freeze({
    contentTypes: typeMap,
    components: componentMap,
    get(uid: string): Schema {
      const schema = typeMap.get(uid) ?? componentMap.get(uid);
      if (schema === undefined) throw new UnknownModelError(uid);
      return schema;
    },
    contentType(uid: string): ContentType {
      const type = typeMap.get(uid);
      if (type === undefined) throw new UnknownModelError(uid, `Unknown content type "${uid}"`);
      return type;
    },
    component(uid: string): ComponentSchema {
      const component = componentMap.get(uid);
      if (component === undefined) throw new UnknownModelError(uid, `Unknown component "${uid}"`);
      return component;
    },
    byRouteSegment(segment: string): ContentType | undefined {
      return routes.get(segment);
    },
  });
}

/** A Map that refuses changes once built (Object.freeze does not stop Map.set). */
class FrozenMap<K, V> extends Map<K, V> {
  readonly #sealed: boolean;

  constructor(entries: Iterable<readonly [K, V]>) {
    super();
    for (const [key, value] of entries) super.set(key, value);
    this.#sealed = true;
    Object.freeze(this);
  }

  override set(key: K, value: V): this {
    if (this.#sealed) throw new TypeError('The model registry is frozen');
    return super.set(key, value);
  }

  override delete(): boolean {
    throw new TypeError('The model registry is frozen');
  }

  override clear(): void {
    throw new TypeError('The model registry is frozen');
  }
}
