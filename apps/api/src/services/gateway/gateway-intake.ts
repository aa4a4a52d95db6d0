/**
 * Money the gateway reports reaches the ledger here, whichever door saw it first: the webhook, the
 * browser's return or the reconciler. Each goes through `recordIncoming`, which locks the gateway
 * payment id, so the second door finds the first one's payment instead of adding another.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import type { EventOutcome } from '@registrar/contract/online-payments';
import type { Db, Executor } from '../../db/database';
import { gatewayRepository, type PaymentOrderRow as OrderRow } from '../../repositories/gateway-repository';
import { safeErrorFacts } from '../../lib/logger';
import { ledgerTurn } from '../ledger-turn';
import { recordIncoming } from '../payment-intake';
import { tellOfFailedPayment } from '../student-messages';
import { claimRun } from '../retention';
import type { GatewayRefunds } from './gateway-refunds';
import type { GatewayPayment, PaymentGateway } from './payment-gateway';

const RECONCILE_JOB = 'payment-reconcile';
/** Orders older than this are no longer asked about: the gateway's own orders have expired. */
const ORDER_WATCH_MS = 30 * 86_400_000;
/** Handlings of one event before the reconciler stops retrying it. */
const MAX_ATTEMPTS = 10;

/** Captured (or captured and since refunded at the gateway) is money that reached the institute. */
const arrived = (p: GatewayPayment) => p.status === 'captured' || p.status === 'refunded';

export class GatewayIntake {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly refunds: GatewayRefunds,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records a payment of an order, once. Amount and currency are the gateway's, never the browser's;
   * a currency other than the order's is not ours to convert, so it is left for staff.
   */
  async record(
    order: OrderRow,
    payment: GatewayPayment,
  ): Promise<{ created: boolean; receiptNumber: string } | undefined> {
    if (!arrived(payment) || payment.orderId !== order.gatewayOrderId || payment.currency !== order.currency)
      return undefined;
    const enrollmentId = order.enrollmentId;
    if (!enrollmentId) return undefined;
    return ledgerTurn(this.db, () =>
      this.db.transaction(async (tx) => {
        const { payment: row, created } = await recordIncoming(tx, {
          enrollmentId,
          installmentId: order.installmentId,
          amountPaise: payment.amountPaise,
          mode: payment.mode,
          paidOn: localIsoDate(payment.createdAt),
          source: 'gateway',
          sourceRef: order.gatewayOrderId,
          gatewayPaymentId: payment.id,
          // The bank's reference too: a claim or a statement line of the same money finds this payment.
          utr: payment.utr,
          reference: payment.id,
          staffId: null,
          arrived: true,
        });
        await gatewayRepository.markOrderPaid(tx, order.id, this.now(), payment.id);
        return { created, receiptNumber: row.receiptNumber };
      }),
    );
  }

  /**
   * The gateway's attempt failed and took no money: an open order is closed as failed, so the page
   * says so and a retry opens a new order. A capture later still pays it (`record`).
   */
  async failed(order: OrderRow, payment: GatewayPayment): Promise<boolean> {
    if (payment.status !== 'failed' || payment.orderId !== order.gatewayOrderId) return false;
    return this.db.transaction(async (tx) => {
      const closed = await gatewayRepository.markOrderFailed(tx, order.id);
      // Told once per failed attempt, even after the order closed: each attempt was the student's
      // (an order detached from an erased or deleted enrolment has nobody left to tell).
      const { enrollmentId } = order;
      if (enrollmentId) await tellOfFailedPayment(tx, { ...order, enrollmentId }, payment.id);
      return closed;
    });
  }

  async orderByGatewayId(gatewayOrderId: string, db: Executor = this.db): Promise<OrderRow | undefined> {
    return gatewayRepository.orderByGatewayId(db, this.gateway.name, gatewayOrderId);
  }

  /**
   * Stores a verified delivery once by its event id, without the payer's details (it is kept for
   * good, and handling reads none of them); undefined when it was already stored.
   */
  async store(eventId: string, rawBody: Buffer): Promise<string | undefined> {
    const event = this.gateway.parseWebhook(rawBody);
    return gatewayRepository.insertEvent(this.db, {
      gateway: this.gateway.name,
      eventId,
      event: event?.event ?? 'unreadable',
      gatewayOrderId: event?.orderId ?? null,
      gatewayPaymentId: event?.payment?.id ?? null,
      body: this.gateway.redactWebhook(rawBody),
      receivedAt: this.now(),
    });
  }

