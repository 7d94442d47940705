/**
 * `vellum import <archive-or-directory>`: a `strapi export` archive (or `vellum export`'s) into
 * the project in the current directory (or `--dir`). See docs/import-export.md.
 */
import type { Env } from '../config/types.js';
import { openArchive } from '../transfer/archive-entries.js';
import { importArchive, type ImportSummary } from '../transfer/import-archive.js';
import { PARTS, type Part } from '../transfer/import-scope.js';
import { createProgress } from '../transfer/progress.js';
import { TransferError } from '../transfer/transfer-error.js';
import { withTransferProject } from './transfer-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const IMPORT_USAGE = `Usage:
  vellum import ARCHIVE [--key KEY] [--only PARTS | --exclude PARTS] [--dry-run] [--force] [--resume]
    ARCHIVE    a strapi export / vellum export file (.tar, .tar.gz, .tar.gz.enc, …) or its unpacked directory
    --key      the key an encrypted archive was exported with
    --only, --exclude   comma list of content (entities and links), files (stored files), config
    --dry-run  check the archive and the schemas, and say what would be written; write nothing
    --force    import into a database that holds content: deletes that content first
    --resume   continue an interrupted import of this archive after its last committed batch;
               if this run fails too, what it committed is kept (without: removed again)
Options: --dir DIR (project directory, default .)`;

/** `content,files` → the parts; an unknown name is refused */
export function parseParts(only: string | undefined, exclude: string | undefined): Set<Part> {
  if (only !== undefined && exclude !== undefined) throw new TransferError('--only and --exclude cannot be used together.');
  const names = (list: string): Part[] => list.split(',').map((s) => s.trim()).filter(Boolean).map((name) => {
    if (!(PARTS as readonly string[]).includes(name)) throw new TransferError(`Unknown part "${name}": use ${PARTS.join(', ')}.`);
    return name as Part;
  });
  if (only !== undefined) return new Set(names(only));
  const excluded = new Set(exclude === undefined ? [] : names(exclude));
  return new Set(PARTS.filter((p) => !excluded.has(p)));
}

function describe(summary: ImportSummary, dryRun: boolean): string[] {
  const { facts } = summary;
  const lines: string[] = [];
  const entityTotal = [...facts.entities.values()].reduce((a, b) => a + b, 0);
  if (summary.resumedAfter) lines.push(`Resumed an interrupted import after ${summary.resumedAfter.entry < 0 ? 'its start' : `${summary.resumedAfter.path} line ${summary.resumedAfter.line}`} (the rows counted below are this run's).`);
  lines.push(`${dryRun ? 'Would import' : 'Imported'} from a Strapi ${facts.strapiVersion ?? '(unknown version)'} archive: ${entityTotal} entities, ${facts.links} links, ${facts.assets} files (${facts.assetBytes} bytes), ${facts.configuration} configuration items.`);
  if (!dryRun) for (const [table, n] of [...summary.rows].sort()) lines.push(`  ${table}: ${n} rows`);
  if (!dryRun && summary.assets > 0) lines.push(`  ${summary.assets} files stored`);
  if (summary.typesLeftOut.length > 0) lines.push(`Left out (Vellum has no such types): ${summary.typesLeftOut.join(', ')}`);
  if (summary.linksLeftOut > 0) lines.push(`Left out: ${summary.linksLeftOut} links (to admin users, to types left out, or to rows the archive does not hold)`);
  if (facts.configuration > 0) lines.push(`Left out: ${facts.configuration} configuration items (Strapi's core store and webhooks; Vellum reads its settings from config/)`);
  if (summary.replaced.length > 0) lines.push(`${dryRun ? 'Would replace' : 'Replaced'}: ${summary.replaced.join(', ')}`);
  return lines;
}

export async function importCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const parsed = commandArgs(args, {
        dir: { type: 'string', default: '.' }, key: { type: 'string' }, only: { type: 'string' }, exclude: { type: 'string' },
        'dry-run': { type: 'boolean' }, force: { type: 'boolean' }, resume: { type: 'boolean' },
      }, IMPORT_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.err(IMPORT_USAGE);
    return 1;
  }
  let parts: Set<Part>;
  try {
    parts = parseParts(values.only, values.exclude);
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  const dryRun = values['dry-run'] === true;
  return withTransferProject(values.dir ?? '.', env, async (project) => {
    const source = await openArchive(positionals[0]!, values.key);
    const progress = createProgress(process.stderr);
    try {
      const summary = await importArchive(source, { engine: project.engine, provider: project.provider }, { parts, dryRun, force: values.force === true, resume: values.resume === true, progress });
      progress.end();
      for (const line of describe(summary, dryRun)) io.out(line);
      return 0;
    } finally {
      progress.end();
    }
  });
}
