import { eq, sql } from 'drizzle-orm';
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

  /** Claims `day` under `key` (ISO dates): of the instances that try, exactly one gets true. */
  async claimDay(db: Db, key: string, day: string): Promise<boolean> {
    const claimed = (await db.execute(sql`
      insert into app_meta (key, value, updated_at) values (${key}, ${JSON.stringify(day)}::jsonb, now())
      on conflict (key) do update set value = excluded.value, updated_at = now()
        where app_meta.value #>> '{}' < excluded.value #>> '{}'
      returning key`)) as unknown as { rows: unknown[] };
    return claimed.rows.length > 0;
  },

  /** Gives a claimed day back, so the next check tries again. */
  async releaseDay(db: Db, key: string, day: string): Promise<void> {
    await db.execute(sql`delete from app_meta where key = ${key} and value #>> '{}' = ${day}`);
  },
};
