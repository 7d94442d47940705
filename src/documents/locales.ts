/**
 * The project's locales (Strapi's i18n `locales` service): read from `i18n_locale` at start and
 * kept in memory, so checking a request's `locale` costs no statement; every change goes through
 * here (bootstrap, the CLI on its own runtime), refreshes this copy and is announced (`announce`:
 * the runtime replaces the auth stamp, which every request of every instance reads, and which
 * reloads their copies through `reload`).
 */
import { ValidationError } from '../errors/index.js';
import { countLocales, deleteLocale, insertLocale, queryLocales, readLocales, renameLocale, setDefaultLocale, typesUsingLocale, type LocaleQuery, type LocaleRow } from '../engine/locale-table.js';
import type { RemovedLocaleContent } from '../engine/locale-content.js';
import { previewLocaleContent } from '../engine/locale-content-preview.js';
import { ISO_LOCALE_CODES } from './iso-locale-codes.js';
import type { FilterNode } from '../query/ast.js';
import type { EngineContext } from '../engine/types.js';
import { isLocaleCode } from '../query/parse-locale.js';

export type Locale = LocaleRow;

export interface LocaleInput {
  readonly code: string;
  /** default: the language's English name and the code, `French (fr)` as Strapi names it */
  readonly name?: string;
  readonly isDefault?: boolean;
}

export interface LocaleService {
  /** every locale, in creation order (Strapi `find()`) */
  find(): Promise<readonly Locale[]>;
  findByCode(code: string): Promise<Locale | null>;
  /** adds a locale (no-op when the code exists, apart from `isDefault`) */
  create(input: LocaleInput): Promise<Locale>;
  /**
   * refuses the default locale, and one that content still uses unless `force`, which deletes
   * that content with the locale (as Strapi does) and says what went
   */
  delete(code: string, options?: { force?: boolean }): Promise<readonly RemovedLocaleContent[]>;
  /** the codes one may add, with their names (`GET /i18n/iso-locales`) */
  isoLocales(): ReadonlyArray<{ code: string; name: string }>;
  /** what `delete(code, { force: true })` would delete, deleting nothing */
  deletionPreview(code: string): Promise<readonly RemovedLocaleContent[]>;
  setDefaultLocale(input: { code: string }): Promise<void>;
  /** a locale's display name */
  rename(code: string, name: string): Promise<void>;
  getDefaultLocale(): Promise<string>;
  /** a filtered, sorted page of locales read from the table (GraphQL `i18NLocales`) */
  query(query: LocaleQuery): Promise<readonly Locale[]>;
  count(filters: FilterNode | null): Promise<number>;
  /** synchronous reads of the in-memory copy (the operation layer's checks) */
  has(code: string): boolean;
  defaultCode(): string;
  list(): readonly Locale[];
  /** reads the table again (another process changed it) */
  reload(): Promise<void>;
}

export interface InitialLocales {
  /** the default locale of a new project (`STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE`, else `en`) */
  readonly defaultLocale: string;
  /** further locales to have, added when missing */
  readonly locales: readonly LocaleInput[];
  /** tells the other processes a change was made (after it is committed) */
  readonly announce?: () => Promise<void>;
}

/** the `string` column holds 255 characters on every database */
const MAX_LOCALE_NAME = 255;

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

export function localeName(code: string): string {
  let name = code;
  try {
    name = displayNames.of(code) ?? code;
  } catch {
    // a code Intl does not know: its name is the code itself
  }
  return `${name} (${code})`;
}

function checkCode(code: unknown): string {
  if (typeof code !== 'string' || !isLocaleCode(code)) {
    throw new ValidationError(`Invalid locale code ${JSON.stringify(code)}: expected a code such as "fr" or "pt-BR"`, { key: 'code', path: 'code', source: 'body', param: 'code' });
  }
  return code;
}

export async function createLocaleService(ctx: EngineContext, initial: InitialLocales): Promise<LocaleService> {
  let locales: readonly Locale[] = [];
  const refresh = async (): Promise<void> => {
    locales = Object.freeze(await readLocales(ctx));
  };
  const byCode = (code: string): Locale | undefined => locales.find((l) => l.code === code);
  let isoList: ReadonlyArray<{ code: string; name: string }> | undefined;
  const changed = async (): Promise<void> => {
    await refresh();
    await initial.announce?.();
  };

  const service: LocaleService = {
    async find() {
      await refresh();
      return locales;
    },
    async findByCode(code) {
      await refresh();
      return byCode(code) ?? null;
    },
    async create(input) {
      const code = checkCode(input.code);
      await insertLocale(ctx, code, input.name ?? localeName(code), input.isDefault === true);
      if (input.isDefault === true) await setDefaultLocale(ctx, code);
      await changed();
      const created = byCode(code);
      if (!created) throw new Error(`locale ${code} could not be read back`);
      return created;
    },
    async delete(code, options = {}) {
      await refresh();
      const locale = byCode(code);
      if (!locale) throw new ValidationError(`There is no locale "${code}"`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      if (locale.isDefault) throw new ValidationError(`Locale "${code}" is the default locale: make another locale the default first`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      const used = await typesUsingLocale(ctx, code);
      if (used.length > 0 && options.force !== true) {
        throw new ValidationError(`Locale "${code}" still has content in ${used.join(', ')}: delete it first, or force the removal (which deletes that content)`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      }
      const removed = await deleteLocale(ctx, code, options.force === true);
      await changed();
      return removed;
    },
    isoLocales: () => (isoList ??= ISO_LOCALE_CODES.map((code) => ({ code, name: localeName(code) }))),
    async deletionPreview(code) {
      await refresh();
      if (!byCode(code)) throw new ValidationError(`There is no locale "${code}"`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      return previewLocaleContent(ctx, code);
    },
    async setDefaultLocale({ code }) {
      await refresh();
      if (!byCode(code)) throw new ValidationError(`There is no locale "${code}"`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      await setDefaultLocale(ctx, code);
      await changed();
    },
    async rename(code, name) {
      await refresh();
      if (!byCode(code)) throw new ValidationError(`There is no locale "${code}"`, { key: 'code', path: 'code', source: 'body', param: 'code' });
      if (name.trim() === '' || name.length > MAX_LOCALE_NAME) throw new ValidationError(`A locale name is 1 to ${MAX_LOCALE_NAME} characters`, { key: 'name', path: 'name', source: 'body', param: 'name' });
      await renameLocale(ctx, code, name);
      await changed();
    },
    async getDefaultLocale() {
      await refresh();
      return service.defaultCode();
    },
    query: (query) => queryLocales(ctx, query),
    count: (filters) => countLocales(ctx, filters),
    has: (code) => byCode(code) !== undefined,
    defaultCode: () => locales.find((l) => l.isDefault)?.code ?? locales[0]?.code ?? initial.defaultLocale,
    list: () => locales,
    reload: refresh,
  };

  await refresh();
  if (locales.length === 0) await service.create({ code: checkCode(initial.defaultLocale), isDefault: true });
  for (const locale of initial.locales) if (!byCode(locale.code)) await service.create({ ...locale, isDefault: false });
  return service;
}
