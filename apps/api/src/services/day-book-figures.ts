/**
 * Cash in hand, day by day, from the ledger: cash receipts in (imported history left out), cash
 * refunds and reversals out, deposits and handovers moved out, each closing's difference. A
 * reversal (a bounced cheque, a void) counts on the day it happened, so a day once closed stays as
 * it was. `asOf` reads the books as they stood at a moment (what a closing was computed from).
 */
import { sql, type SQL } from 'drizzle-orm';
import { INDIA_TIME_ZONE } from '@registrar/contract/language';
import { sqlRows, type Executor } from '../db/database';

/** The day a voided payment left the books: the bounce date of a cheque, else the day it was voided. */
export const reversalDay = (p: SQL) =>
  sql`coalesce((select ce.occurred_on from cheque_events ce where ce.payment_id = ${p}.id and ce.state = 'bounced'),
               (${p}.voided_at at time zone ${INDIA_TIME_ZONE})::date)`;

export interface DayFigures {
  /** Cash in hand at the start of the day, in paise. */
  opening: number;
  cashIn: number;
  cashOut: number;
  moved: number;
  difference: number;
  openingBalance: { date: string; amountPaise: number } | null;
}

/** `asOf` is a timestamp as the database writes it (microseconds kept). */
export async function dayFigures(db: Executor, date: string, asOf?: string): Promise<DayFigures> {
  const until = (column: SQL) => (asOf ? sql`and ${column} <= ${asOf}::timestamptz` : sql``);
  const [balance] = await sqlRows<{ on_date: string; amount: string }>(
    db,
    sql`select on_date::text, amount_paise::text as amount from cash_book_entries
        where kind = 'opening' ${until(sql`created_at`)}`,
  );
  // The opening balance stands for everything before its day; without one, the books start at zero.
  const from = balance && balance.on_date <= date ? balance.on_date : '0001-01-01';
  const base = balance && balance.on_date <= date ? Number(balance.amount) : 0;
  const rows = await sqlRows<{ cat: string; before: string; day: string }>(
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
  const of = (cat: string, key: 'before' | 'day') => Number(rows.find((r) => r.cat === cat)?.[key] ?? 0);
  return {
    opening: base + rows.reduce((t, r) => t + Number(r.before), 0),
    cashIn: of('in', 'day'),
    cashOut: -of('out', 'day'),
    moved: -of('moved', 'day'),
    difference: of('diff', 'day'),
    openingBalance: balance ? { date: balance.on_date, amountPaise: Number(balance.amount) } : null,
  };
}

/** Cash the books expect in the drawer at the end of the day, before any difference counted. */
export const expectedOf = (f: DayFigures) => f.opening + f.cashIn - f.cashOut - f.moved;

/**
 * `verify-ledger`'s check of the day book: each closing's figures are what the ledger held when the
 * day was closed, so the cash counted equals opening + receipts − refunds − deposits ± the difference.
 */
export async function verifyDayBook(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  for (const c of await sqlRows<{
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
  )) {
    const f = await dayFigures(db, c.on_date, c.created_at);
    const kept = [c.opening, c.cash_in, c.cash_out, c.moved].join(' / ');
    const truth = [f.opening, f.cashIn, f.cashOut, f.moved].join(' / ');
    if (kept !== truth)
      problems.push(`cash book ${c.on_date} closed on opening / in / out / moved ${kept}, ledger says ${truth}`);
  }
  return problems;
}
