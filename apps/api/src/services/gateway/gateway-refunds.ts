/**
 * Staff refunds of online payments go through the gateway. The request is its own row (who asked,
 * why, its effect, the amount) with its states appended as events; the ledger's refund (its RFND-
 * number, any credit note) is written by `recordRefund` only when the gateway reports the refund
 * processed, once, whichever of the gateway's answer, the webhook or the reconciler reports it first.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES, type RefundInput } from '@registrar/contract/fees';
import type { RecordedPaymentMode } from '@registrar/contract/constants';
import type { Db, Executor } from '../../db/database';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import type { IdempotentRequest } from '../../lib/idempotency';
import { toPaise, toRupees } from '../../lib/money';
import { formatRupeesExact } from '@registrar/contract/language';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import { gatewayRefundRepository as refunds } from '../../repositories/gateway-refund-repository';
import { paymentRepository } from '../../repositories/payment-repository';
import { oncePerKey } from '../once-per-key';
import { ledgerTurn } from '../ledger-turn';
import { recordRefund, type OutgoingRefund, type RefundProcess } from '../refund-intake';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './payment-gateway';

const ENDED = ['processed', 'failed'];
const UNANSWERED = 'The gateway did not answer; the reconciler asks it again';

/** A rollback on purpose: `recordRefund` ran only to check the refund would be accepted. */
class DryRun extends Error {}

export type RefundOutcome = 'refund_recorded' | 'refund_failed' | 'already_recorded' | 'unmatched' | 'ignored';

export class GatewayRefunds {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A payment this gateway took (through one of its orders) is refunded through it. */
  async throughGateway(enrollmentId: string, paymentId: string): Promise<boolean> {
    return refunds.tookPayment(this.db, this.gateway.name, enrollmentId, paymentId);
  }

  /**
   * Asks the gateway to refund, once per Idempotency-Key: a retry (even a simultaneous one) finds
   * the first request and asks nothing. Every check the ledger's refund will make runs first, so the
   * gateway is never asked for a refund the ledger would refuse. Answers the request's id.
   */
  async request(enrollmentId: string, input: RefundInput, staffId: string, key?: IdempotentRequest) {
    const amountPaise = toPaise(input.amount);
    const answer = await oncePerKey(this.db, 'refund', key, async (tx) => {
      await paymentRepository.lockEnrollment(tx, enrollmentId);
      const payment = await paymentRepository.byIdForUpdate(tx, input.paymentId);
      if (!payment?.gatewayPaymentId || payment.enrollmentId !== enrollmentId)
        throw notFound(FEE_MESSAGES.paymentNotFound);
      const open = await refunds.openPaise(tx, payment.id);
      const left = payment.amountPaise - (await paymentRepository.refundedPaise(tx, payment.id)) - open;
      if (amountPaise > left) {
        if (open > 0) throw conflict(FEE_MESSAGES.refundPendingAtGateway);
        const message = `${FEE_MESSAGES.refundTooMuch} (${formatRupeesExact(toRupees(left))})`;
        throw badRequest(message, [{ path: 'amount', message }]);
      }
      const ledger: OutgoingRefund = {
        enrollmentId,
        paymentId: payment.id,
        amountPaise,
        mode: payment.mode as RecordedPaymentMode,
        refundedOn: localIsoDate(this.now()),
        reason: input.reason,
        effect: input.effect,
        staffId,
      };
      try {
        await refunds.inSavepoint(tx, async () => {
          await recordRefund(tx, ledger);
          throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
      }
      const requestId = await refunds.insertRequest(tx, {
        gateway: this.gateway.name,
        enrollmentId,
        paymentId: payment.id,
        gatewayPaymentId: payment.gatewayPaymentId,
        amountPaise,
        reason: input.reason,
        effect: input.effect,
        requestedBy: staffId,
        requestedAt: this.now(),
      });
      // The request's id is the gateway's idempotency key: asking again never refunds twice.
      const refund = await this.ask(payment.gatewayPaymentId, amountPaise, requestId);
      await refunds.addEvent(tx, {
        requestId,
        state: 'requested',
        note: refund ? null : UNANSWERED,
        at: this.now(),
      });
      if (refund) await this.appendPending(tx, requestId, refund);
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'refund_requested',
        note: `${formatRupeesExact(input.amount)} of ${payment.receiptNumber} asked of the gateway. Reason: ${input.reason}`,
        staffId,
      });
      return { requestId, refund: refund ? { id: refund.id, status: refund.status } : null };
    });
    // A gateway that settles at once (the simulator, an instant refund) is recorded now.
    if (answer.refund && answer.refund.status !== 'pending')
      await this.settle(answer.requestId, answer.refund, 'gateway_answer');
    return answer.requestId;
  }