  /**
   * Handles one stored event and appends what it came to; the event's row is never written again.
   * Handling again (a retry after an error) finds the payment made and appends another outcome. Two
   * handlings of the same attempt (the webhook's and the reconciler's at once) note only the first;
   * without `attempt` this is the one after the last noted.
   */
  async handle(id: string, attempt?: number): Promise<EventOutcome | undefined> {
    const row = await gatewayRepository.eventById(this.db, id);
    if (!row) return undefined;
    const next = attempt ?? (await gatewayRepository.nextAttempt(this.db, id));
    let outcome: Exclude<EventOutcome, 'pending'>;
    let failure: unknown;
    try {
      outcome = await this.outcomeOf(row.body);
    } catch (err) {
      [outcome, failure] = ['error', err];
    }
    const { stack: _stack, ...facts } = failure === undefined ? {} : safeErrorFacts(failure);
    const noted = await gatewayRepository.noteOutcome(this.db, {
      eventId: id,
      attempt: next,
      outcome,
      detail: failure === undefined ? null : JSON.stringify(facts),
      createdAt: this.now(),
    });
    if (failure !== undefined) throw failure;
    return noted ? outcome : undefined;
  }

  /** The latest outcome of each of these events; an event with none is pending. */
  async outcomesOf(eventIds: string[]): Promise<Map<string, EventOutcome>> {
    if (eventIds.length === 0) return new Map();
    const rows = await gatewayRepository.latestOutcomes(this.db, eventIds);
    return new Map(rows.map((r) => [r.eventId, r.outcome]));
  }

  private async outcomeOf(body: string): Promise<Exclude<EventOutcome, 'pending'>> {
    const event = this.gateway.parseWebhook(Buffer.from(body, 'utf8'));
    if (event?.refund && (event.event === 'refund.processed' || event.event === 'refund.failed'))
      return this.refunds.fromWebhook(event.refund);
    if (!event?.payment) return 'ignored';
    if (event.event === 'payment.failed') {
      const order = event.orderId ? await this.orderByGatewayId(event.orderId) : undefined;
      if (order) await this.failed(order, event.payment);
      return 'failed';
    }
    if (event.event !== 'order.paid' && event.event !== 'payment.captured') return 'ignored';
    const order = event.orderId ? await this.orderByGatewayId(event.orderId) : undefined;
    // Money for an order we never made, or one whose enrolment was erased or deleted, is shown to
    // staff, never put on some enrolment by guess.
    if (!order?.enrollmentId) return 'unmatched';
    const recorded = await this.record(order, event.payment);
    if (!recorded) return 'ignored';
    return recorded.created ? 'recorded' : 'already_recorded';
  }

  /**
   * Events stored but not handled (the process stopped in between), and those whose handling failed,
   * up to MAX_ATTEMPTS: after that the reconciler's own questions to the gateway still find the money.
   * One event that fails again does not hold up the others; its error is in its outcome.
   */
  async handlePending(): Promise<void> {
    const rows = await gatewayRepository.unsettledEvents(this.db, MAX_ATTEMPTS, 500);
    for (const row of rows) await this.handle(row.id, row.attempt).catch(() => undefined);
  }

  /**
   * Asks the gateway about each open order and records what was paid, so a missed webhook costs
   * minutes, not money; refunds asked of it are followed up too. One instance runs it per period (claimed in job_runs); false if another did.
   */
  async reconcile(everyMs: number): Promise<boolean> {
    const now = this.now();
    if (!(await claimRun(this.db, RECONCILE_JOB, now, Math.max(everyMs - 5000, 1000)))) return false;
    await this.handlePending();
    const since = new Date(now.getTime() - ORDER_WATCH_MS);
    const open = await gatewayRepository.ordersToCheck(this.db, this.gateway.name, since, 200);
    for (const order of open) {
      const attempts = await this.gateway.orderPayments(order.gatewayOrderId);
      const paid = attempts.filter(arrived);
      for (const payment of paid) await this.record(order, payment);
      // Every attempt failed and none is under way: the webhook that says so may have been lost.
      const failedOne = attempts.find((p) => p.status === 'failed');
      if (!paid.length && failedOne && attempts.every((p) => p.status === 'failed'))
        await this.failed(order, failedOne);
      await gatewayRepository.markOrderChecked(this.db, order.id, now);
    }
    await this.refunds.reconcile();
    return true;
  }

  /** The receipt of the payment that paid this order, if one is recorded. */
  async receiptOf(order: OrderRow): Promise<string | null> {
    return gatewayRepository.receiptOfOrder(this.db, order.gatewayOrderId);
  }

  /** When the last webhook arrived, and whether orders wait while none has for `silenceMs`. */
  async webhookSilence(silenceMs: number): Promise<{ lastWebhookAt: Date | null; silent: boolean }> {
    const lastWebhookAt = await gatewayRepository.lastWebhookAt(this.db);
    const since = new Date(this.now().getTime() - silenceMs);
    const waiting = await gatewayRepository.openOrderCreatedBefore(this.db, since);
    return { lastWebhookAt, silent: waiting && (!lastWebhookAt || lastWebhookAt < since) };
  }
}
