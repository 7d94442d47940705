/**
 * The storage layout of a SQLite file as SQLite itself reports it (PRAGMA table_info and
 * index_list), so two builds of Vellum (the current tree and a `--baseline`) or a dataset file
 * and the app that will open it can be compared without sharing any code or format.
 */
import Database from 'better-sqlite3';

/** Per table: its columns (`name type notnull default pk`), its indexes (`unique:columns`) and whether it holds rows. */
export type TableLayouts = ReadonlyMap<string, { readonly columns: readonly string[]; readonly indexes: readonly string[]; readonly rows: number }>;

/** The storage layout of a SQLite file as SQLite reports it (so two trees' code need not agree on a format). */
export function readLayout(file: string): TableLayouts {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
    return new Map(tables.map(({ name }) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const columns = (db.prepare(`PRAGMA table_info(${quoted})`).all() as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[])
        .map((c) => `${c.name} ${c.type} ${c.notnull ? 'not null' : 'null'} default ${String(c.dflt_value)} pk ${c.pk}`);
      const indexes = (db.prepare(`PRAGMA index_list(${quoted})`).all() as { name: string; unique: number }[])
        .map((i) => `${i.unique ? 'unique' : 'index'}(${(db.prepare(`PRAGMA index_info("${i.name.replaceAll('"', '""')}")`).all() as { name: string }[]).map((c) => c.name).join(', ')})`)
        .sort();
      const { rows } = db.prepare(`SELECT count(*) AS rows FROM ${quoted}`).get() as { rows: number };
      return [name, { columns, indexes, rows }];
    }));
  } finally {
    db.close();
  }
}
