/** The day book's rows: cash receipts, refunds and reversals by day, deposits and handovers, closings. */
import { sql, type SQL } from 'drizzle-orm';
import type { CashBookLine, CashEntryKind } from '@registrar/contract/day-book';
import type { RecordedPaymentMode } from '@registrar/contract/constants';
import { INDIA_TIME_ZONE } from '@registrar/contract/language';
import { sqlRows, type Executor } from '../db/database';
import { cashBookClosings, cashBookEntries } from '../db/schema';

/** The day a voided payment left the books: the bounce date of a cheque, else the day it was voided. */
const reversalDay = (p: SQL) =>
  sql`coalesce((select ce.occurred_on from cheque_events ce where ce.payment_id = ${p}.id and ce.state = 'bounced'),
               (${p}.voided_at at time zone ${INDIA_TIME_ZONE})::date)`;

export interface LineRow {
  id: string;
  kind: CashBookLine['kind'];
  number: string;
  amount: string;
  mode: RecordedPaymentMode;
  enrollment_id: string;
  enrollment_number: string;
  name: string;
  reference: string | null;
  note: string | null;
  imported: boolean;
}

const CHEQUES_OF = {
  received: (date: string) => sql`p.paid_on = ${date}::date`,
  cleared: (date: string) => sql`c.state = 'cleared' and c.occurred_on = ${date}::date`,
  bounced: (date: string) => sql`c.state = 'bounced' and c.occurred_on = ${date}::date`,
};

