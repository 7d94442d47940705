/**
 * Strapi 5's uid routes of the content manager: `POST /content-manager/uid/generate`
 * `{ contentTypeUID, field, data, locale? }` → `{ data }` (the slug of `data[targetField]`, else of
 * the type's singular name, made free with `-1`, `-2`, …) and
 * `POST /content-manager/uid/check-availability` `{ contentTypeUID, field, value, locale? }` →
 * `{ isAvailable, suggestion }`. Slugs as Strapi makes them (`@sindresorhus/slugify`). The taken
 * values are read through the operation layer as the admin (who must be allowed to read the
 * type): one read of the values starting with the slug, whatever the suffix.
 */
import slugify from '@sindresorhus/slugify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError, ValidationError } from '../../errors/index.js';
import type { ContentType } from '../../model/types.js';
import type { Caller } from '../../operations/types.js';
import type { FilterNode } from '../../query/ast.js';
import type { TransportContext } from '../../transport/transport-context.js';
import { adminCallerOf } from '../admin-caller.js';
import { adminQueryContext, parseListQuery } from './list-query.js';
import { bodyOf, localeOf } from './request-input.js';

/** how many taken values one read looks at; past them, a suffix above the largest seen is free */
const TAKEN_PAGE = 100;
const UID_FORMAT = /^[A-Za-z0-9-_.~]*$/;

const invalid = (key: string, message: string) => new ValidationError(message, { errors: [{ path: [key], message, name: 'ValidationError' }] });

function uidTarget(deps: TransportContext, body: Record<string, unknown>): { type: ContentType; field: string; targetField: string | undefined } {
  const uid = body.contentTypeUID;
  if (typeof uid !== 'string') throw invalid('contentTypeUID', 'contentTypeUID must be a content type uid');
  const type = deps.registry.contentTypes.get(uid);
  if (type === undefined) throw new NotFoundError(`No content type ${uid}`);
  const field = body.field;
  const attr = typeof field === 'string' && Object.hasOwn(type.attributes, field) ? type.attributes[field] : undefined;
  if (attr === undefined || attr.kind !== 'scalar' || attr.type !== 'uid') throw invalid('field', `${String(field)} is not a uid attribute of ${uid}`);
  return { type, field: attr.name, targetField: attr.targetField };
}

/** the values of `field` equal to `base` or starting with `base-`, in the draft state of `locale` */
async function takenValues(deps: TransportContext, caller: Caller, type: ContentType, field: string, base: string, locale: string | undefined): Promise<Set<string>> {
  const filter: FilterNode = {
    kind: 'or',
    items: [
      { kind: 'compare', field, op: '$eq', value: base },
      { kind: 'compare', field, op: '$startsWith', value: `${base}-` },
    ],
  };
  const query = parseListQuery({ page: 1, pageSize: TAKEN_PAGE, fields: [field], locale }, type, adminQueryContext(deps.registry, deps.rest.budget), filter);
  const page = await deps.operations.forType(type.uid).findMany(caller, { query });
  return new Set(page.entries.map((entry) => String(entry[field])));
}

function firstFree(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  let n = 1;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export function registerUidRoutes(server: FastifyInstance, deps: TransportContext): void {
  server.post('/content-manager/uid/generate', async (request: FastifyRequest) => {
    // signed-in admins only, before anything about the model is answered
    await deps.operations.actor(adminCallerOf(request));
    const body = bodyOf(request);
    const { type, field, targetField } = uidTarget(deps, body);
    const data = body.data ?? {};
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('data', 'data must be an object');
    const source = targetField === undefined ? undefined : (data as Record<string, unknown>)[targetField];
    const base = slugify(typeof source === 'string' && source.trim() !== '' ? source : type.singularName);
    if (base === '') return { data: '' };
    const taken = await takenValues(deps, adminCallerOf(request), type, field, base, localeOf(type, {}, body));
    return { data: firstFree(base, taken) };
  });

  server.post('/content-manager/uid/check-availability', async (request: FastifyRequest) => {
    await deps.operations.actor(adminCallerOf(request));
    const body = bodyOf(request);
    const { type, field } = uidTarget(deps, body);
    const value = body.value;
    if (typeof value !== 'string' || !UID_FORMAT.test(value)) throw invalid('value', 'value must be a string of letters, digits and -_.~');
    if (value === '') return { isAvailable: false, suggestion: null };
    const taken = await takenValues(deps, adminCallerOf(request), type, field, value, localeOf(type, {}, body));
    const isAvailable = !taken.has(value);
    return { isAvailable, suggestion: isAvailable ? null : firstFree(value, taken) };
  });
}
