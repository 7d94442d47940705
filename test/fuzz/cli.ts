/**
 * `npm run fuzz -- [--seed N] [--runs M] [--family NAME]… [--dialect sqlite|postgres|mysql] [--path P]`
 * 100,000 cases by default over every family; prints the seed first so any run can be replayed,
 * and for each failure the shrunk case and the command that replays it alone. Exit code 1 on failure.
 */
import { parseArgs } from 'node:util';
import type { DialectName } from '../../src/db/dialect.js';
import { buildArtifact } from '../setup/build-artifact.js';
import { FAMILY_NAMES, runFuzz, type FamilyName } from './run-fuzz.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '100000' },
    family: { type: 'string', multiple: true },
    dialect: { type: 'string', default: 'sqlite' },
    path: { type: 'string' },
  },
});

const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(values.runs);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(runs) || runs < 1) throw new Error('--seed and --runs take integers (runs ≥ 1)');
const families = (values.family ?? FAMILY_NAMES) as FamilyName[];
for (const f of families) if (!FAMILY_NAMES.includes(f)) throw new Error(`unknown family "${f}" (one of ${FAMILY_NAMES.join(', ')})`);
if (!['sqlite', 'postgres', 'mysql'].includes(values.dialect)) throw new Error('--dialect is one of sqlite, postgres, mysql');

// the server under fuzz is bin/vellum.js over dist/: built from the current sources first
buildArtifact();
console.log(`fuzz seed: ${seed} (replay: npm run fuzz -- --seed ${seed} --runs ${runs})`);
const report = await runFuzz({ seed, runs, families, dialect: values.dialect as DialectName, path: values.path, log: (line) => console.log(line) });
console.log(`fuzz: ${report.cases} cases; RSS ${(report.rssBefore / 2 ** 20).toFixed(1)} → ${(report.rssAfter / 2 ** 20).toFixed(1)} MiB`);
console.log(`fuzz: statuses ${JSON.stringify(report.statuses)}`);
if (report.failures.length > 0) {
  console.log(`\nfuzz: ${report.failures.length} failure(s) (seed ${seed}):\n`);
  for (const failure of report.failures) console.log(`${failure}\n`);
  process.exitCode = 1;
} else {
  console.log('fuzz: passed');
}
