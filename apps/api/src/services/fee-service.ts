/**
 * Fees (issue 8; DESIGN §5): a payments ledger whose rows are never edited, gapless receipt
 * numbers, installment states derived from the ledger, reminders by mail, a PDF statement.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES, type Installment } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, REMINDER_DAYS_AFTER, REMINDER_DAYS_BEFORE, type Payment } from '@registrar/contract/fees';
import type { PaymentMode } from '@registrar/contract/constants';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { toPaise, toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { paymentRepository } from '../repositories/payment-repository';
import type { Executor } from '../repositories/staff-repository';
import { installmentStatus } from './enrollment-fee-schedule';
import { brandedMail } from './mail/mail-message';

const DAY_MS = 86_400_000;
const formatInr = (paise: number) =>
  `₹${toRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const shiftDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface ScheduleLine {
  row: { id: string; number: number; amountPaise: number; dueDate: string };
  paidPaise: number;
  status: Installment['status'];
}

export class FeeService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
  ) {}

  /** The schedule with what was paid against each installment, and the ledger. */
  async ledger(
    enrollmentId: string,
    db: Db | Executor = this.db,
  ): Promise<{ schedule: ScheduleLine[]; payments: Payment[] }> {
    const [rows, ledger] = await Promise.all([
      enrollmentRepository.schedule(db, enrollmentId),
      paymentRepository.forEnrollment(db, enrollmentId),
    ]);
    const paidBy = new Map<string, number>();
    for (const { payment } of ledger)
      if (!payment.voidedAt)
        paidBy.set(payment.installmentId, (paidBy.get(payment.installmentId) ?? 0) + Number(payment.amountPaise));
    const today = localIsoDate();
    return {
      schedule: rows.map((row) => {
        const paidPaise = paidBy.get(row.id) ?? 0;
        return { row, paidPaise, status: installmentStatus(row.amountPaise, paidPaise, row.dueDate, today) };
      }),
      payments: ledger.map(({ payment, installmentNumber, staff }) => ({
        _id: payment.id,
        installmentId: payment.installmentId,
        installmentNumber,
        amount: toRupees(Number(payment.amountPaise)),
        paymentMode: payment.mode as PaymentMode,
        paidOn: payment.paidOn,
        reference: payment.reference,
        note: payment.note,
        receiptNumber: payment.receiptNumber,
        recordedBy: staff?.id ? { _id: staff.id, name: staff.name } : null,
        createdAt: payment.createdAt.toISOString(),
        voided: payment.voidedAt !== null,
        voidReason: payment.voidReason,
        voidedAt: payment.voidedAt?.toISOString() ?? null,
      })),
    };
  }

  async recordPayment(
    enrollmentId: string,
    installmentId: string,
    input: {
      amount: number;
      paymentMode: PaymentMode;
      paidOn: string;
      reference?: string | undefined;
      note?: string | undefined;
    },
    staffId: string,
  ): Promise<string> {
    if (input.paidOn > localIsoDate())
      throw badRequest(FEE_MESSAGES.paidOnInFuture, [{ path: 'paidOn', message: FEE_MESSAGES.paidOnInFuture }]);
    const amountPaise = toPaise(input.amount);
    return this.db.transaction(async (tx) => {
      const enrollment = await enrollmentRepository.byId(tx, enrollmentId);
      if (!enrollment) throw notFound(ENROLLMENT_MESSAGES.notFound);
      if (['rejected', 'cancelled'].includes(enrollment.enrollment.status))
        throw conflict(FEE_MESSAGES.enrollmentClosed);
      const installment = await paymentRepository.lockInstallment(tx, enrollmentId, installmentId);
      if (!installment) throw notFound(FEE_MESSAGES.installmentNotFound);
      const owed = installment.amountPaise - (await paymentRepository.paidOn(tx, installmentId));
      if (owed <= 0) throw conflict(FEE_MESSAGES.installmentPaid);
      if (amountPaise > owed)
        throw badRequest(`${FEE_MESSAGES.amountTooMuch} (${formatInr(owed)})`, [
          { path: 'amount', message: `${FEE_MESSAGES.amountTooMuch} (${formatInr(owed)})` },
        ]);
      const receiptNumber = await paymentRepository.nextReceiptNumber(tx, Number(localIsoDate().slice(0, 4)));
      await paymentRepository.insert(tx, {
        enrollmentId,
        installmentId,
        amountPaise,
        mode: input.paymentMode,
        paidOn: input.paidOn,
        reference: input.reference || null,
        note: input.note || null,
        receiptNumber,
        recordedBy: staffId,
      });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'payment_recorded',
        note: `${receiptNumber}: ${formatInr(amountPaise)} by ${input.paymentMode.replace('_', ' ')} for installment ${installment.number}`,
        staffId,
      });
      return receiptNumber;
    });
  }

  async voidPayment(
    enrollmentId: string,
    installmentId: string,
    paymentId: string,
    reason: string,
    staffId: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const payment = await paymentRepository.byIdForUpdate(tx, paymentId);
      if (!payment || payment.enrollmentId !== enrollmentId || payment.installmentId !== installmentId)
        throw notFound(FEE_MESSAGES.paymentNotFound);
      if (payment.voidedAt) throw conflict(FEE_MESSAGES.alreadyVoided);
      await paymentRepository.void(tx, paymentId, reason, staffId);
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'payment_voided',
        note: `${payment.receiptNumber} voided: ${reason}`,
        staffId,
      });
    });
  }

  async editInstallment(
    enrollmentId: string,
    installmentId: string,
    input: { amount?: number | undefined; dueDate?: string | undefined; reason: string },
    staffId: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const installment = await paymentRepository.lockInstallment(tx, enrollmentId, installmentId);
      if (!installment) throw notFound(FEE_MESSAGES.installmentNotFound);
      if ((await paymentRepository.paidOn(tx, installmentId)) > 0) throw conflict(FEE_MESSAGES.onlyUnpaidEditable);
      const changes: string[] = [];
      const values: { amountPaise?: number; dueDate?: string } = {};
      if (input.amount !== undefined && toPaise(input.amount) !== installment.amountPaise) {
        values.amountPaise = toPaise(input.amount);
        changes.push(`amount ${formatInr(installment.amountPaise)} → ${formatInr(values.amountPaise)}`);
      }
      if (input.dueDate !== undefined && input.dueDate !== installment.dueDate) {
        values.dueDate = input.dueDate;
        changes.push(`due ${installment.dueDate} → ${input.dueDate}`);
      }
      if (!changes.length) return;
      await paymentRepository.updateInstallment(tx, installmentId, values);
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'installment_changed',
        note: `Installment ${installment.number}: ${changes.join(', ')}. Reason: ${input.reason}`,
        staffId,
      });
    });
  }

  /** Mails the student what is due and overdue; once a day unless forced (DESIGN §5). */
  async sendAlert(enrollmentId: string, force: boolean, staffId: string): Promise<void> {
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
    await this.db.transaction(async (tx) => {
      await outboxRepository.enqueue(
        tx,
        'mail',
        brandedMail({
          to: e.email,
          subject: `Fee reminder for ${e.enrollmentNumber}`,
          instituteName: this.config.instituteName,
          greeting: `Dear ${e.name},`,
          paragraphs: [
            `This is a reminder about the fees for ${enrollment.course.name} (${e.enrollmentNumber}).`,
            ...open.map(
              (s) =>
                `Installment ${s.row.number}: ${formatInr(s.row.amountPaise - s.paidPaise)} ${s.status === 'overdue' ? 'was due' : 'is due'} on ${s.row.dueDate}${s.status === 'overdue' ? ' (overdue)' : ''}.`,
            ),
            `Total outstanding: ${formatInr(outstanding)}.`,
          ],
          footer: `Questions? Call ${this.config.contactPhone} or write to ${this.config.contactEmail}.`,
        }),
      );
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'payment_alert',
        note: `Reminder sent for ${formatInr(outstanding)} outstanding${force ? ' (forced)' : ''}`,
        staffId,
      });
    });
    this.onMailQueued();
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
        const claimed = await this.db.transaction(async (tx) => {
          if (!(await paymentRepository.claimReminder(tx, due.installment_id, kind))) return false;
          await outboxRepository.enqueue(
            tx,
            'mail',
            brandedMail({
              to: due.email,
              subject:
                kind === 'before_due'
                  ? `Installment ${due.number} of ${due.enrollment_number} is due on ${dueDate}`
                  : `Installment ${due.number} of ${due.enrollment_number} is overdue`,
              instituteName: this.config.instituteName,
              greeting: `Dear ${due.name},`,
              paragraphs: [
                kind === 'before_due'
                  ? `Installment ${due.number} (${formatInr(owed)}) is due on ${dueDate}.`
                  : `Installment ${due.number} (${formatInr(owed)}) was due on ${dueDate} and is still unpaid.`,
              ],
              footer: `Questions? Call ${this.config.contactPhone} or write to ${this.config.contactEmail}.`,
            }),
          );
          await enrollmentRepository.addEvent(tx, {
            enrollmentId: due.enrollment_id,
            kind: 'payment_reminder',
            note: `Automatic reminder (${kind === 'before_due' ? '3 days before' : '7 days after'} installment ${due.number} due ${dueDate})`,
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
