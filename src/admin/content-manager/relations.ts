/**
 * `GET /content-manager/relations/:uid/:field`: the documents a relation field may point to,
 * searched on the server by the target's main field (`_q`, contains, ignoring case), paginated
 * (`page`, `pageSize`), in the request's `locale` for localized targets, without the ones the
 * form already holds (`idsToOmit`: documentIds). Read through the operation layer as the admin
 * (who must be allowed to read the target), one page read, its count and one status read.
 */
import { ValidationError } from '../../errors/index.js';
import { isHidden } from '../../model/attributes.js';
import { isCreatorField } from '../../model/creator-fields.js';
import type { RelationAttribute, Schema } from '../../model/types.js';
import type { Operations } from '../../operations/operations.js';
import type { Caller } from '../../operations/types.js';
import type { FilterNode } from '../../query/ast.js';
import type { RestQueryContext } from '../../query/limits.js';
import { listPage, type ListAnswer } from './list.js';
import { parseListQuery } from './list-query.js';
import { mainFieldOf } from './main-field.js';

function relationField(source: Schema, field: string): RelationAttribute {
  const attr = Object.hasOwn(source.attributes, field) ? source.attributes[field] : undefined;
  if (attr === undefined || attr.kind !== 'relation' || isHidden(attr) || isCreatorField(attr)) {
    const message = `The relational field ${field} doesn't exist on ${source.uid}`;
    throw new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
  }
  return attr;
}

function searchFilter(main: string, q: unknown, idsToOmit: unknown): FilterNode | undefined {
  const items: FilterNode[] = [];
  if (q !== undefined && q !== null && q !== '') {
    if (typeof q !== 'string') throw new ValidationError('_q must be a string', { key: '_q', path: '_q', source: 'query', param: '_q' });
    if (main !== 'id') items.push({ kind: 'compare', field: main, op: '$containsi', value: q });
    else items.push({ kind: 'compare', field: 'id', op: '$eq', value: /^\d+$/.test(q) ? Number(q) : -1 });
  }
  if (idsToOmit !== undefined) {
    const ids = Array.isArray(idsToOmit) ? idsToOmit : [idsToOmit];
    if (!ids.every((id): id is string => typeof id === 'string')) {
      throw new ValidationError('idsToOmit must be a list of documentIds', { key: 'idsToOmit', path: 'idsToOmit', source: 'query', param: 'idsToOmit' });
    }
    if (ids.length > 0) items.push({ kind: 'compare', field: 'documentId', op: '$notIn', value: ids });
  }
  if (items.length === 0) return undefined;
  return items.length === 1 ? items[0] : { kind: 'and', items };
}

export async function relationOptions(
  operations: Operations, queryCtx: RestQueryContext, caller: Caller, source: Schema, field: string, input: Record<string, unknown>,
): Promise<ListAnswer> {
  const attr = relationField(source, field);
  const target = queryCtx.registry.contentType(attr.target);
  const main = mainFieldOf(target);
  const query = parseListQuery(
    { page: input.page, pageSize: input.pageSize, locale: input.locale, fields: main === 'id' ? ['updatedAt'] : [main] },
    target, queryCtx, searchFilter(main, input._q, input.idsToOmit),
  );
  const { results, pagination } = await listPage(operations.forType(target.uid), caller, query);
  const keep = ['id', 'documentId', main, 'locale', 'status'];
  return { results: results.map((entry) => Object.fromEntries(Object.entries(entry).filter(([key]) => keep.includes(key))) as typeof entry), pagination };
}
