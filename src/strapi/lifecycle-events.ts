/**
 * Strapi's lifecycle events over the operation layer's. The core hands a hook the operation itself
 * (operations/types.ts `LifecycleEvent`: uid, content type, the operation's params); a Strapi hook
 * (`strapi.db.lifecycles.subscribe`, a content type's `lifecycles.js`) expects `{ action, model,
 * params, result, state }` with `model` Strapi's metadata and, for reads, the db-level `where`,
 * `select`, `populate`, `orderBy`, `limit`, `offset` (lifecycle-params.ts). `adaptSubscriber`
 * translates both ways: it builds the Strapi event before each hook and, after a before-hook,
 * carries back what Strapi lets it change: a write's `params.data` (what is written), a read's
 * `where` (its filters) and `select` (its fields), parsed and checked as the document service's
 * parameters are. The other read params are for reading (docs/decisions.md).
 */
import type { ContentType, Registry } from '../model/types.js';
import type { FilterNode, Selection } from '../query/ast.js';
import { parseFields } from '../query/parse-fields.js';
import { parseFilters } from '../query/parse-filters.js';
import { LIFECYCLE_NAMES } from '../operations/lifecycles.js';
import type { LifecycleEvent, LifecycleName, LifecycleSubscriber, OperationParams } from '../operations/types.js';
import { lifecycleModel, strapiReadParams, type LifecycleModel, type StrapiReadParams } from './lifecycle-params.js';

export type StrapiHookName = `before${LifecycleName}` | `after${LifecycleName}`;

/** What a Strapi lifecycle hook receives; `state` is shared by one subscriber's before and after hook. */
export interface StrapiLifecycleEvent {
  action: StrapiHookName;
  readonly model: LifecycleModel;
  /**
   * Writes: the operation's params (`data`, `documentId`, `status`, `locale`, …); a before-hook
   * may replace or change `data`. Reads: the operation's params plus Strapi's db-level ones.
   */
  readonly params: Record<string, unknown> & StrapiReadParams;
  result?: unknown;
  readonly state: Record<string, unknown>;
}
export type StrapiLifecycleHook = (event: StrapiLifecycleEvent) => unknown;

/** `strapi.db.lifecycles.subscribe`'s object form; without `models`, every content type. */
export type StrapiLifecycleSubscriber = { readonly models?: readonly string[] } & Partial<Record<StrapiHookName, StrapiLifecycleHook>>;

/** Every Strapi hook name (`beforeCreate`, `afterCreate`, …), for the function form and checks of lifecycles files. */
export const STRAPI_HOOK_NAMES: readonly StrapiHookName[] = Object.freeze(LIFECYCLE_NAMES.flatMap((name) => [`before${name}`, `after${name}`] as const));

/** Strapi's function form: one handler for every action of every model. */
export function everyEvent(handler: StrapiLifecycleHook): StrapiLifecycleSubscriber {
  return Object.fromEntries(STRAPI_HOOK_NAMES.map((name) => [name, handler]));
}

type Params = Record<string, unknown>;

/** A core subscriber that runs a Strapi subscriber's hooks on Strapi-shaped events. */
export function adaptSubscriber(registry: Registry, subscriber: StrapiLifecycleSubscriber): LifecycleSubscriber {
  // one Strapi event per core event (one per subscriber and operation), so `state` and the
  // event object a before-hook saw carry over to the after-hook
  const events = new WeakMap<LifecycleEvent, StrapiLifecycleEvent>();
  const adapted: Record<string, unknown> = subscriber.models ? { models: subscriber.models } : {};
  for (const name of STRAPI_HOOK_NAMES) {
    const hook = subscriber[name];
    if (!hook) continue;
    adapted[name] = async (event: LifecycleEvent) => {
      let strapiEvent = events.get(event);
      if (!strapiEvent || event.action.startsWith('before')) {
        strapiEvent = { action: event.action, model: lifecycleModel(event.contentType), params: strapiParams(event), state: event.state };
        events.set(event, strapiEvent);
      }
      strapiEvent.action = event.action;
      if (event.action.startsWith('after')) strapiEvent.result = event.result;
      const built = event.action.startsWith('before') ? snapshot(strapiEvent.params) : undefined;
      await hook(strapiEvent);
      if (built) carryBack(registry, event, strapiEvent.params, built);
    };
  }
  return adapted as LifecycleSubscriber;
}

/** The operation's params, with Strapi's db-level read params beside them (a copy: changes come back through carryBack). */
function strapiParams(event: LifecycleEvent): Params & StrapiReadParams {
  return { ...(event.params as Params), ...strapiReadParams(event.contentType, event.operation, event.params) };
}

/** What a before-hook may change, as built, to tell a change from none. */
interface Snapshot {
  readonly data: unknown;
  readonly where: string | undefined;
  readonly select: string | undefined;
}

function snapshot(params: Params & StrapiReadParams): Snapshot {
  return { data: params['data'], where: json(params.where), select: json(params.select) };
}

const json = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value));

/** What the hook left in Strapi's params, back into the operation's: writes' `data`, reads' `where` and `select`. */
function carryBack(registry: Registry, event: LifecycleEvent, params: Params & StrapiReadParams, built: Snapshot): void {
  const target = event.params as Params;
  // the data object a hook changed in place is the operation's own; a replaced one is set
  if ('data' in target && params['data'] !== built.data) target['data'] = params['data'];
  const where = json(params.where) !== built.where ? filtersOf(registry, event.contentType, params.where) : undefined;
  const select = json(params.select) !== built.select ? fieldsOf(event.contentType, params.select) : undefined;
  if (where === undefined && select === undefined) return;
  switch (event.operation) {
    case 'findMany': {
      const { query } = event.params as OperationParams['findMany'];
      target['query'] = { ...query, ...(where === undefined ? {} : { filters: where }), ...(select === undefined ? {} : { fields: select }) };
      return;
    }
    case 'count':
      if (where !== undefined) target['filters'] = where;
      return;
    case 'findOne':
    case 'findFirst': {
      // the document is named by the operation (documentId, the single type): only the fields follow
      const { selection } = event.params as { selection: Selection };
      if (select !== undefined) target['selection'] = { ...selection, fields: select };
      return;
    }
    default:
      return;
  }
}

/**
 * `where` back into filters, checked like the document service's `filters` (a ValidationError
 * naming the key for an unknown one). The conditions the Document Service added (documentId,
 * publishedAt for the status, locale) come back as filters too: the operation's own status and
 * locale still apply, so they only repeat them.
 */
function filtersOf(registry: Registry, contentType: ContentType, where: unknown): FilterNode | null {
  return parseFilters(where ?? undefined, registry.get(contentType.uid), registry, { param: 'where', path: [] });
}

/** `select` back into fields (`documentId` is always read, as the Document Service reads it; `['documentId']` alone: no other field). */
function fieldsOf(contentType: ContentType, select: unknown): readonly string[] | null {
  const names = Array.isArray(select) ? select.filter((name) => name !== 'documentId') : select;
  if (Array.isArray(select) && select.length > 0 && Array.isArray(names) && names.length === 0) return [];
  return parseFields(names ?? undefined, contentType, { param: 'select', path: [] });
}
