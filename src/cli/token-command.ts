/**
 * `vellum token create|list|revoke`: API tokens of the project in the current directory (or
 * `--dir`). `create` prints the token on its last line, once; only its HMAC is stored.
 */
import { TOKEN_TYPES, type TokenRecord } from '../auth/tokens-store.js';
import type { Env } from '../config/types.js';
import { withAuthProject } from './auth-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export type { CommandIo } from './command-args.js';

export const TOKEN_USAGE = `Usage:
  vellum token create --name NAME --type read-only|full-access|custom
                      [--permissions ACTION,ACTION…] [--expires-in-days 7|30|90]
                      [--expires-at ISO-DATE] [--description TEXT]
  vellum token list
  vellum token revoke NAME
Options: --dir DIR (project directory, default .)`;


function describeToken(token: TokenRecord): string {
  const expiry = token.expiresAt === null ? 'never expires' : Date.parse(token.expiresAt) <= Date.now() ? `expired ${token.expiresAt}` : `expires ${token.expiresAt}`;
  const used = token.lastUsedAt === null ? 'never used' : `last used ${token.lastUsedAt}`;
  const scope = token.type === 'custom' ? ` [${token.permissions.join(', ')}]` : '';
  return `${token.name}  ${token.type}${scope}  ${expiry}  ${used}  created ${token.createdAt}${token.description ? `  — ${token.description}` : ''}`;
}

export async function tokenCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const [sub, ...rest] = args;
  const parsed = commandArgs(rest, {
        dir: { type: 'string', default: '.' },
        name: { type: 'string' },
        type: { type: 'string' },
        permissions: { type: 'string' },
        'expires-in-days': { type: 'string' },
        'expires-at': { type: 'string' },
        description: { type: 'string' },
      }, TOKEN_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  if (sub !== 'create' && sub !== 'list' && sub !== 'revoke') {
    io.err(TOKEN_USAGE);
    return 1;
  }
  if (sub === 'create' && (values.name === undefined || values.type === undefined)) {
    io.err(`token create needs --name and --type (${TOKEN_TYPES.join(', ')})\n\n${TOKEN_USAGE}`);
    return 1;
  }
  if (sub === 'revoke' && positionals.length !== 1) {
    io.err(`token revoke needs the token's name\n\n${TOKEN_USAGE}`);
    return 1;
  }
  const days = values['expires-in-days'];
  if (days !== undefined && !/^\d+$/.test(days)) {
    io.err(`--expires-in-days must be 7, 30 or 90 (got ${days})`);
    return 1;
  }

  return withAuthProject(values.dir ?? '.', env, io, async (project) => {
    const tokens = project.stores.tokens;
    switch (sub) {
      case 'create': {
        const permissions = values.permissions?.split(',').map((p) => p.trim()).filter(Boolean);
        const { token, accessKey } = await tokens.create({
          name: values.name ?? '',
          type: values.type ?? '',
          ...(permissions ? { permissions } : {}),
          ...(days !== undefined ? { expiresInDays: Number(days) } : {}),
          ...(values['expires-at'] !== undefined ? { expiresAt: values['expires-at'] } : {}),
          ...(values.description !== undefined ? { description: values.description } : {}),
        });
        io.out(`Created API token: ${describeToken(token)}`);
        io.out('Send it as "Authorization: Bearer <token>". It is shown only now:');
        io.out(accessKey);
        return 0;
      }
      case 'list': {
        const list = await tokens.list();
        if (list.length === 0) io.out('No API tokens.');
        for (const token of list) io.out(describeToken(token));
        return 0;
      }
      case 'revoke': {
        const name = positionals[0] ?? '';
        if (!(await tokens.revoke(name))) {
          io.err(`No API token named "${name}".`);
          return 1;
        }
        io.out(`Revoked API token "${name}".`);
        return 0;
      }
    }
  });
}
