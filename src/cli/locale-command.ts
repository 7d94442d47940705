/**
 * `vellum locale list|add|remove|default`: the project's locales (docs/i18n.md), for the project
 * in the current directory (or `--dir`), through the same locale service as `bootstrap`'s
 * `strapi.plugin('i18n').service('locales')`. A running server reads its locales at start: it
 * sees a change made here after a restart.
 */
import type { Env } from '../config/types.js';
import type { RemovedLocaleContent } from '../engine/locale-content.js';
import { withAuthProject } from './auth-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const LOCALE_USAGE = `Usage:
  vellum locale list
  vellum locale add CODE [--name NAME] [--default]    e.g. vellum locale add pt-BR
  vellum locale remove CODE [--force]                 refused for the default locale, and while content uses CODE unless --force (which deletes that content)
  vellum locale default CODE
Options: --dir DIR (project directory, default .)`;

const ARITY: Readonly<Record<string, number>> = { list: 0, add: 1, remove: 1, default: 1 };

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `api::page.page: the pt-BR versions of 2 documents (3 rows); 1 document had no other locale and is deleted` */
function describeRemoved(code: string, type: RemovedLocaleContent): string {
  const gone = type.deletedDocuments === 0 ? '' : `; ${plural(type.deletedDocuments, 'document')} had no other locale and ${type.deletedDocuments === 1 ? 'is' : 'are'} deleted`;
  return `${type.uid}: the ${code} versions of ${plural(type.documents, 'document')} (${plural(type.rows, 'row')})${gone}`;
}

export async function localeCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const [sub = '', ...rest] = args;
  const parsed = commandArgs(rest, { dir: { type: 'string', default: '.' }, name: { type: 'string' }, default: { type: 'boolean' }, force: { type: 'boolean' } }, LOCALE_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  if (!Object.hasOwn(ARITY, sub) || positionals.length !== ARITY[sub]) {
    io.err(LOCALE_USAGE);
    return 1;
  }
  const code = positionals[0] ?? '';

  return withAuthProject(values.dir ?? '.', env, io, async ({ i18n }) => {
    switch (sub) {
      case 'list':
        for (const locale of await i18n.find()) io.out(`${locale.code}\t${locale.name}${locale.isDefault ? '\t(default)' : ''}`);
        return 0;
      case 'add': {
        if (await i18n.findByCode(code)) {
          io.err(`Locale "${code}" already exists.`);
          return 1;
        }
        const created = await i18n.create({ code, ...(values.name !== undefined ? { name: values.name } : {}), isDefault: values.default === true });
        io.out(`Added locale ${created.code} (${created.name})${created.isDefault ? ', the default locale' : ''}.`);
        return 0;
      }
      case 'remove': {
        const removed = await i18n.delete(code, { force: values.force === true });
        io.out(`Removed locale ${code}.`);
        for (const type of removed) io.out(`Deleted ${describeRemoved(code, type)}.`);
        return 0;
      }
      case 'default':
        await i18n.setDefaultLocale({ code });
        io.out(`${code} is now the default locale.`);
        return 0;
    }
    return 1;
  });
}
