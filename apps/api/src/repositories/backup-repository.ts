/** Backup and restore move every table as its rows' own JSON text: raw SQL to the driver, and only here. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../db/database';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** Rows sent back in one insert. */
const BATCH = 500;

/** The application's tables (the migrator's own bookkeeping lives in the `drizzle` schema). */
async function tableNames(db: Pick<Db, 'execute'>): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return rows.map((r) => r.name);
}

export const backupRepository = {
  tableNames,

  /** The newest migration this code ships. */
  shippedMigration(): string {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    return journal.entries.at(-1)!.tag;
  },

  /**
   * Every table's rows as JSON text, read in one REPEATABLE READ, read-only transaction: rows
   * written meanwhile are either all in or all out. `migrated` says whether any migration was applied.
   */
  snapshot(db: Db): Promise<{ tables: Record<string, string[]>; migrated: boolean }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const applied = rowsOf<{ found: string | null }>(
        await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`),
      ).filter((r) => r.found);
      const tables: Record<string, string[]> = {};
      for (const name of await tableNames(tx)) {
        const rows = rowsOf<{ row: string }>(
          await tx.execute(sql.raw(`select row_to_json(t)::text as row from ${quoteIdent(name)} t order by 1`)),
        );
        tables[name] = rows.map((r) => r.row);
      }
      return { tables, migrated: applied.length > 0 };
    });
  },

  /** The first table of these that holds a row, if any. */
  async firstWithRows(db: Db, tables: string[]): Promise<string | undefined> {
    for (const name of tables) {
      const [row] = rowsOf<{ any: boolean }>(
        await db.execute(sql.raw(`select exists (select 1 from ${quoteIdent(name)}) as any`)),
      );
      if (row?.any) return name;
    }
    return undefined;
  },

  /** Each foreign key of the public schema as child → parent table names. */
  async foreignKeys(db: Db): Promise<{ child: string; parent: string }[]> {
    const unquote = (name: string) => name.replace(/^"|"$/g, '');
    const edges = rowsOf<{ child: string; parent: string }>(
      await db.execute(sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`),
    );
    return edges.map((e) => ({ child: unquote(e.child), parent: unquote(e.parent) }));
  },

  /**
   * Puts the rows back, table by table in `order`, in one transaction. The archive already holds
   * what triggers derive (the dashboard's counters): user triggers are off for these inserts only.
   */
  async insertAll(db: Db, order: string[], rowsOfTable: (name: string) => string[]): Promise<void> {
    await db.transaction(async (tx) => {
      for (const name of order) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} disable trigger user`));
      for (const name of order) {
        const lines = rowsOfTable(name);
        for (let i = 0; i < lines.length; i += BATCH) {
          // The rows' own JSON text goes back through json_populate_recordset: numbers, dates and
          // text reach the column types exactly as they were read, never through JavaScript values.
          const batch = `[${lines.slice(i, i + BATCH).join(',')}]`;
          await tx.execute(
            sql`${sql.raw(`insert into ${quoteIdent(name)} select * from json_populate_recordset(null::${quoteIdent(name)}, `)}${batch}::json)`,
          );
        }
      }
      for (const name of order) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} enable trigger user`));
    });
  },
};
