/**
 * State shared by the type builders while one schema is generated: the registry, a cache that
 * guarantees one GraphQL type instance per name (types refer to each other in cycles, so every
 * builder goes through `memo` and every field list is a thunk), and the media model.
 */
import type { GraphQLNamedType } from 'graphql';
import type { Attribute, ComponentSchema, ContentType, Registry, ScalarAttribute } from '../../model/types.js';
import { componentTypeName } from '../naming.js';

export const UPLOAD_FILE_UID = 'plugin::upload.file';

export class BuildContext {
  private readonly types = new Map<string, GraphQLNamedType>();
  private readonly componentsByTypeName = new Map<string, ComponentSchema>();
  readonly uploadFile: ContentType;

  constructor(readonly registry: Registry) {
    this.uploadFile = registry.contentTypes.get(UPLOAD_FILE_UID) ?? FALLBACK_UPLOAD_FILE;
    for (const component of registry.components.values()) {
      this.componentsByTypeName.set(componentTypeName(component), component);
    }
  }

  /** The one instance of the type `name`, created on first use. */
  memo<T extends GraphQLNamedType>(name: string, create: () => T): T {
    const existing = this.types.get(name);
    if (existing) return existing as T;
    const created = create();
    this.types.set(name, created);
    return created;
  }

  contentType(uid: string): ContentType {
    return resolveContentType(this.registry, uid);
  }

  componentByTypeName(name: string): ComponentSchema | undefined {
    return this.componentsByTypeName.get(name);
  }
}

/** `registry.contentType`, with the built-in file model when the registry has no upload feature. */
export function resolveContentType(registry: Registry, uid: string): ContentType {
  if (uid === UPLOAD_FILE_UID) return registry.contentTypes.get(UPLOAD_FILE_UID) ?? FALLBACK_UPLOAD_FILE;
  return registry.contentType(uid);
}

function scalar(name: string, type: ScalarAttribute['type']): ScalarAttribute {
  return { kind: 'scalar', name, type, required: false, private: false, unique: false, raw: {} };
}

/**
 * Strapi's upload file model, used for `UploadFile` when the registry does not carry
 * `plugin::upload.file` itself (the upload feature registers the real one).
 */
const FALLBACK_ATTRIBUTES: Readonly<Record<string, Attribute>> = Object.fromEntries(
  ([
    ['name', 'string'], ['alternativeText', 'string'], ['caption', 'string'], ['width', 'integer'],
    ['height', 'integer'], ['formats', 'json'], ['hash', 'string'], ['ext', 'string'], ['mime', 'string'],
    ['size', 'decimal'], ['url', 'string'], ['previewUrl', 'string'], ['provider', 'string'],
    ['provider_metadata', 'json'],
  ] as const).map(([name, type]) => [name, scalar(name, type)]),
);

export const FALLBACK_UPLOAD_FILE: ContentType = {
  uid: UPLOAD_FILE_UID,
  modelType: 'contentType',
  kind: 'collectionType',
  collectionName: 'files',
  displayName: 'File',
  singularName: 'file',
  pluralName: 'files',
  draftAndPublish: false,
  namespace: 'upload',
  options: {},
  pluginOptions: {},
  attributes: FALLBACK_ATTRIBUTES,
  file: '<internal>',
};
