/** Owners, next follow-ups, the contact log and round-robin assignment of inquiries. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../db/database';
import { inquiryContacts, staff } from '../db/schema';
import type { Executor } from '../db/database';

/** Roles that may own an inquiry. */
export const OWNER_ROLES = ['counsellor', 'admin'] as const;

export interface FollowUpRow {
  id: string;
  name: string;
  phone_number: string;
  status: string;
  area_of_interest: string[];
  next_follow_up_at: Date | string;
  last_contact_at: Date | string | null;
  last_note: string | null;
}

export const followUpRepository = {
  /**
   * Gives inquiry `id` to the next active counsellor in turn, in one statement: it increments the
   * one counter row (whose lock makes concurrent statements, from any instance, take distinct
   * turns) and sets the owner from that turn. Due at once, so the first call is never forgotten.
   * Returns the owner, or undefined when there is no active counsellor.
   */
  async assignRoundRobin(db: Executor, id: string): Promise<string | undefined> {
    const result = await sqlRows<{ owner_id: string }>(
      db,
      sql`with turn as (
          insert into inquiry_assignment (id, turns) values (1, 1)
          on conflict (id) do update set turns = inquiry_assignment.turns + 1
          returning turns
        ), pool as (
          select id, row_number() over (order by created_at, id) - 1 as n, count(*) over () as size
          from staff where role = 'counsellor' and active
        )
        update inquiries set owner_id = pool.id, next_follow_up_at = coalesce(inquiries.next_follow_up_at, now())
        from turn, pool
        where inquiries.id = ${id} and pool.n = (turn.turns - 1) % pool.size
        returning pool.id as owner_id`,
    );
    return result[0]?.owner_id;
  },

  async addContact(db: Executor, values: typeof inquiryContacts.$inferInsert): Promise<void> {
    await db.insert(inquiryContacts).values(values);
  },

  /** The contact log of an inquiry, newest first, with who made each contact. */
  async contacts(db: Db, inquiryId: string) {
    return db
      .select({ contact: inquiryContacts, staff: { id: staff.id, name: staff.name } })
      .from(inquiryContacts)
      .leftJoin(staff, eq(staff.id, inquiryContacts.staffId))
      .where(eq(inquiryContacts.inquiryId, inquiryId))
      .orderBy(desc(inquiryContacts.createdAt), desc(inquiryContacts.id));
  },

  /** Active staff who may own inquiries, by name. */
  async owners(db: Executor): Promise<{ id: string; name: string }[]> {
    return db
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(and(eq(staff.active, true), inArray(staff.role, [...OWNER_ROLES])))
      .orderBy(staff.name, staff.id);
  },

  async staffName(db: Executor, id: string): Promise<string | undefined> {
    const found = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id)).limit(1);
    return found[0]?.name;
  },

  /** An owner's open follow-ups (not closed or converted), due ones first; at most `upcomingMax` after `tomorrow`. */
  async dueFor(db: Db, ownerId: string, tomorrow: Date, upcomingMax: number): Promise<FollowUpRow[]> {
    const select = sql`select i.id, i.name, i.phone_number, i.status, i.area_of_interest, i.next_follow_up_at,
        (select max(c.created_at) from inquiry_contacts c where c.inquiry_id = i.id) as last_contact_at,
        (select c.note from inquiry_contacts c where c.inquiry_id = i.id and c.note is not null
          order by c.created_at desc, c.id desc limit 1) as last_note
      from inquiries i
      where i.owner_id = ${ownerId} and i.next_follow_up_at is not null and i.status not in ('closed', 'converted')`;
    const [due, upcoming] = await Promise.all([
      sqlRows<FollowUpRow>(
        db,
        sql`${select} and i.next_follow_up_at < ${tomorrow.toISOString()}::timestamptz order by i.next_follow_up_at, i.id`,
      ),
      sqlRows<FollowUpRow>(
        db,
        sql`${select} and i.next_follow_up_at >= ${tomorrow.toISOString()}::timestamptz
          order by i.next_follow_up_at, i.id limit ${upcomingMax}`,
      ),
    ]);
    return [...due, ...upcoming];
  },

  /** How many of an owner's open follow-ups fall before `tomorrow` (today's and the overdue). */
  async dueCount(db: Db, ownerId: string, tomorrow: Date): Promise<number> {
    const result = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from inquiries
        where owner_id = ${ownerId} and next_follow_up_at < ${tomorrow.toISOString()}::timestamptz
          and status not in ('closed', 'converted')`,
    );
    return result[0]?.n ?? 0;
  },

  /** The funnel (received → contacted → converted) grouped by source or by owner. */
  async funnel(db: Db, by: 'reference' | 'owner') {
    const contacted = sql`count(*) filter (where i.first_contact_at is not null or i.status <> 'new')::int`;
    const converted = sql`count(*) filter (where i.status = 'converted')::int`;
    if (by === 'reference')
      return sqlRows<{ key: string; name: string | null; total: number; contacted: number; converted: number }>(
        db,
        sql`select i.reference as key, null as name, count(*)::int as total, ${contacted} as contacted, ${converted} as converted
          from inquiries i group by i.reference order by total desc, key`,
      );
    return sqlRows<{ key: string | null; name: string | null; total: number; contacted: number; converted: number }>(
      db,
      sql`select i.owner_id::text as key, s.name, count(*)::int as total, ${contacted} as contacted, ${converted} as converted
        from inquiries i left join staff s on s.id = i.owner_id
        group by i.owner_id, s.name order by total desc, s.name nulls last`,
    );
  },

  /** The median time from an inquiry to its first logged contact, in minutes, and how many it covers. */
  async medianFirstContact(db: Db): Promise<{ minutes: number | null; count: number }> {
    const result = await sqlRows<{ seconds: number | string | null; n: number }>(
      db,
      sql`select percentile_cont(0.5) within group (order by extract(epoch from first_contact_at - created_at)) as seconds,
          count(*)::int as n
        from inquiries where first_contact_at is not null`,
    );
    const seconds = result[0]?.seconds;
    return {
      minutes: seconds === null || seconds === undefined ? null : Math.round(Number(seconds) / 60),
      count: result[0]?.n ?? 0,
    };
  },
};
