/**
 * A cheque's outcome, appended once beside its payment (never by rewriting it): cleared, or
 * bounced — which voids the payment with the reason and re-opens its installment; the institute's
 * bounce fee (CHEQUE_BOUNCE_FEE) and any refunds already paid out on the cheque become lines of
 * their own in the dues, and the student is told what is due now.
 */
import { CHEQUE_MESSAGES, type ChequeOutcomeInput } from '@registrar/contract/cheques';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { InstallmentCharge } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { formatDate } from '@registrar/contract/language';
import type { Db, Executor } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { chequeRepository } from '../repositories/cheque-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { reconcilePaid } from './fee-reconcile';
import { formatInr } from './fee-service';
import { voidDocuments } from './gst/tax-documents';
import { ledgerTurn } from './ledger-turn';
import { tellOfBouncedCheque } from './student-messages';

const onProblem = (message: string) => badRequest(message, [{ path: 'on', message }]);
const humanDate = (iso: string) => formatDate(iso, 'en', { style: 'long' });

/** A charge as its own line after the last one, due the day the cheque bounced. */
async function addCharge(tx: Executor, enrollmentId: string, charge: InstallmentCharge, paise: number, on: string) {
  const schedule = await enrollmentRepository.schedule(tx, enrollmentId);
  const number = schedule.reduce((n, s) => Math.max(n, s.number), 0) + 1;
  await chequeRepository.addChargeLine(tx, { enrollmentId, number, amountPaise: paise, dueDate: on, charge });
}

export class ChequeService {
  constructor(
    private readonly db: Db,
    private readonly config: { chequeBounceFeePaise: number },
    private readonly onMailQueued: () => void = () => {},
  ) {}

  /** Records the outcome; answers the enrolment the cheque was paid into. A repeat of the same outcome changes nothing. */
  async settle(paymentId: string, input: ChequeOutcomeInput, staffId: string): Promise<string> {
    if (input.on > localIsoDate()) throw onProblem(CHEQUE_MESSAGES.onInFuture);
    let told = false;
    const enrollmentId = await ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const found = await paymentRepository.byId(tx, paymentId);
        if (!found) throw notFound(FEE_MESSAGES.paymentNotFound);
        await paymentRepository.lockEnrollment(tx, found.enrollmentId);
        const payment = (await paymentRepository.byIdForUpdate(tx, paymentId))!;
        if (payment.mode !== 'cheque') throw conflict(CHEQUE_MESSAGES.notACheque);
        const earlier = await chequeRepository.outcomeOf(tx, paymentId);
        if (earlier) {
          if (earlier.state === input.state) return payment.enrollmentId;
          throw conflict(`${CHEQUE_MESSAGES.alreadySettled}: ${earlier.state} on ${earlier.occurredOn}`);
        }
        if (payment.voidedAt) throw conflict(CHEQUE_MESSAGES.voided);
        if (input.on < payment.paidOn) throw onProblem(CHEQUE_MESSAGES.onBeforeReceived);
        const bounced = input.state === 'bounced';
        const fee = bounced ? this.config.chequeBounceFeePaise : 0;
        await chequeRepository.record(tx, {
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
            note: `${cheque} (${formatInr(payment.amountPaise)}) cleared on ${humanDate(input.on)}`,
            staffId,
          });
          return payment.enrollmentId;
        }
        const on = humanDate(input.on);
        const why = `Cheque bounced on ${on}: ${input.reason}`;
        // Refunds already paid out stay paid: the money never came, so the student owes them too.
        const refundedPaise = await paymentRepository.refundedPaise(tx, paymentId);
        await paymentRepository.void(tx, paymentId, why, staffId);
        // Its tax invoice is cancelled (or, once its month is filed, credited).
        await voidDocuments(tx, payment, why, staffId);
        if (fee > 0) await addCharge(tx, payment.enrollmentId, 'cheque_bounce', fee, input.on);
        if (refundedPaise > 0) await addCharge(tx, payment.enrollmentId, 'cheque_refunds', refundedPaise, input.on);
        await reconcilePaid(tx, payment.enrollmentId);
        const added = [
          fee > 0 ? `bounce charge ${formatInr(fee)} added` : null,
          refundedPaise > 0 ? `refunds of ${formatInr(refundedPaise)} paid on it owed again` : null,
        ].filter(Boolean);
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: payment.enrollmentId,
          kind: 'cheque_bounced',
          note: `${cheque} (${formatInr(payment.amountPaise)}) bounced on ${on}: ${input.reason}. Payment voided${
            added.length ? `; ${added.join('; ')}` : ''
          }`,
          staffId,
        });
        const schedule = await enrollmentRepository.schedule(tx, payment.enrollmentId);
        const duePaise = schedule.reduce((sum, s) => sum + Math.max(0, s.amountPaise - s.paidPaise), 0);
        await tellOfBouncedCheque(tx, payment, { feePaise: fee, duePaise, on: input.on });
        told = true;
        return payment.enrollmentId;
      }),
    );
    if (told) this.onMailQueued();
    return enrollmentId;
  }
}
