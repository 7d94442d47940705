/**
 * The query of one row by its numeric id (`/api/users/:id`, `/api/upload/files/:id`: Strapi's
 * plugin routes name rows, not documents): `selection` with an id filter and a one-row page,
 * no count. Operations run it as a one-entry `findMany`.
 */
import type { Query, Selection } from './ast.js';

export function rowIdQuery(id: number, selection: Selection): Query {
  return {
    ...selection,
    filters: { kind: 'compare', field: 'id', op: '$eq', value: id },
    sort: [],
    pagination: { kind: 'offset', start: 0, limit: 1, withCount: false },
  };
}
