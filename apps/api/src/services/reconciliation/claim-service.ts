/**
 * A student's "I have paid": the claim from their page, the staff's "Payment claims" (confirm
 * records the payment; reject mails the student why, in their language), and the bank statement
 * that confirms a claim by itself when its UTR and amount agree.
 */
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
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { toPaise, toRupees } from '../../lib/money';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import { paymentRepository } from '../../repositories/payment-repository';
import { claimRepository, type PaymentClaimRow } from '../../repositories/reconciliation-repository';
import { recordIncoming } from '../payment-intake';
import { ledgerTurn } from '../ledger-turn';
import { tellOfRejectedClaim } from '../student-messages';
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
  return (await claimRepository.ofEnrollment(db, enrollmentId, 20)).map(studentClaim);
}

/** A claim as the student's page shows it; the staff's list adds who and when. */
const studentClaim = (c: PaymentClaimRow): StudentClaim => ({
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
          const claim = await claimRepository.insert(tx, {
            enrollmentId,
            installmentNumber: input.installmentNumber,
            amountPaise,
            utr: input.utr,
            paidOn: input.paidOn,
          });
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
    const made = await claimRepository.enrolledAt(tx, enrollmentId);
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
    if ((await claimRepository.openCount(tx, enrollmentId)) >= OPEN_CLAIMS_MAX)
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
    const line = await claimRepository.waitingLineForUpdate(tx, claim.utr, claim.amountPaise, [...WAITING_LINE_STATES]);
    if (!line) return;
    const who = await claimRepository.claimant(tx, claim.enrollmentId);
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
    if (verdict.state === 'suggested') await claimRepository.suggestLine(tx, line.id, verdict.candidates);
  }

  /**
   * The claims in one state, newest first, each with what its installment costs and already has
   * paid, and the bank's line of the same UTR when a statement holds one.
   */
  async list(state: ClaimState): Promise<PaymentClaim[]> {
    const rows = await claimRepository.inState(this.db, state, 200);
    const utrs = [...new Set(rows.map((r) => r.c.utr))];
    const lines = new Map<string, ClaimBankLine>();
    if (utrs.length)
      for (const l of await claimRepository.linesOfUtrs(this.db, utrs))
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
        const claim = await claimRepository.forUpdate(tx, id);
        if (!claim) throw notFound(M.claimNotFound);
        if (claim.state !== 'open') throw conflict(M.claimHandled);
        if (decision.action === 'reject') {
          await claimRepository.reject(tx, id, decision.reason, staffId);
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
        await claimRepository.confirm(tx, id, payment.id, staffId);
        return payment.receiptNumber;
      }),
    );
    if (decision.action === 'reject') this.onMailQueued();
    return receipt;
  }

  private async mailRejection(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    claim: PaymentClaimRow,
    reason: string,
  ) {
    await tellOfRejectedClaim(tx, claim, reason);
    await enrollmentRepository.addEvent(tx, {
      enrollmentId: claim.enrollmentId,
      kind: 'payment_claim',
      note: `The student's reported payment (UTR ${claim.utr}) was not found: ${reason}`,
    });
  }
}
