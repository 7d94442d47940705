/**
 * The Vellum CLI from the bench's transpiled copy (`node cli-main.js token create …`): the bench
 * makes its API tokens the way a user would, with the same secrets as the servers of the run.
 */
import { main } from '../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
