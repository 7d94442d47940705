/**
 * `vellum admin:create-user` and `vellum admin:reset-user-password`, Strapi's command names and
 * options: an admin user (Super Admin, or `--role` Editor / Author) for the project in the current
 * directory (or `--dir`), and a new password for one (which ends their sessions). Password rules
 * as the admin API's (8+ characters, a lower case and an upper case letter, a number).
 */
import { parseArgs } from 'node:util';
import { consoleIo, type CommandIo } from './command-args.js';
import type { Env } from '../config/types.js';
import { withAuthProject } from './auth-project.js';

export const ADMIN_USAGE = `Usage:
  vellum admin:create-user --email EMAIL --password PASSWORD --firstname NAME [--lastname NAME] [--role CODE]
  vellum admin:reset-user-password --email EMAIL --password PASSWORD
--role: strapi-super-admin (default), strapi-editor or strapi-author. Options: --dir DIR (project directory, default .)`;

const OPTIONS = {
  dir: { type: 'string', default: '.' },
  email: { type: 'string' },
  password: { type: 'string' },
  firstname: { type: 'string' },
  lastname: { type: 'string' },
  role: { type: 'string' },
} as const;

export async function adminCommand(command: 'admin:create-user' | 'admin:reset-user-password', args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${ADMIN_USAGE}`);
    return 1;
  }
  const required = command === 'admin:create-user' ? (['email', 'password', 'firstname'] as const) : (['email', 'password'] as const);
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    io.err(`Missing ${missing.map((name) => `--${name}`).join(', ')}\n\n${ADMIN_USAGE}`);
    return 1;
  }
  return withAuthProject(values.dir ?? '.', env, io, async ({ admin }) => {
    if (command === 'admin:create-user') {
      const user = await admin.createUser({ email: values.email, password: values.password, firstname: values.firstname, lastname: values.lastname, ...(values.role === undefined ? {} : { roleCode: values.role }) });
      const roles = Array.isArray(user.roles) ? user.roles.map((role) => String((role as { name?: unknown }).name)).join(', ') : '';
      io.out(`Created admin user ${String(user.email)} (${roles}).`);
      return 0;
    }
    const user = await admin.resetPassword(values.email, values.password);
    io.out(`Changed the password of ${String(user.email)}; their sessions are closed.`);
    return 0;
  });
}
