/**
 * `vellum role list|grant|revoke|create`: roles and their permissions, for the project in the
 * current directory (or `--dir`). ROLE is a role's type (`public`, `authenticated`) or a custom
 * role's name. Running servers apply the change at their next request.
 */
import type { Env } from '../config/types.js';
import { withAuthProject } from './auth-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const ROLE_USAGE = `Usage:
  vellum role list
  vellum role grant ROLE ACTION…     e.g. vellum role grant public api::article.article.find
  vellum role revoke ROLE ACTION…
  vellum role create NAME [--description TEXT]
ROLE: public, authenticated, or a custom role's name. Options: --dir DIR (project directory, default .)`;

export async function roleCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const [sub, ...rest] = args;
  const parsed = commandArgs(rest, { dir: { type: 'string', default: '.' }, description: { type: 'string' } }, ROLE_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  const [role, ...actions] = positionals;
  const needs = sub === 'grant' || sub === 'revoke' ? 2 : sub === 'create' ? 1 : sub === 'list' ? 0 : -1;
  if (needs < 0 || positionals.length < needs || (sub === 'create' && positionals.length !== 1)) {
    io.err(ROLE_USAGE);
    return 1;
  }

  return withAuthProject(values.dir ?? '.', env, io, async (project) => {
    const roles = project.stores.roles;
    switch (sub) {
      case 'list':
        for (const r of await roles.list()) {
          io.out(`${r.type} (${r.name}): ${r.actions.length} permission${r.actions.length === 1 ? '' : 's'}`);
          for (const action of r.actions) io.out(`  ${action}`);
        }
        return 0;
      case 'grant': {
        const added = await roles.grant(role ?? '', actions);
        io.out(added.length === 0 ? `${role} already had ${actions.join(', ')}.` : `Granted to ${role}: ${added.join(', ')}`);
        return 0;
      }
      case 'revoke': {
        const removed = await roles.revoke(role ?? '', actions);
        io.out(removed.length === 0 ? `${role} did not have ${actions.join(', ')}.` : `Revoked from ${role}: ${removed.join(', ')}`);
        return 0;
      }
      case 'create': {
        const created = await roles.create({ name: role ?? '', ...(values.description !== undefined ? { description: values.description } : {}) });
        io.out(`Created role ${created.name} (type ${created.type}).`);
        return 0;
      }
    }
    return 1;
  });
}
