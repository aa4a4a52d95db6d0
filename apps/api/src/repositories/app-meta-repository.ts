import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema';

export const appMetaRepository = {
  /** Stores `value` under `key` unless one is there already, and returns whichever is stored. */
  async getOrInsert<T>(db: Db, key: string, value: T): Promise<T> {
    await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    return rows[0]!.value as T;
  },

  async get<T>(db: Db, key: string): Promise<T | undefined> {
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    return rows[0]?.value as T | undefined;
  },

  async set<T>(db: Db, key: string, value: T): Promise<void> {
    await db
      .insert(appMeta)
      .values({ key, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  },
};
