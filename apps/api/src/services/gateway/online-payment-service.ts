/**
 * The student's side of paying online: an order for an installment (one per installment and
 * amount while it is open), the browser's return, the page asking whether the money is recorded,
 * and the staff overview of orders and events.
 */
import {
  ONLINE_PAYMENT_MESSAGES as M,
  WEBHOOK_SILENCE_WARNING_MS,
  type OnlinePayments,
  type OrderState,
  type PaymentReturn,
  type PaymentStatus,
  type StartPayment,
  type StartedPayment,
} from '@registrar/contract/online-payments';
import type { Db } from '../../db/database';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { toRupees } from '../../lib/money';
import { enrollmentRepository, type InstallmentRow } from '../../repositories/enrollment-repository';
import { gatewayRepository } from '../../repositories/gateway-repository';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { GatewayIntake } from './gateway-intake';
import { latestRefundRequests } from './gateway-refund-views';
import { GatewayRefunds } from './gateway-refunds';
import { GatewayError, type PaymentGateway } from './payment-gateway';

const CLOSED = ['rejected', 'cancelled'];
/** The installment number an order for every overdue installment carries. */
const ALL_OVERDUE = 0;
const unavailable = () => new HttpError(503, ERROR_CODES.unavailable, M.gatewayUnavailable);

type Target = { owed: number; installment: { id: string | null; number: number } };

/** The installment asked for, or the next one still owing. */
function installmentTarget(schedule: InstallmentRow[], installmentNumber: number | undefined): Target {
  const installment =
    installmentNumber === undefined
      ? [...schedule].sort((a, b) => a.dueDate.localeCompare(b.dueDate)).find((i) => i.paidPaise < i.amountPaise)
      : schedule.find((i) => i.number === installmentNumber);
  if (!installment) {
    if (installmentNumber === undefined) throw conflict(M.nothingToPay);
    throw badRequest(M.installmentNotFound, [{ path: 'installmentNumber', message: M.installmentNotFound }]);
  }
  const owed = installment.amountPaise - installment.paidPaise;
  if (owed <= 0) throw conflict(M.nothingToPay);
  return { owed, installment };
}

/** Every installment whose due date has passed, still owing, as one amount with no installment named. */
function overdueTarget(schedule: InstallmentRow[]): Target {
  const today = localIsoDate();
  const owed = schedule
    .filter((i) => i.dueDate < today && i.paidPaise < i.amountPaise)
    .reduce((sum, i) => sum + i.amountPaise - i.paidPaise, 0);
  if (owed <= 0) throw conflict(M.nothingOverdue);
  return { owed, installment: { id: null, number: ALL_OVERDUE } };
}

export class OnlinePaymentService {
  readonly intake: GatewayIntake;
  readonly refunds: GatewayRefunds;

  constructor(
    private readonly db: Db,
    readonly gateway: PaymentGateway,
    now: () => Date = () => new Date(),
  ) {
    this.refunds = new GatewayRefunds(db, gateway, now);
    this.intake = new GatewayIntake(db, gateway, this.refunds, now);
  }

  /**
   * An order for what the installment still owes, or for every overdue installment at once (number
   * 0, allocated oldest first like any payment without an installment); the same open one when asked again.
   */
  async start(enrollmentId: string, request: StartPayment | undefined, back: string): Promise<StartedPayment> {
    const enrollment = await gatewayRepository.payer(this.db, enrollmentId);
    if (!enrollment) throw notFound(M.orderNotFound);
    if (CLOSED.includes(enrollment.status)) throw conflict(M.enrollmentClosed);
    const schedule = await enrollmentRepository.schedule(this.db, enrollmentId);
    const target = request?.allOverdue
      ? overdueTarget(schedule)
      : installmentTarget(schedule, request?.installmentNumber);
    const { owed, installment } = target;
    const key = { enrollmentId, number: installment.number, amountPaise: owed };
    let order = await this.openOrder(key);
    if (!order) {
      let created;
      try {
        created = await this.gateway.createOrder({
          amountPaise: owed,
          receipt: `${enrollment.number}/${installment.number || 'overdue'}`,
          notes: { enrollmentNumber: enrollment.number, installment: String(installment.number || 'overdue') },
        });
      } catch (err) {
        if (err instanceof GatewayError) throw unavailable();
        throw err;
      }
      // Two tabs asking at once: the unique open-order index keeps one; the other's order lapses unpaid.
      await gatewayRepository.insertOrder(this.db, {
        gateway: this.gateway.name,
        gatewayOrderId: created.id,
        enrollmentId,
        installmentId: installment.id,
        installmentNumber: installment.number,
        amountPaise: owed,
        currency: created.currency,
      });
      order = (await this.openOrder(key))!;
    }
    return {
      gateway: this.gateway.name,
      orderId: order.gatewayOrderId,
      amount: order.amountPaise,
      currency: order.currency,
      keyId: this.gateway.keyId,
      ...(this.gateway.checkoutUrl
        ? { checkoutUrl: this.gateway.checkoutUrl(order.gatewayOrderId, `${back}?order=${order.gatewayOrderId}`) }
        : {}),
    };
  }

