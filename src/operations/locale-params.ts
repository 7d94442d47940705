/**
 * The `locale` of an operation on a localized content type, settled once for every transport:
 * absent means the default locale, `*` (every locale) is for lists, counts and deletes only, and
 * a code the project does not have is a 400 naming `locale`. Types that are not localized are
 * left as they are (the engine ignores `locale` on them): nothing is added to their operations.
 */
import { ValidationError } from '../errors/index.js';
import { isLocalizedType } from '../model/i18n.js';
import type { ContentType } from '../model/types.js';
import { ALL_LOCALES } from '../query/ast.js';
import { localeError } from '../query/parse-locale.js';
import type { OperationAction, OperationParams } from './types.js';

/** What the operation layer needs of the project's locales (documents/locales.ts). */
export interface KnownLocales {
  has(code: string): boolean;
  defaultCode(): string;
}

const ALL_ALLOWED: ReadonlySet<OperationAction> = new Set(['findMany', 'count', 'delete']);

type AnyParams = OperationParams[OperationAction];

function requested(params: AnyParams): string | undefined {
  if ('query' in params) return params.query.locale;
  if ('selection' in params && params.selection?.locale !== undefined) return params.selection.locale;
  return 'locale' in params ? params.locale : undefined;
}

export function resolveLocale(contentType: ContentType, action: OperationAction, params: AnyParams, locales: KnownLocales): AnyParams {
  if (!isLocalizedType(contentType)) return params;
  const asked = requested(params);
  const locale = asked ?? locales.defaultCode();
  if (locale === ALL_LOCALES) {
    if (!ALL_ALLOWED.has(action)) throw new ValidationError(`locale "*" (every locale) is only allowed on lists, counts and deletes`, { key: 'locale', path: 'locale', source: 'query', param: 'locale' });
  } else if (!locales.has(locale)) {
    throw localeError(locale);
  }
  const next: Record<string, unknown> = { ...params, locale };
  if ('query' in params) next['query'] = { ...params.query, locale };
  if ('selection' in params && params.selection) next['selection'] = { ...params.selection, locale };
  return next as AnyParams;
}
