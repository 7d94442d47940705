/**
 * `vellum export FILE`: the project in the current directory (or `--dir`) as a Strapi
 * data-transfer archive. See docs/import-export.md.
 */
import type { Env } from '../config/types.js';
import { exportArchive } from '../transfer/export-archive.js';
import { createProgress } from '../transfer/progress.js';
import { withTransferProject } from './transfer-project.js';
import { commandArgs, consoleIo, type CommandIo } from './command-args.js';

export const EXPORT_USAGE = `Usage:
  vellum export FILE (--key KEY | --no-encrypt) [--no-compress]
    FILE           the archive's name; .tar, .gz and .enc are added as strapi export adds them
    --key          encrypt with KEY (aes-128-ecb, as strapi export --key)
    --no-encrypt   write it unencrypted
    --no-compress  no gzip
Options: --dir DIR (project directory, default .)`;

export async function exportCommand(args: readonly string[], io: CommandIo = consoleIo, env?: Env): Promise<number> {
  const parsed = commandArgs(args, { dir: { type: 'string', default: '.' }, key: { type: 'string' }, 'no-encrypt': { type: 'boolean' }, 'no-compress': { type: 'boolean' } }, EXPORT_USAGE, io);
  if (parsed === null) return 1;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.err(EXPORT_USAGE);
    return 1;
  }
  const encrypt = values['no-encrypt'] !== true;
  if (encrypt === (values.key === undefined) || values.key === '') {
    io.err(`Pass --key KEY to encrypt the archive, or --no-encrypt (not both).\n\n${EXPORT_USAGE}`);
    return 1;
  }
  return withTransferProject(values.dir ?? '.', env, async (project) => {
    const progress = createProgress(process.stderr);
    try {
      const summary = await exportArchive(
        { engine: project.engine, publicDir: project.publicDir },
        { file: positionals[0]!, key: encrypt ? values.key : undefined, compress: values['no-compress'] !== true, progress },
      );
      progress.end();
      io.out(`Exported ${summary.entities} entities, ${summary.links} links and ${summary.assets} files to ${summary.path}`);
      return 0;
    } finally {
      progress.end();
    }
  });
}
