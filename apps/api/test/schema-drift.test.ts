/**
 * Migrations and schema.ts describe one database: a freshly migrated database must hold exactly
 * what schema.ts declares, and `db:generate` must find nothing to write.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './build-app';
import { latestSnapshot, pendingStatements, schemaSnapshot, schemaStatements } from '../scripts/db-snapshot';

/** Each catalogue query answers one line per object, so a drift reads as one changed line. */
const CATALOGUE = {
  tables: sql`select table_name || ' ' || table_type as line from information_schema.tables
    where table_schema = 'public'`,
  columns: sql`select concat_ws(' ', table_name || '.' || column_name, udt_name, character_maximum_length,
      numeric_precision, numeric_scale, datetime_precision, case when is_nullable = 'NO' then 'not null' end,
      'default ' || column_default, nullif(is_identity, 'NO'), identity_generation,
      nullif(is_generated, 'NEVER'), generation_expression) as line
    from information_schema.columns where table_schema = 'public'`,
  indexes: sql`select indexdef as line from pg_indexes where schemaname = 'public'`,
  constraints: sql`select rel.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) as line
    from pg_constraint con join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace where ns.nspname = 'public'`,
  enums: sql`select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) as line
    from pg_type t join pg_enum e on e.enumtypid = t.oid
    join pg_namespace ns on ns.oid = t.typnamespace where ns.nspname = 'public' group by t.typname`,
  sequences: sql`select sequence_name || ' ' || data_type as line from information_schema.sequences
    where sequence_schema = 'public'`,
};

async function catalogue(db: Db): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    Object.entries(CATALOGUE).map(async ([kind, query]) => {
      const rows = await sqlRows<{ line: string }>(db, query);
      return [kind, rows.map((row) => row.line).sort()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const opened: TestDatabase[] = [];
afterAll(() => Promise.all(opened.map((testDb) => testDb.drop())));

describe('migrations and schema.ts', () => {
  it('a freshly migrated database has the tables, columns, types, nullability, defaults, indexes and constraints of schema.ts', async () => {
    const migrated = await createTestDatabase();
    opened.push(migrated);
    const declared = await createTestDatabase({ migrated: false });
    opened.push(declared);
    // Extensions are not schema.ts's to declare: the migration that needs pg_trgm creates it.
    await declared.database.db.execute(sql`create extension if not exists pg_trgm`);
    for (const statement of await schemaStatements()) await declared.database.db.execute(sql.raw(statement));

    const [fromMigrations, fromSchema] = await Promise.all([
      catalogue(migrated.database.db),
      catalogue(declared.database.db),
    ]);
    expect(fromMigrations.tables?.length).toBeGreaterThan(20);
    expect(fromMigrations).toEqual(fromSchema);
  }, 300_000);

  it('db:generate writes nothing: the latest snapshot in drizzle/meta is schema.ts', async () => {
    const { id: _id, prevId: _prevId, _meta, ...latest } = latestSnapshot();
    const { id: _currentId, prevId: _currentPrevId, _meta: _currentMeta, ...current } = schemaSnapshot();
    expect(latest).toEqual(current);
    expect(await pendingStatements()).toEqual([]);
  });
});