export const dayBookRepository = {
  /** The opening balance, as the books stood at `asOf` when given. */
  async openingBalance(db: Executor, asOf?: string) {
    const until = asOf ? sql`and created_at <= ${asOf}::timestamptz` : sql``;
    const [row] = await sqlRows<{ on_date: string; amount: string }>(
      db,
      sql`select on_date::text, amount_paise::text as amount from cash_book_entries where kind = 'opening' ${until}`,
    );
    return row;
  },

  /** Cash in, out, moved and closing differences: summed from `from` to before `date`, and on `date`. */
  cashByCategory(db: Executor, date: string, from: string, asOf?: string) {
    const until = (column: SQL) => (asOf ? sql`and ${column} <= ${asOf}::timestamptz` : sql``);
    return sqlRows<{ cat: string; before: string; day: string }>(
      db,
      sql`select cat, coalesce(sum(amt) filter (where on_date < ${date}::date and on_date >= ${from}::date), 0)::text as before,
                 coalesce(sum(amt) filter (where on_date = ${date}::date), 0)::text as day
          from (select 'in' as cat, p.paid_on as on_date, p.amount_paise as amt from payments p
                  where p.mode = 'cash' and p.source <> 'import' ${until(sql`p.created_at`)}
                union all
                select 'out', ${reversalDay(sql`p`)}, -p.amount_paise from payments p
                  where p.mode = 'cash' and p.source <> 'import' and p.voided_at is not null ${until(sql`p.voided_at`)}
                union all
                select 'out', r.refunded_on, -r.amount_paise from refunds r where r.mode = 'cash' ${until(sql`r.created_at`)}
                union all
                select 'moved', e.on_date, -e.amount_paise from cash_book_entries e
                  where e.kind <> 'opening' ${until(sql`e.created_at`)}
                union all
                select 'diff', c.on_date, c.difference_paise from cash_book_closings c where true ${until(sql`c.created_at`)}) m
          where on_date <= ${date}::date group by cat`,
    );
  },

  allClosings: (db: Executor) =>
    sqlRows<{
      on_date: string;
      opening: string;
      cash_in: string;
      cash_out: string;
      moved: string;
      created_at: string;
    }>(
      db,
      sql`select on_date::text, opening_paise::text as opening, cash_in_paise::text as cash_in, cash_out_paise::text as cash_out,
                 moved_paise::text as moved, created_at::text from cash_book_closings order by on_date`,
    ),

  /** Receipts, reversals and refunds of a day, in the order they were recorded. */
  lines(db: Executor, date: string) {
    const ref = sql`coalesce(p.cheque_number, p.utr, p.reference)`;
    const who = sql`join enrollments e on e.id = p.enrollment_id`;
    return sqlRows<LineRow>(
      db,
      sql`select * from (
            select 'receipt' as kind, p.id, p.receipt_number as number, p.amount_paise::text as amount, p.mode,
                   e.id as enrollment_id, e.enrollment_number, e.name, ${ref} as reference, null as note,
                   p.source = 'import' as imported, p.created_at
            from payments p ${who} where p.paid_on = ${date}::date
            union all
            select 'reversal', p.id, p.receipt_number, (-p.amount_paise)::text, p.mode, e.id, e.enrollment_number, e.name, ${ref},
                   coalesce((select 'Cheque bounced: ' || ce.reason from cheque_events ce
                             where ce.payment_id = p.id and ce.state = 'bounced'), 'Voided: ' || p.void_reason),
                   p.source = 'import', p.voided_at
            from payments p ${who} where p.voided_at is not null and ${reversalDay(sql`p`)} = ${date}::date
            union all
            select 'refund', r.id, r.refund_number, (-r.amount_paise)::text, r.mode, e.id, e.enrollment_number, e.name,
                   p.receipt_number, r.reason, false, r.created_at
            from refunds r join payments p on p.id = r.payment_id ${who} where r.refunded_on = ${date}::date) l
          order by created_at, number`,
    );
  },

  /** Cheques received, cleared or bounced on a day. */
  cheques: (db: Executor, which: keyof typeof CHEQUES_OF, date: string) =>
    sqlRows<{
      payment_id: string;
      receipt_number: string;
      cheque_number: string | null;
      bank_name: string | null;
      amount: string;
      name: string;
      enrollment_number: string;
    }>(
      db,
      sql`select p.id as payment_id, p.receipt_number, p.cheque_number, p.bank_name, p.amount_paise::text as amount, e.name, e.enrollment_number
          from payments p join enrollments e on e.id = p.enrollment_id left join cheque_events c on c.payment_id = p.id
          where p.mode = 'cheque' and ${CHEQUES_OF[which](date)} order by p.receipt_number`,
    ),

  /** Deposits and handovers of a day, with who recorded them. */
  entries: (db: Executor, date: string) =>
    sqlRows<{
      id: string;
      kind: CashEntryKind;
      amount: string;
      party: string | null;
      reference: string | null;
      reason: string | null;
      who: string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select c.id, c.kind, c.amount_paise::text as amount, c.party, c.reference, c.reason, s.name as who, c.created_at
          from cash_book_entries c left join staff s on s.id = c.recorded_by
          where c.on_date = ${date}::date and c.kind <> 'opening' order by c.created_at`,
    ),

  closingOf: async (db: Executor, date: string) =>
    (
      await sqlRows<{
        counted: string;
        difference: string;
        reason: string | null;
        who: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`select c.counted_paise::text as counted, c.difference_paise::text as difference, c.reason, s.name as who, c.created_at
            from cash_book_closings c left join staff s on s.id = c.recorded_by where c.on_date = ${date}::date`,
      )
    )[0],

  /** Cash book writes one at a time: a closing is computed from the entries it must not miss. */
  lock: (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('cash-book', 0))`),

  hasOpeningBalance: async (tx: Executor) =>
    (await sqlRows<{ id: string }>(tx, sql`select id from cash_book_entries where kind = 'opening'`)).length > 0,

  /** Whether a closing stands on `date`, or with `orLater`, on it or any later day. */
  closedOn: async (tx: Executor, date: string, orLater = false) =>
    (
      await sqlRows<{ id: string }>(
        tx,
        sql`select id from cash_book_closings where on_date ${orLater ? sql`>=` : sql`=`} ${date}::date`,
      )
    ).length > 0,

  async addEntry(tx: Executor, values: typeof cashBookEntries.$inferInsert): Promise<string> {
    const [row] = await tx.insert(cashBookEntries).values(values).returning({ id: cashBookEntries.id });
    return row!.id;
  },

  async addClosing(tx: Executor, values: Omit<typeof cashBookClosings.$inferInsert, 'createdAt'>): Promise<string> {
    const [row] = await tx
      .insert(cashBookClosings)
      // The moment the figures were read (not the transaction's start): verify-ledger reads the books as of it.
      .values({ ...values, createdAt: sql`clock_timestamp()` })
      .returning({ id: cashBookClosings.id });
    return row!.id;
  },
};
