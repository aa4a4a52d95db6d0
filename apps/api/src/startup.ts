/**
 * What every start does to the database before serving: check it can be reached, then apply the
 * migrations and create the first staff account. Instances starting at once on one PostgreSQL take
 * turns (an advisory lock), and each step is a no-op when already done, so any number may start
 * together.
 */
import type { Database } from './db/database';
import { describeDatabaseError } from './lib/database-errors';
import { ensureFirstStaff } from './services/staff-accounts';

export class StartupError extends Error {}

export async function prepareDatabase(
  database: Database,
  config: { databaseUrl: string | undefined; adminEmail: string | undefined; adminPassword: string | undefined },
  print: (text: string) => void,
  /** `migrated`: the schema is known to be current (the embedded database's marker), so no migration check. */
  options: { firstStaff?: boolean; migrated?: boolean } = {},
): Promise<void> {
  const explain = (prefix: string) => (err: unknown) => {
    const detail = config.databaseUrl ? describeDatabaseError(err, config.databaseUrl) : firstLine(err);
    throw new StartupError(`${prefix}${detail}`);
  };
  await database.ping().catch(explain(''));
  await database.exclusive(async () => {
    if (!options.migrated) await database.migrate().catch(explain('Cannot migrate the database: '));
    if (options.firstStaff === false) return;
    await ensureFirstStaff(database.db, config, print).catch(explain('Cannot create the first staff account: '));
  });
}

function firstLine(err: unknown): string {
  let current = err as { message?: unknown; cause?: unknown };
  // Drizzle's "Failed query: …" wraps the engine's own message, which is the useful one.
  while (current?.cause && /^Failed query/.test(String(current.message))) current = current.cause as typeof current;
  return String(current?.message ?? err).split('\n')[0]!;
}
