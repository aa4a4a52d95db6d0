/**
 * The accountant's day book: a day opens with the cash in hand the day before closed on (the
 * first day with the opening balance entered once), lists its receipts, refunds and reversals one
 * by one, takes deposits and handovers out of the drawer, and is closed on the cash counted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RECORDED_PAYMENT_MODES, type RecordedPaymentMode } from '@registrar/contract/constants';
import {
  CASH_BOOK_MESSAGES,
  type CashBook,
  type CashBookCloseInput,
  type CashBookEntryInput,
  type CashBookLine,
  type CashEntryKind,
} from '@registrar/contract/day-book';
import { localIsoDate } from '@registrar/contract/enrollment';
import { sqlRows, type Db, type Executor } from '../db/database';
import { cashBookClosings, cashBookEntries } from '../db/schema';
import { badRequest, conflict } from '../lib/http-errors';
import { toPaise, toRupees } from '../lib/money';
import { dayFigures, expectedOf, reversalDay } from './day-book-figures';

interface LineRow {
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

const inFuture = (date: string) =>
  date > localIsoDate()
    ? badRequest(CASH_BOOK_MESSAGES.inFuture, [{ path: 'date', message: CASH_BOOK_MESSAGES.inFuture }])
    : null;

/** Cash book writes one at a time: a closing is computed from the entries it must not miss. */
const lockCashBook = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('cash-book', 0))`);

export class DayBookService {
  constructor(private readonly db: Db) {}

  private lines(date: string) {
    const ref = sql`coalesce(p.cheque_number, p.utr, p.reference)`;
    const who = sql`join enrollments e on e.id = p.enrollment_id`;
    return sqlRows<LineRow>(
      this.db,
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
  }

  private cheques(where: SQL) {
    return sqlRows<{
      payment_id: string;
      receipt_number: string;
      cheque_number: string | null;
      bank_name: string | null;
      amount: string;
      name: string;
      enrollment_number: string;
    }>(
      this.db,
      sql`select p.id as payment_id, p.receipt_number, p.cheque_number, p.bank_name, p.amount_paise::text as amount, e.name, e.enrollment_number
          from payments p join enrollments e on e.id = p.enrollment_id left join cheque_events c on c.payment_id = p.id
          where p.mode = 'cheque' and ${where} order by p.receipt_number`,
    ).then((list) =>
      list.map((r) => ({
        paymentId: r.payment_id,
        receiptNumber: r.receipt_number,
        chequeNumber: r.cheque_number,
        bankName: r.bank_name,
        amount: toRupees(Number(r.amount)),
        name: r.name,
        enrollmentNumber: r.enrollment_number,
      })),
    );
  }

  async cashBook(date: string): Promise<CashBook> {
    const [figures, rows, entries, closings, chequesReceived, chequesCleared, chequesBounced] = await Promise.all([
      dayFigures(this.db, date),
      this.lines(date),
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
        this.db,
        sql`select c.id, c.kind, c.amount_paise::text as amount, c.party, c.reference, c.reason, s.name as who, c.created_at
            from cash_book_entries c left join staff s on s.id = c.recorded_by
            where c.on_date = ${date}::date and c.kind <> 'opening' order by c.created_at`,
      ),
      sqlRows<{
        counted: string;
        difference: string;
        reason: string | null;
        who: string | null;
        created_at: Date | string;
      }>(
        this.db,
        sql`select c.counted_paise::text as counted, c.difference_paise::text as difference, c.reason, s.name as who, c.created_at
            from cash_book_closings c left join staff s on s.id = c.recorded_by where c.on_date = ${date}::date`,
      ),
      this.cheques(sql`p.paid_on = ${date}::date`),
      this.cheques(sql`c.state = 'cleared' and c.occurred_on = ${date}::date`),
      this.cheques(sql`c.state = 'bounced' and c.occurred_on = ${date}::date`),
    ]);
    const lines: CashBookLine[] = rows.map((r) => ({
      _id: `${r.kind}:${r.id}`,
      kind: r.kind,
      number: r.number,
      amount: toRupees(Number(r.amount)),
      mode: r.mode,
      enrollmentId: r.enrollment_id,
      enrollmentNumber: r.enrollment_number,
      name: r.name,
      reference: r.reference,
      note: r.note,
      imported: r.imported,
      cash: r.mode === 'cash' && !r.imported,
    }));
    const counted = lines.filter((l) => !l.imported);
    const sumOf = (list: CashBookLine[]) => Math.abs(list.reduce((t, l) => t + toPaise(l.amount), 0));
    const of = (kind: CashBookLine['kind']) => toRupees(sumOf(counted.filter((l) => l.kind === kind)));
    const closed = closings[0];
    const expected = expectedOf(figures);
    return {
      date,
      openingBalance: figures.openingBalance
        ? { date: figures.openingBalance.date, amount: toRupees(figures.openingBalance.amountPaise) }
        : null,
      opening: toRupees(figures.opening),
      lines,
      receipts: of('receipt'),
      refunds: of('refund'),
      reversals: of('reversal'),
      cashIn: toRupees(figures.cashIn),
      cashOut: toRupees(figures.cashOut),
      entries: entries.map((e) => ({
        _id: e.id,
        kind: e.kind,
        amount: toRupees(Number(e.amount)),
        party: e.party,
        reference: e.reference,
        reason: e.reason,
        recordedBy: e.who,
        recordedAt: new Date(e.created_at).toISOString(),
      })),
      moved: toRupees(figures.moved),
      expected: toRupees(expected),
      closing: toRupees(expected + figures.difference),
      closed: closed
        ? {
            counted: toRupees(Number(closed.counted)),
            difference: toRupees(Number(closed.difference)),
            reason: closed.reason,
            closedBy: closed.who,
            closedAt: new Date(closed.created_at).toISOString(),
          }
        : null,
      byMode: RECORDED_PAYMENT_MODES.flatMap((mode) => {
        const list = counted.filter((l) => l.mode === mode);
        if (list.length === 0) return [];
        const receipts = sumOf(list.filter((l) => l.kind === 'receipt'));
        const refunds = sumOf(list.filter((l) => l.kind !== 'receipt'));
        return [{ mode, receipts: toRupees(receipts), refunds: toRupees(refunds), net: toRupees(receipts - refunds) }];
      }),
      chequesReceived,
      chequesCleared,
      chequesBounced,
    };
  }

  /** A deposit, a handover or the opening balance; a closed day takes one only from an admin, with a reason. */
  async addEntry(input: CashBookEntryInput, staff: { id: string; mayBackDate: boolean }): Promise<string> {
    const future = inFuture(input.date);
    if (future) throw future;
    return this.db.transaction(async (tx) => {
      await lockCashBook(tx);
      if (input.kind === 'opening') {
        const [earlier] = await sqlRows<{ id: string }>(
          tx,
          sql`select id from cash_book_entries where kind = 'opening'`,
        );
        if (earlier) throw conflict(CASH_BOOK_MESSAGES.openingTwice);
      }
      const [closed] = await sqlRows<{ id: string }>(
        tx,
        sql`select id from cash_book_closings where on_date ${input.kind === 'opening' ? sql`>=` : sql`=`} ${input.date}::date`,
      );
      if (closed) {
        if (!staff.mayBackDate) throw conflict(CASH_BOOK_MESSAGES.dayClosed);
        if (!input.reason)
          throw badRequest(CASH_BOOK_MESSAGES.backDatedReasonRequired, [
            { path: 'reason', message: CASH_BOOK_MESSAGES.backDatedReasonRequired },
          ]);
      }
      const [row] = await tx
        .insert(cashBookEntries)
        .values({
          onDate: input.date,
          kind: input.kind,
          amountPaise: toPaise(input.amount),
          party: input.kind === 'opening' ? null : (input.party ?? null),
          reference: input.reference ?? null,
          reason: closed ? (input.reason ?? null) : null,
          recordedBy: staff.id,
        })
        .returning({ id: cashBookEntries.id });
      return row!.id;
    });
  }

  /** Closes the day on the cash counted: the difference from the books is recorded with its reason. */
  async close(input: CashBookCloseInput, staffId: string): Promise<string> {
    const future = inFuture(input.date);
    if (future) throw future;
    return this.db.transaction(async (tx) => {
      await lockCashBook(tx);
      const [earlier] = await sqlRows<{ id: string }>(
        tx,
        sql`select id from cash_book_closings where on_date = ${input.date}::date`,
      );
      if (earlier) throw conflict(CASH_BOOK_MESSAGES.alreadyClosed);
      const f = await dayFigures(tx, input.date);
      const counted = toPaise(input.counted);
      const difference = counted - expectedOf(f);
      if (difference !== 0 && !input.reason)
        throw badRequest(CASH_BOOK_MESSAGES.differenceReasonRequired, [
          { path: 'reason', message: CASH_BOOK_MESSAGES.differenceReasonRequired },
        ]);
      const [row] = await tx
        .insert(cashBookClosings)
        .values({
          onDate: input.date,
          openingPaise: f.opening,
          cashInPaise: f.cashIn,
          cashOutPaise: f.cashOut,
          movedPaise: f.moved,
          countedPaise: counted,
          differencePaise: difference,
          reason: input.reason ?? null,
          recordedBy: staffId,
          // The moment the figures were read (not the transaction's start): verify-ledger reads the books as of it.
          createdAt: sql`clock_timestamp()`,
        })
        .returning({ id: cashBookClosings.id });
      return row!.id;
    });
  }
}
