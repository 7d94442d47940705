/** The `vellum` command line. */
import { StartupError } from '../errors/index.js';
import { adminCommand, ADMIN_USAGE } from './admin-command.js';
import { localeCommand, LOCALE_USAGE } from './locale-command.js';
import { roleCommand, ROLE_USAGE } from './role-command.js';
import { serve } from './serve.js';
import { tokenCommand, TOKEN_USAGE } from './token-command.js';

const USAGE = `Usage: vellum <command> [options]

Commands:
  develop [dir]   start the project in dir (default: .) and restart on src/ or config/ changes
  start [dir]     start the project in dir (default: .)
  token …         API tokens: create, list, revoke (see below)
  role …          roles and permissions: list, grant, revoke, create (see below)
  locale …        locales: list, add, remove, default (see below)
  admin:create-user, admin:reset-user-password
                  admin users (see below)

Environment: HOST, PORT, DATABASE_CLIENT (sqlite|postgres|mysql), DATABASE_URL,
DATABASE_FILENAME, NODE_ENV; a .env file in the project directory is read.

${TOKEN_USAGE}

${ROLE_USAGE}

${LOCALE_USAGE}

${ADMIN_USAGE}`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'develop':
        return await serve(rest[0], { watch: true });
      case 'start':
        return await serve(rest[0], { watch: false });
      case 'token':
        return await tokenCommand(rest);
      case 'role':
        return await roleCommand(rest);
      case 'locale':
        return await localeCommand(rest);
      case 'admin:create-user':
      case 'admin:reset-user-password':
        return await adminCommand(command, rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return command === undefined ? 1 : 0;
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
        return 1;
    }
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
