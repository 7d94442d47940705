/**
 * `vellum transfer-token create|list|delete`: the transfer tokens `strapi transfer --to
 * <vellum>/admin --to-token <key>` authenticates with (the same store as Settings → Transfer
 * Tokens). `create` prints the key on its last line, once; only its HMAC is stored.
 */
import { TRANSFER_PERMISSIONS, type TransferTokenRecord } from '../auth/transfer-tokens.js';
import type { Env } from '../config/types.js';
import { withAuthProject } from './auth-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const TRANSFER_TOKEN_USAGE = `Usage:
  vellum transfer-token create --name NAME [--permissions push|pull|push,pull] [--duration 7|30|90]
                               [--description TEXT]
  vellum transfer-token list
  vellum transfer-token delete NAME
    --permissions  what the token may do (default push: strapi transfer --to this project)
    --duration     days until it expires (default: never)
Options: --dir DIR (project directory, default .)`;

const DAY_MS = 86_400_000;

function describe(token: TransferTokenRecord): string {
  const expiry = token.expiresAt === null ? 'never expires' : Date.parse(token.expiresAt) <= Date.now() ? `expired ${token.expiresAt}` : `expires ${token.expiresAt}`;
  const used = token.lastUsedAt === null ? 'never used' : `last used ${token.lastUsedAt}`;
  return `${token.name}  [${token.permissions.join(', ')}]  ${expiry}  ${used}  created ${token.createdAt}${token.description ? `  — ${token.description}` : ''}`;
}

export async function transferTokenCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const [sub, ...rest] = args;
  const parsed = commandArgs(rest, {
    dir: { type: 'string', default: '.' }, name: { type: 'string' }, permissions: { type: 'string' },
    duration: { type: 'string' }, description: { type: 'string' },
  }, TRANSFER_TOKEN_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  if (sub !== 'create' && sub !== 'list' && sub !== 'delete') {
    io.err(TRANSFER_TOKEN_USAGE);
    return 1;
  }
  if (sub === 'create' && values.name === undefined) {
    io.err(`transfer-token create needs --name\n\n${TRANSFER_TOKEN_USAGE}`);
    return 1;
  }
  if (sub === 'delete' && positionals.length !== 1) {
    io.err(`transfer-token delete needs the token's name\n\n${TRANSFER_TOKEN_USAGE}`);
    return 1;
  }
  const duration = values.duration;
  if (duration !== undefined && !['7', '30', '90'].includes(duration)) {
    io.err(`--duration must be 7, 30 or 90 days (got ${duration})`);
    return 1;
  }
  return withAuthProject(values.dir ?? '.', env, io, async (project) => {
    const tokens = project.transferTokens;
    if (!tokens) {
      io.err('Data transfer is off: set TRANSFER_TOKEN_SALT (or config/admin transfer.token.salt) to a long random value, as API_TOKEN_SALT.');
      return 1;
    }
    switch (sub) {
      case 'create': {
        const permissions = (values.permissions ?? 'push').split(',').map((p) => p.trim()).filter(Boolean);
        const { token, accessKey } = await tokens.create({
          name: values.name ?? '',
          permissions,
          lifespan: duration === undefined ? null : Number(duration) * DAY_MS,
          ...(values.description === undefined ? {} : { description: values.description }),
        });
        io.out(`Created transfer token: ${describe(token)}`);
        io.out(`Use it as: strapi transfer --to <this server's URL>/admin --to-token <key>. The key (${TRANSFER_PERMISSIONS.filter((p) => token.permissions.includes(p)).join(', ')}) is shown only now:`);
        io.out(accessKey);
        return 0;
      }
      case 'list': {
        const list = await tokens.list();
        if (list.length === 0) io.out('No transfer tokens.');
        for (const token of list) io.out(describe(token));
        return 0;
      }
      case 'delete': {
        const name = positionals[0] ?? '';
        const token = (await tokens.list()).find((candidate) => candidate.name === name);
        if (!token || !(await tokens.remove(token.id))) {
          io.err(`No transfer token named "${name}".`);
          return 1;
        }
        io.out(`Deleted transfer token "${name}".`);
        return 0;
      }
    }
  });
}
