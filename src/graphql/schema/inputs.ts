/**
 * `<Type>Input` and `<Component>Input`: every attribute, all optional (private ones too: they
 * are writable, only never read). Relations and media take ids (`ID` / `[ID]`; a content
 * type's id is its documentId), components their input type, dynamic zones a list of
 * `<Type><Field>DynamicZoneInput`. Draft-and-publish types also take `publishedAt`
 * (given → publish, null → unpublish).
 */
import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import { isToMany } from '../../model/attributes.js';
import { assertNever, type Attribute, type Schema } from '../../model/types.js';
import { inputName } from '../naming.js';
import { hasEnabledTarget, type BuildContext } from './build-context.js';
import { dynamicZoneInput } from './dynamic-zone-input.js';
import { DateTimeScalar } from './scalars.js';
import { scalarType } from './scalar-types.js';
import { isCreatorField } from '../../model/creator-fields.js';

function attributeInputType(ctx: BuildContext, schema: Schema, attribute: Attribute): GraphQLInputType {
  switch (attribute.kind) {
    case 'scalar':
      return scalarType(ctx, schema, attribute);
    case 'relation':
      return isToMany(attribute) ? new GraphQLList(GraphQLID) : GraphQLID;
    case 'media':
      return attribute.multiple ? new GraphQLList(GraphQLID) : GraphQLID;
    case 'component': {
      const type = inputType(ctx, ctx.registry.component(attribute.component));
      return attribute.repeatable ? new GraphQLList(type) : type;
    }
    case 'dynamiczone':
      return new GraphQLList(new GraphQLNonNull(dynamicZoneInput(ctx, schema, attribute)));
    default:
      return assertNever(attribute);
  }
}

export function inputType(ctx: BuildContext, schema: Schema): GraphQLInputObjectType {
  const name = inputName(schema);
  return ctx.memo(name, () => new GraphQLInputObjectType({
    name,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {};
      if (schema.modelType === 'component') fields['id'] = { type: GraphQLID };
      for (const [key, attribute] of Object.entries(schema.attributes)) {
        if (isCreatorField(attribute) || !ctx.shadowCrud.isFieldEnabled(schema.uid, key, 'input') || !hasEnabledTarget(ctx, attribute)) continue;
        fields[key] = { type: attributeInputType(ctx, schema, attribute) };
      }
      if (schema.modelType === 'contentType' && schema.draftAndPublish) fields['publishedAt'] = { type: DateTimeScalar };
      return fields;
    },
  }));
}
