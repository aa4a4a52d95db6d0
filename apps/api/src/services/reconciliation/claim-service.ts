/**
 * A student's "I have paid": the claim from their page, the staff's "Payment claims" (confirm
 * records the payment; reject mails the student why, in their language), and the bank statement
 * that confirms a claim by itself when its UTR and amount agree.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import {
  RECONCILIATION_MESSAGES as M,
  type ClaimDecision,
  type ClaimState,
  type PaymentClaim,
  type PaymentClaimInput,
  type StudentClaim,
} from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES as S } from '@registrar/contract/student-page';
import { formatRupeesExact } from '@registrar/contract/language';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { bankStatementLines, enrollments, paymentClaims, payments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { toPaise, toRupees } from '../../lib/money';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import { outboxRepository } from '../../repositories/outbox-repository';
import { paymentRepository } from '../../repositories/payment-repository';
import { brandedMail } from '../mail/mail-message';
import { recordIncoming } from '../payment-intake';
import { ledgerTurn } from '../ledger-turn';
import { studentTexts } from '../student-texts';
import { installmentFor, recordLine, utrTaken } from './record-line';
import { isUniqueViolation } from '../../lib/database-errors';

const CLOSED = ['rejected', 'cancelled'];
const WAITING_LINE_STATES = ['matched', 'suggested', 'unmatched'] as const;

/** The enrolment's claims as its page shows them, newest first. */
export async function studentClaims(db: Db, enrollmentId: string): Promise<StudentClaim[]> {
  const rows = await db
    .select()
    .from(paymentClaims)
    .where(eq(paymentClaims.enrollmentId, enrollmentId))
    .orderBy(desc(paymentClaims.createdAt))
    .limit(20);
  return rows.map(studentClaim);
}

/** A claim as the student's page shows it; the staff's list adds who and when. */
const studentClaim = (c: typeof paymentClaims.$inferSelect): StudentClaim => ({
  installmentNumber: c.installmentNumber,
  amount: toRupees(c.amountPaise),
  utr: c.utr,
  paidOn: c.paidOn,
  state: c.state,
  reason: c.reason,
});

