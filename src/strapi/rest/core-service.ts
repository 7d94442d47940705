/**
 * Strapi 5's core service of one content type: `find`, `findOne`, `create`, `update`, `delete`
 * (single types: `find`, `createOrUpdate`, `delete`) over the operation layer with no caller,
 * as Strapi's services sit on the Document Service (full access; lifecycles and document
 * middlewares run). Parameters are Strapi's (`filters`, `populate`, `pagination`, `status`, …),
 * read as the REST API reads them, so `find` answers `{ results, pagination }` paginated as REST.
 * Params the core controller hands a project's service override carry the request's caller
 * (`REQUEST_CALLER`): reaching this service through `super.find(params)` then checks and
 * sanitises as the built-in route does.
 */
import { ValidationError } from '../../errors/index.js';
import type { Entry } from '../../operations/types.js';
import type { ContentType } from '../../model/types.js';
import type { Caller } from '../../operations/types.js';
import type { PublicationStatus } from '../../query/ast.js';
import { parseRestQuery, parseSelection } from '../../query/parse-rest-query.js';
import type { CoreDeps } from './core-deps.js';

/**
 * Set by the core controller on the params it gives a project's service: the request's caller.
 * A symbol, so it never reads as a query parameter; object spread copies it, so
 * `super.find({ ...params, filters })` keeps it.
 */
export const REQUEST_CALLER = Symbol.for('vellum.request-caller');

export interface CoreServiceParams extends Record<string, unknown> {
  data?: Record<string, unknown>;
  status?: PublicationStatus;
  [REQUEST_CALLER]?: Caller;
}

/** the request's caller when the core controller sent these params, else null (user code: full access) */
const callerOf = (params: CoreServiceParams | undefined): Caller | null => params?.[REQUEST_CALLER] ?? null;

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
  const deleted = async (documentId: string | null, params: CoreServiceParams | undefined) => {
    const result = await ops.delete(callerOf(params), { documentId, selection: { fields: [], populate: [], status: 'draft' } });
    return result?.value ?? null;
  };
  if (schema.kind === 'singleType') {
    return {
      find: (params) => ops.findFirst(callerOf(params), { selection: selection(params) }),
      createOrUpdate(params) {
        const sel = selection(params);
        return ops.update(callerOf(params), { documentId: null, data: data(params), status: sel.status, selection: sel });
      },
      delete: (params) => deleted(null, typeof params === 'object' ? params : undefined),
    };
  }
  return {
    async find(params = {}) {
      const page = await ops.findMany(callerOf(params), { query: parseRestQuery(withoutData(params), uid, deps.query) });
      return { results: page.entries, pagination: page.pagination };
    },
    findOne: (documentId, params) => ops.findOne(callerOf(params), { documentId, selection: selection(params) }),
    create(params) {
      const sel = selection(params);
      return ops.create(callerOf(params), { data: data(params), status: sel.status, selection: sel });
    },
    update(documentId, params) {
      const sel = selection(params);
      return ops.update(callerOf(params), { documentId, data: data(params), status: sel.status, selection: sel });
    },
    delete: (documentId, params) => deleted(typeof documentId === 'string' ? documentId : null, params),
  };
}
