/**
 * The `locale` parameter of a localized content type: a locale code (`fr`, `pt-BR`, `zh-Hans-CN`)
 * or `*` (every locale; Strapi v4's `all` is read as `*`). Whether the locale exists is checked
 * by the operation layer, which knows the project's locales. On types that are not localized the
 * parameter is ignored, as Strapi ignores it.
 */
import { ValidationError } from '../errors/index.js';
import { isLocalizedType } from '../model/i18n.js';
import type { Schema } from '../model/types.js';
import { ALL_LOCALES } from './ast.js';

/** BCP 47-shaped: a 2–3 letter language, then subtags of 2–8 letters or digits. */
const LOCALE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export function localeError(value: unknown, source: 'query' | 'body' | 'args' = 'query'): ValidationError {
  const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
  return new ValidationError(`Invalid locale parameter ${shown}: expected the code of one of the project's locales`, {
    key: 'locale', path: 'locale', source, param: 'locale',
  });
}

export function isLocaleCode(value: string): boolean {
  return LOCALE_CODE.test(value);
}

/** The requested locale of `schema` (undefined: none asked, or the type is not localized). */
export function parseLocale(value: unknown, schema: Schema): string | undefined {
  if (value === undefined || !isLocalizedType(schema)) return undefined;
  if (value === ALL_LOCALES || value === 'all') return ALL_LOCALES;
  if (typeof value !== 'string' || !LOCALE_CODE.test(value)) throw localeError(value);
  return value;
}
