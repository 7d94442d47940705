/** The `vellum` command line. */
import { StartupError } from '../errors/index.js';
import { adminCommand, ADMIN_USAGE } from './admin-command.js';
import { exportCommand, EXPORT_USAGE } from './export-command.js';
import { importCommand, IMPORT_USAGE } from './import-command.js';
import { localeCommand, LOCALE_USAGE } from './locale-command.js';
import { roleCommand, ROLE_USAGE } from './role-command.js';
import { serve } from './serve.js';
import { tokenCommand, TOKEN_USAGE } from './token-command.js';
import { transferTokenCommand, TRANSFER_TOKEN_USAGE } from './transfer-token-command.js';
import { webhookCommand, WEBHOOK_USAGE } from './webhook-command.js';

const USAGE = `Usage: vellum <command> [options]

Commands:
  develop [dir]   start the project in dir (default: .) and restart on src/ or config/ changes
  start [dir]     start the project in dir (default: .)
  token …         API tokens: create, list, revoke (see below)
  role …          roles and permissions: list, grant, revoke, create (see below)
  locale …        locales: list, add, remove, default (see below)
  admin:create-user, admin:reset-user-password
                  admin users (see below)
  import ARCHIVE  a strapi export / vellum export archive into the project's database (see below)
  export FILE     the project's content and files as a Strapi data-transfer archive (see below)
  webhook …       webhooks: create, list, delete (see below)
  transfer-token …  transfer tokens for strapi transfer --to: create, list, delete (see below)

Environment: HOST, PORT, DATABASE_CLIENT (sqlite|postgres|mysql), DATABASE_URL,
DATABASE_FILENAME, NODE_ENV; a .env file in the project directory is read.

${TOKEN_USAGE}

${ROLE_USAGE}

${LOCALE_USAGE}

${ADMIN_USAGE}

${IMPORT_USAGE}

${EXPORT_USAGE}

${WEBHOOK_USAGE}

${TRANSFER_TOKEN_USAGE}`;

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
      case 'import':
        return await importCommand(rest);
      case 'export':
        return await exportCommand(rest);
      case 'webhook':
        return await webhookCommand(rest);
      case 'transfer-token':
        return await transferTokenCommand(rest);
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
