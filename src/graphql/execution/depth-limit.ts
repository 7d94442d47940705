/**
 * `depthLimit` as a validation rule, counting exactly as the graphql-depth-limit package Strapi
 * uses: a field with a selection set adds one level, leaf fields add none, `__*` introspection
 * fields are ignored, fragments are followed; the error fires when a selection sits deeper than
 * the limit (so `{ a { b } }` has depth 1). Message: `'<operation>' exceeds maximum operation
 * depth of <N>` (anonymous operations print `''`). One error per operation.
 */
import {
  GraphQLError,
  Kind,
  type ASTNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValidationContext,
  type ASTVisitor,
} from 'graphql';

class DepthExceeded extends Error {
  constructor(readonly node: ASTNode) {
    super('depth exceeded');
  }
}

function depthOf(
  node: SelectionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  depthSoFar: number,
  maxDepth: number,
  visiting: ReadonlySet<string>,
  memo: Map<string, number>,
): number {
  if (depthSoFar > maxDepth) throw new DepthExceeded(node);
  switch (node.kind) {
    case Kind.FIELD: {
      if (node.name.value.startsWith('__') || !node.selectionSet) return 0;
      return 1 + maxOf(node.selectionSet.selections, fragments, depthSoFar + 1, maxDepth, visiting, memo);
    }
    case Kind.FRAGMENT_SPREAD: {
      const name = node.name.value;
      const fragment = fragments.get(name);
      // unknown and cyclic spreads are other rules' errors
      if (!fragment || visiting.has(name)) return 0;
      // memoised per depth: fragments spread many times must not cost exponential time
      const key = `${name}@${depthSoFar}`;
      const known = memo.get(key);
      if (known !== undefined) return known;
      const depth = maxOf(fragment.selectionSet.selections, fragments, depthSoFar, maxDepth, new Set([...visiting, name]), memo);
      memo.set(key, depth);
      return depth;
    }
    case Kind.INLINE_FRAGMENT:
      return maxOf(node.selectionSet.selections, fragments, depthSoFar, maxDepth, visiting, memo);
  }
}

function maxOf(
  selections: readonly SelectionNode[],
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  depthSoFar: number,
  maxDepth: number,
  visiting: ReadonlySet<string>,
  memo: Map<string, number>,
): number {
  let max = 0;
  for (const selection of selections) max = Math.max(max, depthOf(selection, fragments, depthSoFar, maxDepth, visiting, memo));
  return max;
}

export function depthLimitRule(maxDepth: number): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const name = operation.name?.value ?? '';
        try {
          maxOf(operation.selectionSet.selections, fragments, 0, maxDepth, new Set(), new Map());
        } catch (error) {
          if (!(error instanceof DepthExceeded)) throw error;
          context.reportError(new GraphQLError(`'${name}' exceeds maximum operation depth of ${maxDepth}`, { nodes: [error.node] }));
        }
        return false;
      },
    };
  };
}
