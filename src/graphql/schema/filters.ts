/**
 * `<Type>FiltersInput` and `<Component>FiltersInput` (v4 `builders/filters`): one field per
 * filterable attribute — scalars take their scalar filter input (enumerations `StringFilterInput`),
 * relations the target's FiltersInput, components the component's — plus `and`, `or`, `not`.
 * Content types also filter on `id` (the documentId) and the three timestamps. Media, dynamic
 * zones and private attributes are not filterable.
 */
import { GraphQLInputObjectType, GraphQLList, type GraphQLInputFieldConfigMap } from 'graphql';
import { assertNever, type Schema } from '../../model/types.js';
import { isHidden } from '../../model/attributes.js';
import { filtersInputName } from '../naming.js';
import { hasEnabledTarget, type BuildContext } from './build-context.js';
import { localizedFilterFields } from './i18n.js';
import { SCALAR_FILTER_INPUTS } from './filter-inputs.js';
import { scalarFilterInput } from './scalar-types.js';
import { isCreatorField } from '../../model/creator-fields.js';

export function filtersInputType(ctx: BuildContext, schema: Schema): GraphQLInputObjectType {
  const name = filtersInputName(schema);
  return ctx.memo(name, () => {
    const type: GraphQLInputObjectType = new GraphQLInputObjectType({
      name,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        if (schema.modelType === 'contentType') fields['id'] = { type: SCALAR_FILTER_INPUTS.ID };
        for (const [key, attribute] of Object.entries(schema.attributes)) {
          if (isHidden(attribute) || isCreatorField(attribute) || !ctx.shadowCrud.isFieldEnabled(schema.uid, key, 'filters') || !hasEnabledTarget(ctx, attribute)) continue;
          switch (attribute.kind) {
            case 'scalar':
              fields[key] = { type: scalarFilterInput(attribute) };
              break;
            case 'relation':
              fields[key] = { type: filtersInputType(ctx, ctx.contentType(attribute.target)) };
              break;
            case 'component':
              fields[key] = { type: filtersInputType(ctx, ctx.registry.component(attribute.component)) };
              break;
            case 'media':
            case 'dynamiczone':
              break;
            default:
              assertNever(attribute);
          }
        }
        if (schema.modelType === 'contentType') {
          fields['createdAt'] = { type: SCALAR_FILTER_INPUTS.DateTime };
          fields['updatedAt'] = { type: SCALAR_FILTER_INPUTS.DateTime };
          fields['publishedAt'] = { type: SCALAR_FILTER_INPUTS.DateTime };
          Object.assign(fields, localizedFilterFields(ctx, schema, type));
        }
        fields['and'] = { type: new GraphQLList(type) };
        fields['or'] = { type: new GraphQLList(type) };
        fields['not'] = { type };
        return fields;
      },
    });
    return type;
  });
}
