/**
 * Strapi joins a filtered relation with a LEFT JOIN, so an entry without any related row is
 * compared as if it had one whose every column is NULL: `filters[author][id][$null]=true` selects
 * the entries without an author. Vellum compiles relation filters to EXISTS (no duplicate rows,
 * no DISTINCT); this decides, in SQL's three-valued logic, whether a condition holds on that
 * all-NULL row, so the parser can add "or there is no related row" exactly when Strapi's join
 * would have matched it.
 */
import { assertNever } from '../model/types.js';
import type { FilterNode } from './ast.js';

type Truth = 'true' | 'false' | 'unknown';

const NOT: Readonly<Record<Truth, Truth>> = { true: 'false', false: 'true', unknown: 'unknown' };

function onNullRow(node: FilterNode): Truth {
  switch (node.kind) {
    case 'compare':
      if (node.op === '$null') return node.value === true ? 'true' : 'false';
      if (node.op === '$notNull') return node.value === true ? 'false' : 'true';
      // `$nei` and the negated patterns also require the column to be set (compile-filters)
      if (['$nei', '$notContains', '$notContainsi'].includes(node.op)) return 'false';
      return 'unknown';
    case 'and': {
      const values = node.items.map(onNullRow);
      if (values.includes('false')) return 'false';
      return values.every((v) => v === 'true') ? 'true' : 'unknown';
    }
    case 'or': {
      const values = node.items.map(onNullRow);
      if (values.includes('true')) return 'true';
      return values.every((v) => v === 'false') ? 'false' : 'unknown';
    }
    case 'not':
      return NOT[onNullRow(node.item)];
    case 'nested':
      // a deeper relation of a missing row has no rows either (its own "missing" case is
      // already part of `node` when the parser added it)
      return 'false';
    default:
      return assertNever(node);
  }
}

/** Whether `filter` selects the all-NULL row a LEFT JOIN gives an entry without related rows. */
export function holdsOnMissingRow(filter: FilterNode): boolean {
  return onNullRow(filter) === 'true';
}
