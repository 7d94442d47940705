/**
 * The GraphQL side of `api.rest.maxPopulateNodes`: a validation rule counting the relation,
 * media, component and dynamic-zone fields (and root fields) one operation selects, as
 * graphql-js will execute them: every alias counts, every use of a fragment counts its fields
 * again. Aliases of the same relation are read once but serialised once each, so they must be
 * paid for; fragments are counted once per name and multiplied (memoised), so a document of
 * fragments spread many times cannot cost exponential time to check. Over the limit the
 * operation is refused before execution: a 400 with `BAD_USER_INPUT` naming the limit.
 */
import {
  GraphQLError,
  Kind,
  getNamedType,
  isObjectType,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly memo: Map<string, number>;
  readonly visiting: Set<string>;
  readonly limit: number;
}

class LimitExceeded extends Error {}

/** Content-type entities and components carry `extensions.vellum`: their composite fields are relation-like. */
const isModelType = (type: GraphQLNamedType | undefined): boolean => isObjectType(type) && type.extensions['vellum'] !== undefined;

function count(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, isRoot: boolean): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    switch (selection.kind) {
      case Kind.FIELD: {
        if (!selection.selectionSet || selection.name.value.startsWith('__')) break;
        const field = isObjectType(parent) ? parent.getFields()[selection.name.value] : undefined;
        const type = field ? getNamedType(field.type) : undefined;
        total += (isRoot || isModelType(parent) ? 1 : 0) + count(walk, selection.selectionSet, type, false);
        break;
      }
      case Kind.INLINE_FRAGMENT: {
        const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) ?? undefined : parent;
        total += count(walk, selection.selectionSet, type, isRoot);
        break;
      }
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = walk.fragments.get(name);
        // unknown and cyclic spreads are other rules' errors
        if (!fragment || walk.visiting.has(name)) break;
        const key = `${name}:${isRoot}`;
        let fields = walk.memo.get(key);
        if (fields === undefined) {
          walk.visiting.add(name);
          fields = count(walk, fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value) ?? undefined, isRoot);
          walk.visiting.delete(name);
          walk.memo.set(key, fields);
        }
        total += fields;
        break;
      }
    }
    if (total > walk.limit) throw new LimitExceeded();
  }
  return total;
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLNamedType | undefined {
  switch (operation.operation) {
    case 'query':
      return schema.getQueryType() ?? undefined;
    case 'mutation':
      return schema.getMutationType() ?? undefined;
    case 'subscription':
      return schema.getSubscriptionType() ?? undefined;
  }
}

export function relationFieldLimitRule(limit: number): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const schema = context.getSchema();
        const walk: Walk = { schema, fragments, memo: new Map(), visiting: new Set(), limit };
        try {
          count(walk, operation.selectionSet, rootType(schema, operation), true);
        } catch (error) {
          if (!(error instanceof LimitExceeded)) throw error;
          context.reportError(new GraphQLError(
            `The operation selects more than ${limit} relation, media and component fields (api.rest.maxPopulateNodes); aliases and fragment uses count each time`,
            { nodes: [operation], extensions: { code: 'BAD_USER_INPUT' } },
          ));
        }
        return false;
      },
    };
  };
}
