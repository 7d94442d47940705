/** The `vellum` command line. */
import { StartupError } from '../errors/index.js';
import { serve } from './serve.js';

const USAGE = `Usage: vellum <command> [options]

Commands:
  develop [dir]   start the project in dir (default: .) and restart on src/ or config/ changes
  start [dir]     start the project in dir (default: .)

Environment: HOST, PORT, DATABASE_CLIENT (sqlite|postgres|mysql), DATABASE_URL,
DATABASE_FILENAME, NODE_ENV; a .env file in the project directory is read.`;

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'develop':
        return await serve(rest[0], { watch: true });
      case 'start':
        return await serve(rest[0], { watch: false });
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
