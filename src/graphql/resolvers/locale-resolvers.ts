/**
 * Resolvers of the i18n extension: `i18NLocale(id)` / `i18NLocales(filters, pagination, sort)`
 * over the project's locales (open to every caller, as `GET /api/i18n/locales`), and
 * `create<Type>Localization(id, data, locale)`, a new locale version of an existing document.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { ValidationError } from '../../errors/index.js';
import type { Locale } from '../../transport/transport-context.js';
import { LOCALE_SCHEMA } from '../../model/i18n.js';
import type { ContentType } from '../../model/types.js';
import { ALL_LOCALES, type FilterNode } from '../../query/ast.js';
import { parseGraphqlFilters, parseGraphqlPagination, parseGraphqlSort, type PaginationArgInput } from '../../query/parse-graphql-args.js';
import type { GraphqlContext } from '../context.js';
import type { EntityResponseCollectionValue } from '../schema/content-types.js';
import { notFound, updateParams } from './mutation-resolvers.js';
import type { EntityResponseValue } from './nested-fields.js';
import { preparedOperation, type ResolverInput } from './prepared-operation.js';
import { localeParam, paginationInfo } from './query-resolvers.js';

function localesOf(ctx: GraphqlContext): NonNullable<GraphqlContext['locales']> {
  if (!ctx.locales) throw new Error('the GraphQL context has no locales');
  return ctx.locales;
}

interface LocalesArgs {
  readonly filters?: unknown;
  readonly pagination?: PaginationArgInput | null;
  readonly sort?: readonly (string | null)[] | null;
}

export function findLocalesResolver(): GraphQLFieldResolver<unknown, GraphqlContext, LocalesArgs, Promise<EntityResponseCollectionValue>> {
  return async (_source, args, ctx) => {
    const locales = localesOf(ctx);
    const filters = parseGraphqlFilters(args.filters, LOCALE_SCHEMA, ctx.registry);
    const sort = parseGraphqlSort(args.sort, LOCALE_SCHEMA, ctx.registry);
    const pagination = parseGraphqlPagination(args.pagination, ctx.limits, false);
    const window = pagination.kind === 'offset'
      ? { start: pagination.start, limit: pagination.limit }
      : { start: (pagination.page - 1) * pagination.pageSize, limit: pagination.pageSize };
    const data = await locales.query({ filters, sort, ...window });
    // the count runs only when `meta.pagination` is selected
    return { data: data as unknown as EntityResponseCollectionValue['data'], meta: { pagination: async () => paginationInfo(pagination, await locales.count(filters)) } };
  };
}

/** `id`: the locale's documentId (the GraphQL id of every entity) or its numeric id */
export function findLocaleResolver(): GraphQLFieldResolver<unknown, GraphqlContext, { id?: string | null }, Promise<{ data: Locale | null }>> {
  return async (_source, args, ctx) => {
    if (args.id === null || args.id === undefined || args.id === '') return { data: null };
    const filters: FilterNode = /^\d+$/.test(args.id)
      ? { kind: 'compare', field: 'id', op: '$eq', value: Number(args.id) }
      : { kind: 'compare', field: 'documentId', op: '$eq', value: args.id };
    const [locale] = await localesOf(ctx).query({ filters, sort: [], start: 0, limit: 1 });
    return { data: locale ?? null };
  };
}

type LocalizationArgs = { id?: string | null; data?: Record<string, unknown> | null; locale?: string | null };

const localeIssue = (message: string): ValidationError => new ValidationError(message, { key: 'locale', path: 'locale', source: 'args', param: 'locale' });

/**
 * An update that must create the version: the document has to exist (NOT_FOUND) and must not
 * have one in `locale` yet (v4: "locale is already used"). Checked with the `create`
 * permission, as v4's `createLocalization` action is given with `create` in Vellum.
 */
export function createLocalizationResolver(contentType: ContentType): GraphQLFieldResolver<unknown, GraphqlContext, LocalizationArgs, Promise<EntityResponseValue>> {
  const toUpdate = updateParams(contentType, (args) => args.id ?? '');
  const update = preparedOperation(contentType.uid, 'update', async (input: ResolverInput<LocalizationArgs>) => {
    const { args, ctx } = input;
    const { locale } = localeParam(contentType, args.locale);
    if (locale === undefined) throw localeIssue('locale is missing');
    if (locale === ALL_LOCALES) throw localeIssue('locale must name one locale');
    const id = args.id ?? '';
    const versions = await ctx.operations.forType(contentType.uid).versionLocales(id);
    if (versions.length === 0) throw notFound(contentType, id);
    if (versions.includes(locale)) throw localeIssue('locale is already used');
    return toUpdate({ ...input, args: { ...args, id, data: args.data ?? {}, locale } });
  });
  const scope = [`${contentType.uid}.create`];
  return async (_source, args, ctx, info) => {
    const asCreate: GraphqlContext = { ...ctx, caller: { ...ctx.caller, auth: ctx.caller.auth ?? { scope } } };
    return { data: await update(asCreate, args, info) };
  };
}
