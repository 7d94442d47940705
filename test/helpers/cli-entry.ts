// Runs the CLI from source (tests exercise the code under test, not a stale dist/ build).
import { main } from '../../src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