export class ClaimService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
  ) {}

  async submit(enrollmentId: string, input: PaymentClaimInput): Promise<void> {
    if (input.paidOn > localIsoDate())
      throw badRequest(S.claimPaidOnInFuture, [{ path: 'paidOn', message: S.claimPaidOnInFuture }]);
    const amountPaise = toPaise(input.amount);
    try {
      await this.db.transaction(async (tx) => {
        const enrollment = await paymentRepository.lockEnrollment(tx, enrollmentId);
        if (!enrollment) throw notFound(S.linkNotFound);
        if (CLOSED.includes(enrollment.status)) throw conflict(S.claimClosed);
        const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
        if (!schedule.some((s) => s.number === input.installmentNumber))
          throw badRequest(S.claimInstallmentUnknown, [
            { path: 'installmentNumber', message: S.claimInstallmentUnknown },
          ]);
        const owed = schedule.reduce((sum, s) => sum + Math.max(0, s.amountPaise - s.paidPaise), 0);
        if (amountPaise > owed)
          throw badRequest(S.claimAmountTooMuch, [{ path: 'amount', message: S.claimAmountTooMuch }]);
        if (await paymentRepository.findByNaturalKey(tx, { gatewayPaymentId: null, utr: input.utr }))
          throw conflict(S.claimUtrRecorded, [{ path: 'utr', message: S.claimUtrRecorded }]);
        const [claim] = await tx
          .insert(paymentClaims)
          .values({
            enrollmentId,
            installmentNumber: input.installmentNumber,
            amountPaise,
            utr: input.utr,
            paidOn: input.paidOn,
          })
          .returning({ id: paymentClaims.id });
        await enrollmentRepository.addEvent(tx, {
          enrollmentId,
          kind: 'payment_claim',
          note: `The student reported a UPI payment of ${formatRupeesExact(input.amount)} (UTR ${input.utr}) for installment ${input.installmentNumber}`,
        });
        // A statement imported before the claim may already hold the same money: two sources agree.
        const [line] = await tx
          .select()
          .from(bankStatementLines)
          .where(
            and(
              eq(bankStatementLines.utr, input.utr),
              eq(bankStatementLines.amountPaise, amountPaise),
              inArray(bankStatementLines.state, [...WAITING_LINE_STATES]),
            ),
          )
          .limit(1)
          .for('update');
        if (line && claim)
          await recordLine(tx, line, { enrollmentId, installmentNumber: input.installmentNumber }, null);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(S.claimAlreadyOpen, [{ path: 'utr', message: S.claimAlreadyOpen }]);
      throw err;
    }
  }

  async list(state: ClaimState): Promise<PaymentClaim[]> {
    const rows = await this.db
      .select({
        c: paymentClaims,
        enrollmentNumber: enrollments.enrollmentNumber,
        name: enrollments.name,
        receiptNumber: payments.receiptNumber,
      })
      .from(paymentClaims)
      .innerJoin(enrollments, eq(enrollments.id, paymentClaims.enrollmentId))
      .leftJoin(payments, eq(payments.id, paymentClaims.paymentId))
      .where(eq(paymentClaims.state, state))
      .orderBy(desc(paymentClaims.createdAt))
      .limit(200);
    return rows.map(({ c, enrollmentNumber, name, receiptNumber }) => ({
      _id: c.id,
      enrollmentId: c.enrollmentId,
      enrollmentNumber,
      name,
      ...studentClaim(c),
      receiptNumber: receiptNumber ?? null,
      createdAt: c.createdAt.toISOString(),
    }));
  }

  /** Confirm (records the payment, mode UPI, with its UTR) or reject with a reason mailed to the student. */
  async decide(id: string, decision: ClaimDecision, staffId: string): Promise<string | null> {
    const receipt = await ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const [claim] = await tx.select().from(paymentClaims).where(eq(paymentClaims.id, id)).for('update');
        if (!claim) throw notFound(M.claimNotFound);
        if (claim.state !== 'open') throw conflict(M.claimHandled);
        if (decision.action === 'reject') {
          await tx
            .update(paymentClaims)
            .set({ state: 'rejected', reason: decision.reason, handledBy: staffId, handledAt: new Date() })
            .where(eq(paymentClaims.id, id));
          await this.mailRejection(tx, claim, decision.reason);
          return null;
        }
        const { payment, created } = await recordIncoming(tx, {
          enrollmentId: claim.enrollmentId,
          installmentId: await installmentFor(tx, claim.enrollmentId, claim.installmentNumber, claim.amountPaise),
          amountPaise: claim.amountPaise,
          mode: 'upi',
          paidOn: claim.paidOn,
          source: 'claim',
          sourceRef: claim.id,
          utr: claim.utr,
          staffId,
          arrived: true,
        });
        if (!created) throw utrTaken(payment);
        await tx
          .update(paymentClaims)
          .set({ state: 'confirmed', paymentId: payment.id, handledBy: staffId, handledAt: new Date() })
          .where(eq(paymentClaims.id, id));
        return payment.receiptNumber;
      }),
    );
    if (decision.action === 'reject') this.onMailQueued();
    return receipt;
  }

  private async mailRejection(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    claim: typeof paymentClaims.$inferSelect,
    reason: string,
  ) {
    const row = await enrollmentRepository.byId(tx, claim.enrollmentId);
    if (!row || row.enrollment.erasedAt) return;
    const e = row.enrollment;
    const t = studentTexts(e.language);
    const { instituteName, contactEmail, contactPhone } = this.config;
    await outboxRepository.enqueue(
      tx,
      'mail',
      brandedMail({
        to: e.email,
        subject: t('mail.claimRejected.subject', { number: e.enrollmentNumber }),
        instituteName,
        greeting: t('mail.greeting', { name: e.name }),
        paragraphs: [
          t('mail.claimRejected.body', {
            amount: formatRupeesExact(toRupees(claim.amountPaise)),
            utr: claim.utr,
            installment: claim.installmentNumber,
          }),
          t('mail.claimRejected.reason', { reason }),
        ],
        footer: t('mail.footer', { phone: contactPhone, email: contactEmail }),
        language: e.language,
      }),
    );
    await enrollmentRepository.addEvent(tx, {
      enrollmentId: claim.enrollmentId,
      kind: 'payment_claim',
      note: `The student's reported payment (UTR ${claim.utr}) was not found: ${reason}`,
    });
  }
}