  private async ask(gatewayPaymentId: string, amountPaise: number, requestId: string) {
    try {
      return await this.gateway.refund(gatewayPaymentId, amountPaise, requestId);
    } catch (err) {
      if (err instanceof GatewayError) return undefined;
      throw err;
    }
  }

  private async appendPending(tx: Executor, requestId: string, refund: GatewayRefund) {
    await refunds.addEvent(tx, {
      requestId,
      state: 'pending',
      gatewayRefundId: refund.id,
      at: this.now(),
    });
  }

  /**
   * The gateway reports where a refund stands. Processed writes the ledger's refund and failed
   * ends the request with nothing in the ledger, each once: the request's row is locked and a
   * unique index allows one end per request.
   */
  async settle(
    requestId: string,
    refund: Pick<GatewayRefund, 'id' | 'status'>,
    process: RefundProcess,
  ): Promise<RefundOutcome> {
    if (refund.status === 'pending') return 'ignored';
    // The ledger's turn, like every other door: a refund number is taken in call order, no connection held waiting.
    return ledgerTurn(this.db, () => this.settleNow(requestId, refund, process));
  }

  private settleNow(
    requestId: string,
    refund: Pick<GatewayRefund, 'id' | 'status'>,
    process: RefundProcess,
  ): Promise<RefundOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await refunds.requestForUpdate(tx, requestId);
      if (!request) return 'unmatched';
      if (await refunds.hasEnded(tx, requestId, ENDED)) return 'already_recorded';
      if (refund.status === 'failed') {
        await refunds.addEvent(tx, {
          requestId,
          state: 'failed',
          gatewayRefundId: refund.id,
          note: 'The gateway could not make the refund; nothing entered the ledger',
          at: this.now(),
        });
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: request.enrollmentId,
          kind: 'refund_failed',
          note: `The gateway's refund ${refund.id} of ${formatRupeesExact(toRupees(request.amountPaise))} failed; nothing was refunded`,
          staffId: null,
        });
        return 'refund_failed';
      }
      const payment = await refunds.paymentMode(tx, request.paymentId);
      const ledger: OutgoingRefund = {
        enrollmentId: request.enrollmentId,
        paymentId: request.paymentId,
        amountPaise: request.amountPaise,
        mode: payment!.mode as RecordedPaymentMode,
        refundedOn: localIsoDate(this.now()),
        reason: request.reason,
        effect: request.effect as OutgoingRefund['effect'],
        staffId: request.requestedBy,
        process,
      };
      let note: string | null = null;
      let recorded;
      try {
        recorded = await refunds.inSavepoint(tx, () => recordRefund(tx, ledger));
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // The money has left: when the dues changed since the request and its effect no longer fits, it is owed again.
        recorded = await recordRefund(tx, { ...ledger, effect: 'owed-again' });
        note = `Recorded as owed again: ${err.message}`;
      }
      await refunds.addEvent(tx, {
        requestId,
        state: 'processed',
        gatewayRefundId: refund.id,
        refundId: recorded.refundId,
        note,
        at: this.now(),
      });
      return 'refund_recorded';
    });
  }

  /** A refund webhook: found by our request id (its receipt) or the gateway's refund id. */
  async fromWebhook(refund: GatewayRefund): Promise<RefundOutcome> {
    const requestId = await this.requestOf(refund);
    if (!requestId) return 'unmatched';
    return this.settle(requestId, refund, 'gateway_webhook');
  }

  private async requestOf(refund: GatewayRefund): Promise<string | undefined> {
    if (refund.receipt && /^[0-9a-f-]{36}$/i.test(refund.receipt)) {
      const id = await refunds.requestOfPayment(this.db, refund.receipt, refund.paymentId);
      if (id) return id;
    }
    return refunds.requestOfGatewayRefund(this.db, refund.id);
  }

  /**
   * Requests not yet ended are asked about: one the gateway never answered is sent again (under
   * the same key), a pending one is looked up, and what the gateway reports is settled.
   */
  async reconcile(): Promise<void> {
    const open = await refunds.openRequests(this.db, this.gateway.name, 200);
    for (const { request } of open) {
      const last = await refunds.lastGatewayEvent(this.db, request.id);
      let refund: GatewayRefund | undefined;
      try {
        refund = last?.gatewayRefundId
          ? await this.gateway.fetchRefund(request.gatewayPaymentId, last.gatewayRefundId)
          : await this.gateway.refund(request.gatewayPaymentId, request.amountPaise, request.id);
      } catch (err) {
        if (err instanceof GatewayError) continue;
        throw err;
      }
      if (!last) await this.appendPending(this.db, request.id, refund);
      await this.settle(request.id, refund, 'gateway_reconciler');
    }
  }
}
