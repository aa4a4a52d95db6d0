/**
 * A cheque's outcome, appended once beside its payment (never by rewriting it): cleared, or
 * bounced — which voids the payment with the reason, re-opens its installment and adds the
 * institute's bounce fee (CHEQUE_BOUNCE_FEE) to that installment.
 */
import { eq } from 'drizzle-orm';
import { CHEQUE_MESSAGES, type ChequeOutcomeInput } from '@registrar/contract/cheques';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Db } from '../db/database';
import { chequeEvents } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { reconcilePaid } from './fee-reconcile';
import { formatInr } from './fee-service';
import { voidDocuments } from './gst/tax-documents';
import { ledgerTurn } from './ledger-turn';

const onProblem = (message: string) => badRequest(message, [{ path: 'on', message }]);

export class ChequeService {
  constructor(
    private readonly db: Db,
    private readonly bounceFeePaise: number,
  ) {}

  /** Records the outcome; answers the enrolment the cheque was paid into. A repeat of the same outcome changes nothing. */
  async settle(paymentId: string, input: ChequeOutcomeInput, staffId: string): Promise<string> {
    if (input.on > localIsoDate()) throw onProblem(CHEQUE_MESSAGES.onInFuture);
    return ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const found = await paymentRepository.byId(tx, paymentId);
        if (!found) throw notFound(FEE_MESSAGES.paymentNotFound);
        await paymentRepository.lockEnrollment(tx, found.enrollmentId);
        const payment = (await paymentRepository.byIdForUpdate(tx, paymentId))!;
        if (payment.mode !== 'cheque') throw conflict(CHEQUE_MESSAGES.notACheque);
        const earlier = (await tx.select().from(chequeEvents).where(eq(chequeEvents.paymentId, paymentId)).limit(1))[0];
        if (earlier) {
          if (earlier.state === input.state) return payment.enrollmentId;
          throw conflict(`${CHEQUE_MESSAGES.alreadySettled}: ${earlier.state} on ${earlier.occurredOn}`);
        }
        if (payment.voidedAt) throw conflict(CHEQUE_MESSAGES.voided);
        if (input.on < payment.paidOn) throw onProblem(CHEQUE_MESSAGES.onBeforeReceived);
        const bounced = input.state === 'bounced';
        if (bounced && (await paymentRepository.refundedPaise(tx, paymentId)) > 0)
          throw conflict(FEE_MESSAGES.voidRefunded);
        const fee = bounced ? this.bounceFeePaise : 0;
        await tx.insert(chequeEvents).values({
          paymentId,
          enrollmentId: payment.enrollmentId,
          state: input.state,
          occurredOn: input.on,
          reason: input.reason || null,
          bounceFeePaise: fee,
          recordedBy: staffId,
        });
        const cheque = `Cheque ${payment.chequeNumber ?? ''} of ${payment.receiptNumber}`.replace('  ', ' ');
        if (!bounced) {
          await enrollmentRepository.addEvent(tx, {
            enrollmentId: payment.enrollmentId,
            kind: 'cheque_cleared',
            note: `${cheque} (${formatInr(payment.amountPaise)}) cleared on ${input.on}`,
            staffId,
          });
          return payment.enrollmentId;
        }
        const why = `Cheque bounced on ${input.on}: ${input.reason}`;
        await paymentRepository.void(tx, paymentId, why, staffId);
        // Its tax invoice is cancelled (or, once its month is filed, credited).
        await voidDocuments(tx, payment, why, staffId);
        if (fee > 0) {
          const schedule = await enrollmentRepository.schedule(tx, payment.enrollmentId);
          const target =
            schedule.find((s) => s.id === payment.installmentId) ??
            schedule.find((s) => s.number === payment.installmentNumber) ??
            schedule.at(-1);
          if (target)
            await paymentRepository.updateInstallment(tx, target.id, { amountPaise: target.amountPaise + fee });
        }
        await reconcilePaid(tx, payment.enrollmentId);
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: payment.enrollmentId,
          kind: 'cheque_bounced',
          note: `${cheque} (${formatInr(payment.amountPaise)}) bounced on ${input.on}: ${input.reason}. Payment voided${
            fee > 0 ? `; bounce fee ${formatInr(fee)} added` : ''
          }`,
          staffId,
        });
        return payment.enrollmentId;
      }),
    );
  }
}
