/**
 * The database a bench run measures. SQLite: a copy of the cached dataset file in the project.
 * PostgreSQL and MySQL (`--db postgres`, `--db mysql`): a fresh database on the local server
 * (as the tests make them), filled with the same generated dataset through the document
 * service, dropped at the end of the run.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { countsOf, ensureDataset, fillDatabase, type DatasetCounts, type DatasetSize } from './dataset.js';
import { writeBenchProject } from './project.js';
import { createScratchDatabase, pgAdmin, type ServerDatabase } from './scratch-database.js';

/** The databases a bench run can measure (`--db`). */
export type BenchDatabase = 'sqlite' | ServerDatabase;

export const BENCH_DATABASES: readonly BenchDatabase[] = ['sqlite', 'postgres', 'mysql'];

export interface PreparedDatabase {
  readonly db: BenchDatabase;
  /** the bench project the servers start on */
  readonly projectDir: string;
  /** the dataset's cache key (SQLite) or the generated database's name */
  readonly key: string;
  readonly counts: DatasetCounts;
  readonly sampleDocumentId: string;
  /** the SQLite file the servers open (SQLite only: the ceiling reads it too) */
  readonly file: string | null;
  /** DATABASE_* for the server processes (empty on SQLite: the project's own file) */
  readonly env: Readonly<Record<string, string>>;
  /** time to make the dataset ready for this run: copy the cached file, or generate it on the server */
  readonly loadMs: number;
  /** a fresh copy for the write scenario, which must not change what the read scenarios see */
  copyForWrites(projectDir: string): Promise<PreparedDatabase>;
  drop(): Promise<void>;
}

/** Prepares `db` for the bench project in `projectDir` (already written by `writeBenchProject`). */
export async function prepareDatabase(db: BenchDatabase, projectDir: string, size: DatasetSize, log: (message: string) => void): Promise<PreparedDatabase> {
  if (db === 'sqlite') {
    const dataset = await ensureDataset(log, size);
    const copy = (dir: string, from: string): PreparedDatabase => {
      const started = performance.now();
      const file = writeBenchProject(dir);
      copyFileSync(from, file);
      // the tokens the CLI made may still sit in the write-ahead log
      if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${file}-wal`);
      const prepared: PreparedDatabase = {
        db, projectDir: dir, key: dataset.key, counts: dataset.counts, sampleDocumentId: dataset.sampleDocumentId, file, env: {},
        loadMs: Math.round(performance.now() - started),
        // a copy of this project's file as it is now (with the run's tokens); no server may have it open
        copyForWrites: (writeDir) => Promise.resolve(copy(writeDir, file)),
        drop: () => Promise.resolve(),
      };
      return prepared;
    };
    return copy(projectDir, dataset.file);
  }
  return generated(db, projectDir, countsOf(size), log);
}

/** A fresh database of `db` filled by the dataset generator. */
async function generated(db: ServerDatabase, projectDir: string, counts: DatasetCounts, log: (message: string) => void): Promise<PreparedDatabase> {
  const database = await createScratchDatabase(db);
  const { env } = database;
  const started = performance.now();
  try {
    log(`bench: ${db}: loading the dataset into ${env.DATABASE_NAME} (${counts.articles} articles)`);
    writeBenchProject(projectDir);
    // a throw-away database: commits need not wait for the disk (this database only)
    if (db === 'postgres') await pgAdmin(`ALTER DATABASE "${env.DATABASE_NAME}" SET synchronous_commit = off`);
    const sampleDocumentId = await fillDatabase(projectDir, env, counts, log);
    // the measured servers start after this: they commit as a deployment would
    if (db === 'postgres') await pgAdmin(`ALTER DATABASE "${env.DATABASE_NAME}" RESET synchronous_commit`);
    const loadMs = Math.round(performance.now() - started);
    log(`bench: ${db}: dataset loaded in ${(loadMs / 1000).toFixed(1)} s`);
    const prepared: PreparedDatabase = {
      db, projectDir, key: database.name, counts, sampleDocumentId, file: null, env, loadMs,
      // the writes run last, after every read round, on this same database: it is dropped after
      copyForWrites: () => Promise.resolve(prepared),
      drop: () => database.drop(),
    };
    return prepared;
  } catch (error) {
    await database.drop();
    throw error;
  }
}
