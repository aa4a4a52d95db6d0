/**
 * Named prepared statements for the hottest fixed-shape statements. On PostgreSQL the server parses
 * and plans such a statement once per pooled connection instead of on every call (for the public
 * intake that was most of the database's work per inquiry); PGlite runs it as any other statement.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';

const dialect = new PgDialect();

/**
 * Runs `query` as the prepared statement `name`. The statement's text must be the same on every
 * call (values only as parameters, no SQL chosen per call): a connection keeps the first text it
 * prepared under a name, and node-postgres refuses another text under the same name.
 */
export async function executePrepared<Row>(db: Db, name: string, query: SQL): Promise<Row[]> {
  // Drizzle's `db.execute` always sends an unnamed statement; its session can name one.
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
