/**
 * State shared by the type builders while one schema is generated: the registry, and a cache
 * that guarantees one GraphQL type instance per name (types refer to each other in cycles, so
 * every builder goes through `memo` and every field list is a thunk).
 */
import type { GraphQLNamedType } from 'graphql';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import type { Attribute, ContentType, Registry } from '../../model/types.js';
import { ALL_ENABLED, type ShadowCrudView } from './shadow-crud-view.js';
import type { SchemaResolvers } from './schema-resolvers.js';

export class BuildContext {
  private readonly types = new Map<string, GraphQLNamedType>();
  /** the media library's file model (`UploadFile`), a built-in content type of every registry */
  readonly uploadFile: ContentType;

  /**
   * `shadowCRUD` settings of the extension service: disabled types, operations and fields are
   * left out where they would appear (a relation to a disabled type has no field at all).
   * `resolvers`: what the fields resolve with, handed in by the schema's composer (../graphql-schema.ts, through build-schema.ts).
   */
  constructor(readonly registry: Registry, readonly resolvers: SchemaResolvers, readonly shadowCrud: ShadowCrudView = ALL_ENABLED) {
    this.uploadFile = registry.contentType(UPLOAD_FILE_UID);
  }

  /** The one instance of the type `name`, created on first use. */
  memo<T extends GraphQLNamedType>(name: string, create: () => T): T {
    const existing = this.types.get(name);
    if (existing) return existing as T;
    const created = create();
    this.types.set(name, created);
    return created;
  }

  /** A relation, media or component field whose target type is disabled is not generated. */
  isTargetEnabled(uid: string): boolean {
    return this.shadowCrud.isTypeEnabled(uid);
  }

  contentType(uid: string): ContentType {
    return this.registry.contentType(uid);
  }
}

/** Relations, media and components exist in the schema only while their target type is enabled. */
export function hasEnabledTarget(ctx: BuildContext, attribute: Attribute): boolean {
  switch (attribute.kind) {
    case 'relation':
      return ctx.isTargetEnabled(attribute.target);
    case 'media':
      return ctx.isTargetEnabled(ctx.uploadFile.uid);
    case 'component':
      return ctx.isTargetEnabled(attribute.component);
    case 'dynamiczone':
      return attribute.components.some((uid) => ctx.isTargetEnabled(uid));
    default:
      return true;
  }
}
