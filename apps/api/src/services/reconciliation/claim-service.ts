/**
 * A student's "I have paid": the claim from their page, the staff's "Payment claims" (confirm
 * records the payment; reject mails the student why, in their language), and the bank statement
 * that confirms a claim by itself when its UTR and amount agree.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { localIsoDate } from '@registrar/contract/enrollment';
import {
  RECONCILIATION_MESSAGES as M,
  type ClaimBankLine,
  type ClaimDecision,
  type ClaimState,
  type PaymentClaim,
  type PaymentClaimInput,
  type StudentClaim,
} from '@registrar/contract/reconciliation';
import { STUDENT_PAGE_MESSAGES as S } from '@registrar/contract/student-page';
import { formatRupeesExact } from '@registrar/contract/language';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/database';
import { bankStatementLines, enrollments, installments, paymentClaims, payments } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { toPaise, toRupees } from '../../lib/money';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import { outboxRepository } from '../../repositories/outbox-repository';
import { paymentRepository } from '../../repositories/payment-repository';
import { brandedMail } from '../mail/mail-message';
import { recordIncoming } from '../payment-intake';
import { ledgerTurn } from '../ledger-turn';
import { studentMailClose, studentTexts } from '../student-texts';
import type { OpenClaim } from './matcher';
import { matcherForClaim } from './matcher-load';
import { installmentFor, recordLine, utrTaken } from './record-line';
import { clues } from './statement-reader';
import { isUniqueViolation } from '../../lib/database-errors';

const CLOSED = ['rejected', 'cancelled'];
/** Claims of one enrolment waiting for staff at once; more are refused until some are handled. */
export const OPEN_CLAIMS_MAX = 3;
const CLAIM_RETRY_SECONDS = 3600;
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

  /**
   * Takes a student's claim, refused when it cannot be true (an installment already paid, more than
   * owed, a date in the future or before the enrolment, a UTR already on a payment) or when
   * OPEN_CLAIMS_MAX wait already. A waiting statement line of the same UTR and amount records
   * it at once only when nothing in the line points to another student.
   */
  async submit(enrollmentId: string, input: PaymentClaimInput): Promise<void> {
    if (input.paidOn > localIsoDate())
      throw badRequest(S.claimPaidOnInFuture, [{ path: 'paidOn', message: S.claimPaidOnInFuture }]);
    const amountPaise = toPaise(input.amount);
    try {
      // It may record a payment (a line agreeing), so it waits its turn like any money write.
      await ledgerTurn(this.db, () =>
        this.db.transaction(async (tx) => {
          await this.checkClaim(tx, enrollmentId, input, amountPaise);
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
          await this.agreeWithLine(tx, { id: claim!.id, enrollmentId, amountPaise, ...input });
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(S.claimAlreadyOpen, [{ path: 'utr', message: S.claimAlreadyOpen }]);
      throw err;
    }
  }

  private async checkClaim(tx: Executor, enrollmentId: string, input: PaymentClaimInput, amountPaise: number) {
    const enrollment = await paymentRepository.lockEnrollment(tx, enrollmentId);
    if (!enrollment) throw notFound(S.linkNotFound);
    if (CLOSED.includes(enrollment.status)) throw conflict(S.claimClosed);
    const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
    const installment = schedule.find((s) => s.number === input.installmentNumber);
    if (!installment)
      throw badRequest(S.claimInstallmentUnknown, [{ path: 'installmentNumber', message: S.claimInstallmentUnknown }]);
    if (installment.paidPaise >= installment.amountPaise)
      throw conflict(S.claimInstallmentPaid, [{ path: 'installmentNumber', message: S.claimInstallmentPaid }]);
    const [made] = await tx
      .select({ createdAt: enrollments.createdAt })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    if (input.paidOn < localIsoDate(made!.createdAt))
      throw badRequest(S.claimPaidOnBeforeEnrolment, [{ path: 'paidOn', message: S.claimPaidOnBeforeEnrolment }]);
    const owed = schedule.reduce((sum, s) => sum + Math.max(0, s.amountPaise - s.paidPaise), 0);
    if (amountPaise > owed) throw badRequest(S.claimAmountTooMuch, [{ path: 'amount', message: S.claimAmountTooMuch }]);
    const paid = await paymentRepository.findByNaturalKey(tx, { gatewayPaymentId: null, utr: input.utr });
    if (paid) {
      const message = `${S.claimUtrRecorded}: ${paid.receiptNumber}`;
      throw conflict(message, [{ path: 'utr', message }]);
    }
    // Counted under the enrolment's lock: claims sent at once are counted one after another.
    const [open] = await tx
      .select({ n: count() })
      .from(paymentClaims)
      .where(and(eq(paymentClaims.enrollmentId, enrollmentId), eq(paymentClaims.state, 'open')));
    if (open!.n >= OPEN_CLAIMS_MAX)
      throw new HttpError(429, ERROR_CODES.rateLimited, S.claimTooManyOpen, undefined, {
        'Retry-After': String(CLAIM_RETRY_SECONDS),
      });
  }

  /**
   * A statement imported before the claim may already hold the same money: recorded when the line
   * agrees; when it names another enrolment or another student's name, it waits for staff with
   * both enrolments as its candidates, and the claim stays open ("being checked").
   */
  private async agreeWithLine(
    tx: Executor,
    claim: Omit<OpenClaim, 'enrollmentNumber' | 'name'> & { utr: string },
  ): Promise<void> {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.utr, claim.utr),
          eq(bankStatementLines.amountPaise, claim.amountPaise),
          inArray(bankStatementLines.state, [...WAITING_LINE_STATES]),
        ),
      )
      .limit(1)
      .for('update');
    if (!line) return;
    const [who] = await tx
      .select({ enrollmentNumber: enrollments.enrollmentNumber, name: enrollments.name })
      .from(enrollments)
      .where(eq(enrollments.id, claim.enrollmentId));
    const claimant: OpenClaim = { ...claim, ...who! };
    const credit = {
      ...line,
      ...clues(line.narration, line.reference ?? ''),
      payerName: line.payerName,
      utr: line.utr,
    };
    const matcher = await matcherForClaim(tx, claimant, claim.utr, credit);
    const verdict = matcher.judge(credit);
    if (verdict.state === 'claimed') {
      await recordLine(tx, line, claimant, null);
      return;
    }
    if (verdict.state === 'suggested')
      await tx
        .update(bankStatementLines)
        .set({ state: 'suggested', enrollmentId: null, installmentNumber: null, candidates: verdict.candidates })
        .where(eq(bankStatementLines.id, line.id));
  }

  /**
   * The claims in one state, newest first, each with what its installment costs and already has
   * paid, and the bank's line of the same UTR when a statement holds one.
   */
  async list(state: ClaimState): Promise<PaymentClaim[]> {
    const rows = await this.db
      .select({
        c: paymentClaims,
        enrollmentNumber: enrollments.enrollmentNumber,
        name: enrollments.name,
        receiptNumber: payments.receiptNumber,
        installmentAmount: installments.amountPaise,
        installmentPaid: installments.paidPaise,
      })
      .from(paymentClaims)
      .innerJoin(enrollments, eq(enrollments.id, paymentClaims.enrollmentId))
      .leftJoin(payments, eq(payments.id, paymentClaims.paymentId))
      .leftJoin(
        installments,
        and(
          eq(installments.enrollmentId, paymentClaims.enrollmentId),
          eq(installments.number, paymentClaims.installmentNumber),
        ),
      )
      .where(eq(paymentClaims.state, state))
      .orderBy(desc(paymentClaims.createdAt))
      .limit(200);
    const utrs = [...new Set(rows.map((r) => r.c.utr))];
    const lines = new Map<string, ClaimBankLine>();
    if (utrs.length)
      for (const l of await this.db
        .select()
        .from(bankStatementLines)
        .where(inArray(bankStatementLines.utr, utrs))
        .orderBy(desc(bankStatementLines.postedOn)))
        if (!lines.has(l.utr!))
          lines.set(l.utr!, {
            _id: l.id,
            postedOn: l.postedOn,
            amount: toRupees(l.amountPaise),
            narration: l.narration,
            payerName: l.payerName,
            state: l.state,
          });
    return rows.map(({ c, enrollmentNumber, name, receiptNumber, installmentAmount, installmentPaid }) => ({
      _id: c.id,
      enrollmentId: c.enrollmentId,
      enrollmentNumber,
      name,
      ...studentClaim(c),
      receiptNumber: receiptNumber ?? null,
      createdAt: c.createdAt.toISOString(),
      installmentAmount: toRupees(installmentAmount ?? 0),
      installmentPaid: toRupees(installmentPaid ?? 0),
      bankLine: lines.get(c.utr) ?? null,
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
    const { instituteName } = this.config;
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
        ...studentMailClose(this.config, t),
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
