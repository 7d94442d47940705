/**
 * Strapi 5's core controller of one content type, over the operation layer: each action reads
 * the Koa-style ctx (`ctx.query` as it is when the action runs, so a route middleware may have
 * set `populate`), calls the operation with the request as caller (permission check,
 * sanitising, policies, lifecycles) and returns `{ data, meta }`. Project controllers made with
 * `factories.createCoreController` have this object as their prototype, so `super.find(ctx)`
 * runs it. When the project's service of the type replaces a core method (`find` …), the action
 * calls it as Strapi's core controller does (`strapi.service(uid).find(query)`), with the
 * request's caller in the params (core-service.ts); otherwise it runs the operation directly.
 */
import { NotFoundError, ValidationError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import { parseRestQuery, parseSelection } from '../../query/parse-rest-query.js';
import type { CoreDeps, ServiceMethod } from './core-deps.js';
import { REQUEST_CALLER, type CoreServiceParams } from './core-service.js';
import type { RestContext } from './rest-context.js';

export type ControllerAction = (ctx: RestContext, next?: () => Promise<unknown>) => unknown;

export interface CoreController {
  find?: ControllerAction;
  findOne?: ControllerAction;
  create?: ControllerAction;
  update?: ControllerAction;
  delete?: ControllerAction;
  /** the query as this request may send it: checked against the model (400 for an invalid key), returned as given */
  sanitizeQuery(ctx: RestContext): Promise<Record<string, unknown>>;
  validateQuery(ctx: RestContext): Promise<void>;
  sanitizeInput(data: unknown, ctx: RestContext): Promise<unknown>;
  validateInput(data: unknown, ctx: RestContext): Promise<void>;
  /** entries come out of the operation layer (and the document service) without private attributes: returned as they are */
  sanitizeOutput(data: unknown, ctx: RestContext): Promise<unknown>;
  transformResponse(data: unknown, meta?: unknown): { data: unknown; meta: unknown };
  readonly [action: string]: unknown;
}

function bodyData(ctx: RestContext): Record<string, unknown> {
  const body = ctx.request.body as { data?: unknown } | undefined | null;
  const data = typeof body === 'object' && body !== null ? body.data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ValidationError('Missing "data" payload in the request body');
  }
  return data as Record<string, unknown>;
}

const found = <T>(entry: T | null): T => {
  if (entry === null) throw new NotFoundError();
  return entry;
};

export function createCoreController(deps: CoreDeps, schema: ContentType): CoreController {
  const uid = schema.uid;
  const ops = deps.operations.forType(uid);
  const selection = (ctx: RestContext) => parseSelection(ctx.query, uid, deps.query);
  // parsers run after the permission check, as on the built-in routes
  const findMany = ops.prepare('findMany', (ctx: RestContext) => ({ query: parseRestQuery(ctx.query, uid, deps.query) }));
  const findOne = ops.prepare('findOne', (ctx: RestContext) => ({ documentId: ctx.params['id'] ?? '', selection: selection(ctx) }));
  const findFirst = ops.prepare('findFirst', (ctx: RestContext) => ({ selection: selection(ctx) }));
  const create = ops.prepare('create', (ctx: RestContext) => {
    const sel = selection(ctx);
    return { data: bodyData(ctx), status: sel.status, selection: sel };
  });
  const single = schema.kind === 'singleType';
  const update = ops.prepare('update', (ctx: RestContext) => {
    const sel = selection(ctx);
    return { documentId: single ? null : ctx.params['id'] ?? '', data: bodyData(ctx), status: sel.status, selection: sel };
  });
  const remove = ops.prepare('delete', (ctx: RestContext) => ({ documentId: single ? null : ctx.params['id'] ?? '' }));

  const helpers: CoreController = {
    async sanitizeQuery(ctx) {
      parseRestQuery(ctx.query, uid, deps.query);
      return { ...ctx.query };
    },
    async validateQuery(ctx) {
      parseRestQuery(ctx.query, uid, deps.query);
    },
    sanitizeInput: async (data) => data,
    async validateInput(data) {
      if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ValidationError('Missing "data" payload in the request body');
    },
    sanitizeOutput: async (data) => data,
    transformResponse: (data, meta) => ({ data, meta: meta ?? {} }),
  };

  const overrides = new Map<string, ServiceMethod | null>();
  const override = (method: string): ServiceMethod | null => {
    let known = overrides.get(method);
    if (known === undefined) {
      known = deps.serviceOverride?.(uid, method) ?? null;
      overrides.set(method, known);
    }
    return known;
  };
  // Strapi's core controller hands the service `{ ...ctx.query }` (and `data` for writes); the caller rides along
  const query = (ctx: RestContext, data?: Record<string, unknown>): CoreServiceParams => ({
    ...ctx.query,
    ...(data === undefined ? {} : { data }),
    [REQUEST_CALLER]: ctx.caller,
  });
  const entryOf = (value: unknown) => found(value as Record<string, unknown> | null);

  const respond = (data: unknown) => helpers.transformResponse(data, {});
  const removed = (ctx: RestContext, value: unknown) => {
    found(value);
    ctx.status = 204;
    return undefined;
  };
  const actions: Record<string, ControllerAction> = single
    ? {
        async find(ctx) {
          const service = override('find');
          return respond(service ? entryOf(await service(query(ctx))) : found(await findFirst(ctx.caller, ctx)));
        },
        async update(ctx) {
          const service = override('createOrUpdate');
          return respond(service ? entryOf(await service(query(ctx, bodyData(ctx)))) : found(await update(ctx.caller, ctx)));
        },
        async delete(ctx) {
          const service = override('delete');
          return removed(ctx, service ? await service(query(ctx)) : await remove(ctx.caller, ctx));
        },
      }
    : {
        async find(ctx) {
          const service = override('find');
          if (service) {
            const { results, pagination } = (await service(query(ctx))) as { results: unknown; pagination: unknown };
            return helpers.transformResponse(results, { pagination });
          }
          const page = await findMany(ctx.caller, ctx);
          return helpers.transformResponse(page.entries, { pagination: page.pagination });
        },
        async findOne(ctx) {
          const service = override('findOne');
          return respond(service ? entryOf(await service(ctx.params['id'] ?? '', query(ctx))) : found(await findOne(ctx.caller, ctx)));
        },
        async create(ctx) {
          const service = override('create');
          const entry = service ? await service(query(ctx, bodyData(ctx))) : await create(ctx.caller, ctx);
          ctx.status = 201;
          return respond(entry);
        },
        async update(ctx) {
          const service = override('update');
          return respond(service ? entryOf(await service(ctx.params['id'] ?? '', query(ctx, bodyData(ctx)))) : found(await update(ctx.caller, ctx)));
        },
        async delete(ctx) {
          const service = override('delete');
          return removed(ctx, service ? await service(ctx.params['id'] ?? '', query(ctx)) : await remove(ctx.caller, ctx));
        },
      };
  return Object.assign(helpers, actions);
}
