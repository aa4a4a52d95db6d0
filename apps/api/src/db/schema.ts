/**
 * The one Drizzle schema (DESIGN §1). Both PGlite and PostgreSQL run the migrations generated
 * from it into `apps/api/drizzle` (`npm run db:generate -w apps/api`). Keep it valid on PG 15.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts the installation keeps about itself (e.g. the generated signing key). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