  private async openOrder(key: { enrollmentId: string; number: number; amountPaise: number }) {
    return gatewayRepository.openOrder(this.db, { ...key, gateway: this.gateway.name });
  }

  private async ownOrder(enrollmentId: string, gatewayOrderId: string) {
    const order = await this.intake.orderByGatewayId(gatewayOrderId);
    if (!order || order.enrollmentId !== enrollmentId) throw notFound(M.orderNotFound);
    return order;
  }

  /**
   * The browser came back from checkout. Its signature proves which payment it was; the amount is
   * then asked of the gateway. If the gateway cannot be reached, the webhook or reconciler records it.
   */
  async returned(enrollmentId: string, body: PaymentReturn): Promise<PaymentStatus> {
    if (!this.gateway.verifyReturn(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature))
      throw badRequest(M.signatureInvalid);
    const order = await this.ownOrder(enrollmentId, body.razorpay_order_id);
    try {
      const paid = await this.gateway.orderPayments(order.gatewayOrderId);
      const payment = paid.find((p) => p.id === body.razorpay_payment_id);
      if (payment) await this.intake.record(order, payment);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
    }
    return this.status(enrollmentId, order.gatewayOrderId);
  }

  async status(enrollmentId: string, gatewayOrderId: string): Promise<PaymentStatus> {
    const order = await this.ownOrder(enrollmentId, gatewayOrderId);
    const receiptNumber = await this.intake.receiptOf(order);
    const state = receiptNumber ? 'received' : order.state === 'failed' ? 'failed' : 'pending';
    return { state, receiptNumber, installmentNumber: order.installmentNumber };
  }

  /** Orders and events, newest first, and whether the webhook seems to have gone quiet. */
  async overview(gatewayName: OnlinePayments['gateway']): Promise<OnlinePayments> {
    const orders = await gatewayRepository.latestOrders(this.db, 200);
    const events = await gatewayRepository.latestEvents(this.db, 200);
    const outcomes = await this.intake.outcomesOf(events.map((e) => e.id));
    const { lastWebhookAt, silent } = await this.intake.webhookSilence(WEBHOOK_SILENCE_WARNING_MS);
    const history = orders.length
      ? await gatewayRepository.orderHistory(
          this.db,
          orders.map((o) => o.order.id),
        )
      : [];
    return {
      gateway: gatewayName,
      orders: orders.map(({ order, number, name, receipt }) => ({
        orderId: order.gatewayOrderId,
        gateway: order.gateway,
        enrollmentNumber: number,
        name,
        installmentNumber: order.installmentNumber,
        amount: toRupees(order.amountPaise),
        state: order.state as OrderState,
        receiptNumber: receipt ?? null,
        createdAt: order.createdAt.toISOString(),
        paidAt: order.paidAt?.toISOString() ?? null,
        history: history.filter((h) => h.orderId === order.id).map((h) => ({ state: h.state, at: h.at.toISOString() })),
      })),
      events: events.map((e) => ({
        eventId: e.eventId,
        event: e.event,
        orderId: e.gatewayOrderId,
        paymentId: e.gatewayPaymentId,
        outcome: outcomes.get(e.id) ?? 'pending',
        receivedAt: e.receivedAt.toISOString(),
      })),
      refunds: await latestRefundRequests(this.db),
      webhookSilent: silent,
      lastWebhookAt: lastWebhookAt?.toISOString() ?? null,
    };
  }
}
