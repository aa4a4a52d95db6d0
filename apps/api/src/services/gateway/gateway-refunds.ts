/**
 * Staff refunds of online payments go through the gateway. The request is its own row (who asked,
 * why, its effect, the amount) with its states appended as events; the ledger's refund (its RFND-
 * number, any credit note) is written by `recordRefund` only when the gateway reports the refund
 * processed, once, whichever of the gateway's answer, the webhook or the reconciler reports it first.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES, type RefundInput } from '@registrar/contract/fees';
import type { RecordedPaymentMode } from '@registrar/contract/constants';
import type { Db, Executor } from '../../db/database';
import { gatewayRefundEvents, gatewayRefundRequests, paymentOrders, payments } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import type { IdempotentRequest } from '../../lib/idempotency';
import { toPaise, toRupees } from '../../lib/money';
import { formatRupeesExact } from '@registrar/contract/language';
import { enrollmentRepository } from '../../repositories/enrollment-repository';
import { paymentRepository } from '../../repositories/payment-repository';
import { oncePerKey } from '../once-per-key';
import { ledgerTurn } from '../ledger-turn';
import { recordRefund, type OutgoingRefund, type RefundProcess } from '../refund-intake';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './payment-gateway';

const ENDED = ['processed', 'failed'];
const UNANSWERED = 'The gateway did not answer; the reconciler asks it again';

/** A rollback on purpose: `recordRefund` ran only to check the refund would be accepted. */
class DryRun extends Error {}

/** Runs `work` in a savepoint of `tx`: an error undoes only what `work` wrote. */
async function inSavepoint<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint gateway_refund`);
  try {
    const result = await work();
    await tx.execute(sql`release savepoint gateway_refund`);
    return result;
  } catch (err) {
    await tx.execute(sql`rollback to savepoint gateway_refund`);
    throw err;
  }
}

/** Paise asked of the gateway for this payment and not yet processed or failed. */
export async function openGatewayRefundPaise(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${gatewayRefundRequests.amountPaise}), 0)` })
    .from(gatewayRefundRequests)
    .where(
      and(
        eq(gatewayRefundRequests.paymentId, paymentId),
        sql`not exists (select 1 from ${gatewayRefundEvents} e where e.request_id = ${gatewayRefundRequests.id} and e.state in ('processed', 'failed'))`,
      ),
    );
  return Number(row?.total ?? 0);
}

export type RefundOutcome = 'refund_recorded' | 'refund_failed' | 'already_recorded' | 'unmatched' | 'ignored';

export class GatewayRefunds {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A payment this gateway took (through one of its orders) is refunded through it. */
  async throughGateway(enrollmentId: string, paymentId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(
        paymentOrders,
        and(eq(paymentOrders.gatewayOrderId, payments.sourceRef), eq(paymentOrders.gateway, this.gateway.name)),
      )
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.enrollmentId, enrollmentId),
          eq(payments.source, 'gateway'),
          isNotNull(payments.gatewayPaymentId),
        ),
      )
      .limit(1);
    return Boolean(row);
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
      const open = await openGatewayRefundPaise(tx, payment.id);
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
        await inSavepoint(tx, async () => {
          await recordRefund(tx, ledger);
          throw new DryRun();
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
      }
      const [row] = await tx
        .insert(gatewayRefundRequests)
        .values({
          gateway: this.gateway.name,
          enrollmentId,
          paymentId: payment.id,
          gatewayPaymentId: payment.gatewayPaymentId,
          amountPaise,
          reason: input.reason,
          effect: input.effect,
          requestedBy: staffId,
          requestedAt: this.now(),
        })
        .returning({ id: gatewayRefundRequests.id });
      const requestId = row!.id;
      // The request's id is the gateway's idempotency key: asking again never refunds twice.
      const refund = await this.ask(payment.gatewayPaymentId, amountPaise, requestId);
      await tx.insert(gatewayRefundEvents).values({
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
    await tx.insert(gatewayRefundEvents).values({
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
      const [request] = await tx
        .select()
        .from(gatewayRefundRequests)
        .where(eq(gatewayRefundRequests.id, requestId))
        .for('update');
      if (!request) return 'unmatched';
      const [ended] = await tx
        .select({ id: gatewayRefundEvents.id })
        .from(gatewayRefundEvents)
        .where(and(eq(gatewayRefundEvents.requestId, requestId), inArray(gatewayRefundEvents.state, ENDED)));
      if (ended) return 'already_recorded';
      if (refund.status === 'failed') {
        await tx.insert(gatewayRefundEvents).values({
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
      const [payment] = await tx
        .select({ mode: payments.mode })
        .from(payments)
        .where(eq(payments.id, request.paymentId));
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
        recorded = await inSavepoint(tx, () => recordRefund(tx, ledger));
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // The money has left: when the dues changed since the request and its effect no longer fits, it is owed again.
        recorded = await recordRefund(tx, { ...ledger, effect: 'owed-again' });
        note = `Recorded as owed again: ${err.message}`;
      }
      await tx.insert(gatewayRefundEvents).values({
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
      const [row] = await this.db
        .select({ id: gatewayRefundRequests.id })
        .from(gatewayRefundRequests)
        .where(
          and(
            eq(gatewayRefundRequests.id, refund.receipt),
            eq(gatewayRefundRequests.gatewayPaymentId, refund.paymentId),
          ),
        );
      if (row) return row.id;
    }
    const [event] = await this.db
      .select({ id: gatewayRefundEvents.requestId })
      .from(gatewayRefundEvents)
      .where(eq(gatewayRefundEvents.gatewayRefundId, refund.id))
      .limit(1);
    return event?.id;
  }

  /**
   * Requests not yet ended are asked about: one the gateway never answered is sent again (under
   * the same key), a pending one is looked up, and what the gateway reports is settled.
   */
  async reconcile(): Promise<void> {
    const open = await this.db
      .select({ request: gatewayRefundRequests })
      .from(gatewayRefundRequests)
      .where(
        and(
          eq(gatewayRefundRequests.gateway, this.gateway.name),
          sql`not exists (select 1 from ${gatewayRefundEvents} e where e.request_id = ${gatewayRefundRequests.id} and e.state in ('processed', 'failed'))`,
        ),
      )
      .orderBy(asc(gatewayRefundRequests.requestedAt))
      .limit(200);
    for (const { request } of open) {
      const [last] = await this.db
        .select()
        .from(gatewayRefundEvents)
        .where(and(eq(gatewayRefundEvents.requestId, request.id), isNotNull(gatewayRefundEvents.gatewayRefundId)))
        .orderBy(desc(gatewayRefundEvents.at))
        .limit(1);
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
