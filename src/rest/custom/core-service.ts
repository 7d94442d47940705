/**
 * Strapi 5's core service of one content type: `find`, `findOne`, `create`, `update`, `delete`
 * (single types: `find`, `createOrUpdate`, `delete`) over the operation layer with no caller,
 * as Strapi's services sit on the Document Service (full access; lifecycles and document
 * middlewares run). Parameters are Strapi's (`filters`, `populate`, `pagination`, `status`, …),
 * read as the REST API reads them, so `find` answers `{ results, pagination }` paginated as REST.
 */
import { ValidationError } from '../../errors/index.js';
import type { Entry } from '../../engine/types.js';
import type { ContentType } from '../../model/types.js';
import type { PublicationStatus } from '../../query/ast.js';
import { parseRestQuery, parseSelection } from '../../query/parse-rest-query.js';
import type { CoreDeps } from './core-controller.js';

export interface CoreServiceParams extends Record<string, unknown> {
  data?: Record<string, unknown>;
  status?: PublicationStatus;
}

export interface CoreService {
  find(params?: CoreServiceParams): Promise<unknown>;
  findOne?(documentId: string, params?: CoreServiceParams): Promise<Entry | null>;
  create?(params: CoreServiceParams): Promise<Entry>;
  update?(documentId: string, params: CoreServiceParams): Promise<Entry | null>;
  createOrUpdate?(params: CoreServiceParams): Promise<Entry | null>;
  delete(documentId?: string | CoreServiceParams, params?: CoreServiceParams): Promise<Entry | null>;
  readonly [method: string]: unknown;
}

const withoutData = ({ data: _data, ...rest }: CoreServiceParams): Record<string, unknown> => rest;

export function createCoreService(deps: CoreDeps, schema: ContentType): CoreService {
  const uid = schema.uid;
  const ops = deps.operations.forType(uid);
  const selection = (params: CoreServiceParams = {}) => parseSelection(withoutData(params), uid, deps.query);
  const data = (params: CoreServiceParams) => {
    if (!params.data) throw new ValidationError('Missing "data" in the service parameters');
    return params.data;
  };
  const deleted = async (documentId: string | null) => {
    const result = await ops.delete(null, { documentId, selection: { fields: [], populate: [], status: 'draft' } });
    return result?.value ?? null;
  };
  if (schema.kind === 'singleType') {
    return {
      find: (params) => ops.findFirst(null, { selection: selection(params) }),
      createOrUpdate(params) {
        const sel = selection(params);
        return ops.update(null, { documentId: null, data: data(params), status: sel.status, selection: sel });
      },
      delete: () => deleted(null),
    };
  }
  return {
    async find(params = {}) {
      const page = await ops.findMany(null, { query: parseRestQuery(withoutData(params), uid, deps.query) });
      return { results: page.entries, pagination: page.pagination };
    },
    findOne: (documentId, params) => ops.findOne(null, { documentId, selection: selection(params) }),
    create(params) {
      const sel = selection(params);
      return ops.create(null, { data: data(params), status: sel.status, selection: sel });
    },
    update(documentId, params) {
      const sel = selection(params);
      return ops.update(null, { documentId, data: data(params), status: sel.status, selection: sel });
    },
    delete: (documentId) => deleted(typeof documentId === 'string' ? documentId : null),
  };
}
