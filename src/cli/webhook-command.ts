/**
 * `vellum webhook create|list|delete`: webhooks of the project in the current directory (or
 * `--dir`), in the database every instance reads at its next event (docs/webhooks.md).
 * `create` prints the new webhook's id alone on stdout.
 */
import type { Env } from '../config/types.js';
import { withAuthProject } from './auth-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const WEBHOOK_USAGE = `Usage:
  vellum webhook create --name NAME --url URL --events EVENT,EVENT… [--header 'Name: value']… [--secret SECRET] [--disabled]
  vellum webhook list
  vellum webhook delete ID
Events: entry.create, entry.update, entry.delete, entry.publish, entry.unpublish, entry.draft-discard,
media.create, media.update, media.delete. Options: --dir DIR (project directory, default .)`;

/** `--header 'Name: value'` → { Name: 'value' }; null when one has no colon */
function headersOf(values: readonly string[]): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const header of values) {
    const colon = header.indexOf(':');
    if (colon <= 0) return null;
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return headers;
}

export async function webhookCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const [sub, ...rest] = args;
  const parsed = commandArgs(rest, {
        dir: { type: 'string', default: '.' },
        name: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        header: { type: 'string', multiple: true },
        secret: { type: 'string' },
        disabled: { type: 'boolean', default: false },
      }, WEBHOOK_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  const valid = (sub === 'list' && positionals.length === 0) || (sub === 'delete' && positionals.length === 1) || (sub === 'create' && positionals.length === 0);
  if (!valid) {
    io.err(WEBHOOK_USAGE);
    return 1;
  }
  const headers = headersOf(values.header ?? []);
  if (headers === null) {
    io.err(`--header must be written 'Name: value'\n\n${WEBHOOK_USAGE}`);
    return 1;
  }

  return withAuthProject(values.dir ?? '.', env, io, async ({ webhooks }) => {
    switch (sub) {
      case 'create': {
        const created = await webhooks.create({
          name: values.name,
          url: values.url,
          events: values.events === undefined ? undefined : values.events.split(',').map((e) => e.trim()).filter((e) => e !== ''),
          headers,
          isEnabled: !values.disabled,
          ...(values.secret === undefined ? {} : { secret: values.secret }),
        });
        io.out(created.id);
        return 0;
      }
      case 'list':
        for (const w of await webhooks.list()) {
          io.out(`${w.id}\t${w.name}\t${w.isEnabled ? 'enabled' : 'disabled'}\t${w.url}\t${w.events.join(',')}${w.hasSecret ? '\tsigned' : ''}`);
        }
        return 0;
      case 'delete': {
        const deleted = await webhooks.delete(positionals[0] ?? '');
        io.out(`Deleted webhook ${deleted.id} (${deleted.name}).`);
        return 0;
      }
    }
    return 1;
  });
}
