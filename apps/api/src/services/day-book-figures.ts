/**
 * Cash in hand, day by day, from the ledger: cash receipts in (imported history left out), cash
 * refunds and reversals out, deposits and handovers moved out, each closing's difference. A
 * reversal (a bounced cheque, a void) counts on the day it happened, so a day once closed stays as
 * it was. `asOf` reads the books as they stood at a moment (what a closing was computed from).
 */
import type { Executor } from '../db/database';
import { dayBookRepository } from '../repositories/day-book-repository';

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
  const balance = await dayBookRepository.openingBalance(db, asOf);
  // The opening balance stands for everything before its day; without one, the books start at zero.
  const from = balance && balance.on_date <= date ? balance.on_date : '0001-01-01';
  const base = balance && balance.on_date <= date ? Number(balance.amount) : 0;
  const rows = await dayBookRepository.cashByCategory(db, date, from, asOf);
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
  for (const c of await dayBookRepository.allClosings(db)) {
    const f = await dayFigures(db, c.on_date, c.created_at);
    const kept = [c.opening, c.cash_in, c.cash_out, c.moved].join(' / ');
    const truth = [f.opening, f.cashIn, f.cashOut, f.moved].join(' / ');
    if (kept !== truth)
      problems.push(`cash book ${c.on_date} closed on opening / in / out / moved ${kept}, ledger says ${truth}`);
  }
  return problems;
}
