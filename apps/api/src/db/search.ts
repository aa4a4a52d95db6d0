/**
 * The staff lists' search (`search` matches name, email, phone…, in any case) is
 * `ILIKE '%term%'` over several columns. One pg_trgm GIN index per table (migration 0009) covers
 * them all: it is built on the columns joined by U+001F, a character no one types.
 */
import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const SEPARATOR = '\u001f';

/** The indexed expression. Queries must spell it the same way, or the planner cannot use the index. */
export const searchText = (...columns: AnyPgColumn[]): SQL =>
  sql.join(
    columns.map((c) => sql`${c}`),
    sql` || E'\\x1f' || `,
  );

/** The `ILIKE` pattern for "contains `term`", in which `%`, `_` and `\` stand for themselves. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One of `columns` contains `term`, in any case. A match in the joined text can only span two
 * columns by matching the separator, so for a term without it the indexed expression gives the
 * exact answer; a term holding it (it can come in a URL) is checked column by column instead.
 */
export function searchMatch(term: string, columns: AnyPgColumn[]): SQL {
  const pattern = containsPattern(term);
  if (!term.includes(SEPARATOR)) return ilike(sql`(${searchText(...columns)})`, pattern);
  return or(...columns.map((c) => ilike(c, pattern)))!;
}
