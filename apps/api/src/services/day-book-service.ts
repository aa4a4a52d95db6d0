/**
 * The accountant's day book: a day opens with the cash in hand the day before closed on (the
 * first day with the opening balance entered once), lists its receipts, refunds and reversals one
 * by one, takes deposits and handovers out of the drawer, and is closed on the cash counted.
 */
import { RECORDED_PAYMENT_MODES } from '@registrar/contract/constants';
import {
  CASH_BOOK_MESSAGES,
  type CashBook,
  type CashBookCloseInput,
  type CashBookEntryInput,
  type CashBookLine,
} from '@registrar/contract/day-book';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Db } from '../db/database';
import { dayBookRepository as book } from '../repositories/day-book-repository';
import { badRequest, conflict } from '../lib/http-errors';
import { toPaise, toRupees } from '../lib/money';
import { dayFigures, expectedOf } from './day-book-figures';

const inFuture = (date: string) =>
  date > localIsoDate()
    ? badRequest(CASH_BOOK_MESSAGES.inFuture, [{ path: 'date', message: CASH_BOOK_MESSAGES.inFuture }])
    : null;

export class DayBookService {
  constructor(private readonly db: Db) {}

  private cheques(which: Parameters<typeof book.cheques>[1], date: string) {
    return book.cheques(this.db, which, date).then((list) =>
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
    const [figures, rows, entries, closed, chequesReceived, chequesCleared, chequesBounced] = await Promise.all([
      dayFigures(this.db, date),
      book.lines(this.db, date),
      book.entries(this.db, date),
      book.closingOf(this.db, date),
      this.cheques('received', date),
      this.cheques('cleared', date),
      this.cheques('bounced', date),
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
      await book.lock(tx);
      if (input.kind === 'opening' && (await book.hasOpeningBalance(tx)))
        throw conflict(CASH_BOOK_MESSAGES.openingTwice);
      const closed = await book.closedOn(tx, input.date, input.kind === 'opening');
      if (closed) {
        if (!staff.mayBackDate) throw conflict(CASH_BOOK_MESSAGES.dayClosed);
        if (!input.reason)
          throw badRequest(CASH_BOOK_MESSAGES.backDatedReasonRequired, [
            { path: 'reason', message: CASH_BOOK_MESSAGES.backDatedReasonRequired },
          ]);
      }
      return book.addEntry(tx, {
        onDate: input.date,
        kind: input.kind,
        amountPaise: toPaise(input.amount),
        party: input.kind === 'opening' ? null : (input.party ?? null),
        reference: input.reference ?? null,
        reason: closed ? (input.reason ?? null) : null,
        recordedBy: staff.id,
      });
    });
  }

  /** Closes the day on the cash counted: the difference from the books is recorded with its reason. */
  async close(input: CashBookCloseInput, staffId: string): Promise<string> {
    const future = inFuture(input.date);
    if (future) throw future;
    return this.db.transaction(async (tx) => {
      await book.lock(tx);
      if (await book.closedOn(tx, input.date)) throw conflict(CASH_BOOK_MESSAGES.alreadyClosed);
      const f = await dayFigures(tx, input.date);
      const counted = toPaise(input.counted);
      const difference = counted - expectedOf(f);
      if (difference !== 0 && !input.reason)
        throw badRequest(CASH_BOOK_MESSAGES.differenceReasonRequired, [
          { path: 'reason', message: CASH_BOOK_MESSAGES.differenceReasonRequired },
        ]);
      return book.addClosing(tx, {
        onDate: input.date,
        openingPaise: f.opening,
        cashInPaise: f.cashIn,
        cashOutPaise: f.cashOut,
        movedPaise: f.moved,
        countedPaise: counted,
        differencePaise: difference,
        reason: input.reason ?? null,
        recordedBy: staffId,
      });
    });
  }
}
