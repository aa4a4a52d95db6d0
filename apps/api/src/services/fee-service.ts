/**
 * Fees: a money ledger whose rows are never edited or deleted (payments, refunds, concessions),
 * gapless receipt and refund numbers, installment paid sums recomputed from the ledger in the
 * same transaction as every write, reminders by mail, a PDF statement.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Reminder } from '@registrar/contract/collections';
import { ENROLLMENT_MESSAGES, installmentLabel, type InstallmentCharge } from '@registrar/contract/enrollment-admin';
import { applyConcession } from '@registrar/contract/fee-plan';
import {
  FEE_MESSAGES,
  REMINDER_DAYS_AFTER,
  REMINDER_DAYS_BEFORE,
  type ConcessionInput,
  type RecordPaymentInput,
  type RefundInput,
} from '@registrar/contract/fees';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { GST_MESSAGES } from '@registrar/contract/gst';
import { formatDate, formatRupeesExact, isLanguage, type Language } from '@registrar/contract/language';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import type { IdempotentRequest } from '../lib/idempotency';
import { toPaise, toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { oncePerKey } from './once-per-key';
import { reconcilePaid } from './fee-reconcile';
import { voidDocuments } from './gst/tax-documents';
import { gstRepository } from '../repositories/gst-repository';
import { recordIncoming } from './payment-intake';
import { ledgerTurn } from './ledger-turn';
import { recordRefund } from './refund-intake';
import { gatewayRefundRepository } from '../repositories/gateway-refund-repository';
import { brandedMail } from './mail/mail-message';
import { studentMailClose, studentTexts } from './student-texts';
import { studentLinkParagraph } from './student-links';
import { readLedger, type Ledger } from './fee-ledger';

const DAY_MS = 86_400_000;
/** Paise as staff read them (₹1,23,456.50); a student's mail formats in the student's language. */
export const formatInr = (paise: number, language: Language = 'en') => formatRupeesExact(toRupees(paise), language);
/** A due date (YYYY-MM-DD) as a student reads it: '12 November 2026' / '12 नवंबर 2026'. */
const dueDateIn = (iso: string, language: Language) => formatDate(iso, language, { style: 'long' });
const shiftDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export class FeeService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
  ) {}

  /** The schedule with what was paid against each installment, and the ledger. */
  ledger(enrollmentId: string, db: Db | Executor = this.db): Promise<Ledger> {
    return readLedger(db, enrollmentId);
  }

  /** Runs a money write once per idempotency key (see `oncePerKey`). */
  private once<T>(scope: string, request: IdempotentRequest | undefined, write: (tx: Executor) => Promise<T>) {
    return ledgerTurn(this.db, () => oncePerKey(this.db, scope, request, write));
  }

  private async openEnrollment(tx: Executor, enrollmentId: string) {
    const enrollment = await paymentRepository.lockEnrollment(tx, enrollmentId);
    if (!enrollment) throw notFound(ENROLLMENT_MESSAGES.notFound);
    return enrollment;
  }

  /** Records a payment typed in by staff; answers its receipt number. */
  async recordPayment(
    enrollmentId: string,
    installmentId: string,
    input: RecordPaymentInput,
    staffId: string,
    request?: IdempotentRequest,
  ): Promise<string> {
    if (input.paidOn > localIsoDate())
      throw badRequest(FEE_MESSAGES.paidOnInFuture, [{ path: 'paidOn', message: FEE_MESSAGES.paidOnInFuture }]);
    // Typed by staff, a date in a filed month is a choice to correct; money from outside is never refused.
    if (await gstRepository.dateFiled(this.db, input.paidOn))
      throw badRequest(GST_MESSAGES.paidInFiledPeriod, [{ path: 'paidOn', message: GST_MESSAGES.paidInFiledPeriod }]);
    const answer = await this.once('payment', request, async (tx) => {
      const { payment, created } = await recordIncoming(tx, {
        enrollmentId,
        installmentId,
        amountPaise: toPaise(input.amount),
        mode: input.paymentMode,
        paidOn: input.paidOn,
        reference: input.reference ?? null,
        note: input.note ?? null,
        utr: input.utr ?? null,
        chequeNumber: input.chequeNumber ?? null,
        bankName: input.bankName ?? null,
        chequeDate: input.chequeDate ?? null,
        source: 'staff',
        staffId,
        arrived: false,
      });
      // Typed in by hand, a UTR already on the books is a mistake to show, not money to merge.
      if (!created) {
        const message = `${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${payment.receiptNumber}`;
        throw conflict(message, [{ path: 'utr', message }]);
      }
      return { receiptNumber: payment.receiptNumber };
    });
    return answer.receiptNumber;
  }

  async voidPayment(
    enrollmentId: string,
    installmentId: string,
    paymentId: string,
    reason: string,
    staffId: string,
  ): Promise<void> {
    await ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        await this.openEnrollment(tx, enrollmentId);
        const payment = await paymentRepository.byIdForUpdate(tx, paymentId);
        if (
          !payment ||
          payment.enrollmentId !== enrollmentId ||
          (payment.installmentId !== installmentId && payment.installmentId !== null)
        )
          throw notFound(FEE_MESSAGES.paymentNotFound);
        if (payment.voidedAt) throw conflict(FEE_MESSAGES.alreadyVoided);
        if ((await paymentRepository.refundedPaise(tx, paymentId)) > 0) throw conflict(FEE_MESSAGES.voidRefunded);
        if ((await gatewayRefundRepository.openPaise(tx, paymentId)) > 0)
          throw conflict(FEE_MESSAGES.voidRefundPending);
        await paymentRepository.void(tx, paymentId, reason, staffId);
        await voidDocuments(tx, payment, reason, staffId);
        await reconcilePaid(tx, enrollmentId);
        await enrollmentRepository.addEvent(tx, {
          enrollmentId,
          kind: 'payment_voided',
          note: `${payment.receiptNumber} voided: ${reason}`,
          staffId,
        });
      }),
    );
  }

  /** Gives back part or all of one payment; answers the refund number. */
  async refund(
    enrollmentId: string,
    input: RefundInput,
    staffId: string,
    request?: IdempotentRequest,
  ): Promise<string> {
    if (input.refundedOn > localIsoDate())
      throw badRequest(FEE_MESSAGES.refundedOnInFuture, [
        { path: 'refundedOn', message: FEE_MESSAGES.refundedOnInFuture },
      ]);
    const answer = await this.once('refund', request, (tx) =>
      recordRefund(tx, {
        enrollmentId,
        paymentId: input.paymentId,
        amountPaise: toPaise(input.amount),
        mode: input.paymentMode,
        refundedOn: input.refundedOn,
        reason: input.reason,
        effect: input.effect,
        staffId,
      }),
    );
    return answer.refundNumber;
  }

  /** Lowers what the enrolment owes, from its last installments backwards. */
  async concession(
    enrollmentId: string,
    input: ConcessionInput,
    staffId: string,
    request?: IdempotentRequest,
  ): Promise<{ amount: number }> {
    const amountPaise = toPaise(input.amount);
    return this.once('concession', request, async (tx) => {
      await this.openEnrollment(tx, enrollmentId);
      const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
      const amounts = applyConcession(schedule, amountPaise);
      if (!amounts) throw conflict(FEE_MESSAGES.concessionTooMuch);
      for (const [i, row] of schedule.entries())
        if (amounts[i] !== row.amountPaise)
          await paymentRepository.updateInstallment(tx, row.id, { amountPaise: amounts[i]! });
      await paymentRepository.insertConcession(tx, {
        enrollmentId,
        amountPaise,
        reason: input.reason,
        recordedBy: staffId,
      });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'concession_given',
        note: `Concession of ${formatInr(amountPaise)}: ${schedule
          .filter((row, i) => amounts[i] !== row.amountPaise)
          .map((row) => {
            const i = schedule.indexOf(row);
            return `installment ${row.number} ${formatInr(row.amountPaise)} → ${formatInr(amounts[i]!)}`;
          })
          .join(', ')}. Reason: ${input.reason}`,
        staffId,
      });
      return { amount: input.amount };
    });
  }

  async editInstallment(
    enrollmentId: string,
    installmentId: string,
    input: { amount?: number | undefined; dueDate?: string | undefined; reason: string },
    staffId: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.openEnrollment(tx, enrollmentId);
      const installment = await paymentRepository.installment(tx, enrollmentId, installmentId);
      if (!installment) throw notFound(FEE_MESSAGES.installmentNotFound);
      if (installment.paidPaise > 0) throw conflict(FEE_MESSAGES.onlyUnpaidEditable);
      const changes: string[] = [];
      const values: { amountPaise?: number; dueDate?: string } = {};
      if (input.amount !== undefined && toPaise(input.amount) !== installment.amountPaise) {
        values.amountPaise = toPaise(input.amount);
        changes.push(`amount ${formatInr(installment.amountPaise)} → ${formatInr(values.amountPaise)}`);
      }
      if (input.dueDate !== undefined && input.dueDate !== installment.dueDate) {
        values.dueDate = input.dueDate;
        changes.push(`due ${formatDate(installment.dueDate)} → ${formatDate(input.dueDate)}`);
      }
      if (!changes.length) return;
      await paymentRepository.updateInstallment(tx, installmentId, values);
      // Money of a replaced schedule may now fit where it did not.
      await reconcilePaid(tx, enrollmentId);
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'installment_changed',
        note: `Installment ${installment.number}: ${changes.join(', ')}. Reason: ${input.reason}`,
        staffId,
      });
    });
  }

  /**
   * The reminder `sendAlert` would send: who, each open line, the total, the channel. Refused as
   * `sendAlert` is (nothing owed; already reminded today unless forced).
   */
  async alertPreview(enrollmentId: string, force: boolean) {
    const enrollment = await enrollmentRepository.byId(this.db, enrollmentId);
    if (!enrollment) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const { schedule } = await this.ledger(enrollmentId);
    const open = schedule.filter((s) => s.status !== 'paid');
    if (!open.length) throw conflict(FEE_MESSAGES.nothingOwed);
    const events = await enrollmentRepository.events(this.db, enrollmentId);
    const lastAlert = events.filter((e) => e.event.kind === 'payment_alert').at(-1);
    if (!force && lastAlert && Date.now() - lastAlert.event.createdAt.getTime() < DAY_MS)
      throw conflict(FEE_MESSAGES.alertAlreadySent);
    const outstanding = open.reduce((t, s) => t + s.row.amountPaise - s.paidPaise, 0);
    const e = enrollment.enrollment;
    const reminder: Reminder = {
      enrollmentId,
      name: e.name,
      enrollmentNumber: e.enrollmentNumber,
      channel: 'mail',
      to: e.email,
      lines: open.map((s) => ({
        label: installmentLabel(s.row as { number: number; charge: InstallmentCharge | null }),
        amount: toRupees(s.row.amountPaise - s.paidPaise),
        dueDate: s.row.dueDate,
        overdue: s.status === 'overdue',
      })),
      amount: toRupees(outstanding),
    };
    return { enrollment, open, outstanding, reminder };
  }

  /** Mails the student what is due and overdue; once a day unless forced. Answers what it sent. */
  async sendAlert(enrollmentId: string, force: boolean, staffId: string): Promise<Reminder> {
    const { enrollment, open, outstanding, reminder } = await this.alertPreview(enrollmentId, force);
    const e = enrollment.enrollment;
    const t = studentTexts(e.language);
    await this.db.transaction(async (tx) => {
      await outboxRepository.enqueue(
        tx,
        'mail',
        brandedMail({
          to: e.email,
          subject: t('mail.alert.subject', { number: e.enrollmentNumber }),
          instituteName: this.config.instituteName,
          greeting: t('mail.greeting', { name: e.name }),
          paragraphs: [
            t('mail.alert.intro', { course: enrollment.course.name, number: e.enrollmentNumber }),
            ...open.map((s) =>
              t(s.status === 'overdue' ? 'mail.alert.overdue' : 'mail.alert.due', {
                installment: s.row.number,
                amount: formatInr(s.row.amountPaise - s.paidPaise, e.language),
                date: dueDateIn(s.row.dueDate, e.language),
              }),
            ),
            t('mail.alert.total', { amount: formatInr(outstanding, e.language) }),
            studentLinkParagraph(enrollmentId, e.language),
          ],
          ...studentMailClose(this.config, t),
          language: e.language,
        }),
      );
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'payment_alert',
        note: `Reminder sent for ${formatInr(outstanding)} outstanding${force ? ' (sent again today)' : ''}`,
        staffId,
      });
    });
    this.onMailQueued();
    return reminder;
  }

  /**
   * The daily job: reminds 3 days before a due date and 7 days after it. Each (installment, kind)
   * is claimed in the same transaction as its mail, so it goes out once, across restarts and instances.
   */
  async runReminders(today = localIsoDate()): Promise<number> {
    let sent = 0;
    for (const [kind, dueDate] of [
      ['before_due', shiftDays(today, REMINDER_DAYS_BEFORE)],
      ['after_due', shiftDays(today, -REMINDER_DAYS_AFTER)],
    ] as const) {
      for (const due of await paymentRepository.unpaidDueOn(this.db, dueDate)) {
        const owed = Number(due.amount_paise) - Number(due.paid_paise);
        const language: Language = isLanguage(due.language) ? due.language : 'en';
        const t = studentTexts(language);
        const facts = {
          installment: due.number,
          number: due.enrollment_number,
          amount: formatInr(owed, language),
          date: dueDateIn(dueDate, language),
        };
        const claimed = await this.db.transaction(async (tx) => {
          if (!(await paymentRepository.claimReminder(tx, due.installment_id, kind))) return false;
          await outboxRepository.enqueue(
            tx,
            'mail',
            brandedMail({
              to: due.email,
              subject: t(kind === 'before_due' ? 'mail.reminder.dueSubject' : 'mail.reminder.overdueSubject', facts),
              instituteName: this.config.instituteName,
              greeting: t('mail.greeting', { name: due.name }),
              paragraphs: [
                t(kind === 'before_due' ? 'mail.reminder.due' : 'mail.reminder.overdue', facts),
                studentLinkParagraph(due.enrollment_id, language, due.number),
              ],
              ...studentMailClose(this.config, t),
              language,
            }),
          );
          await enrollmentRepository.addEvent(tx, {
            enrollmentId: due.enrollment_id,
            kind: 'payment_reminder',
            note: `Automatic reminder (${kind === 'before_due' ? '3 days before' : '7 days after'} installment ${due.number} due ${formatDate(dueDate)})`,
          });
          return true;
        });
        if (claimed) sent += 1;
      }
    }
    if (sent) this.onMailQueued();
    return sent;
  }
}
