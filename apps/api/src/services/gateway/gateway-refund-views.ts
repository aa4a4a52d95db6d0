/** Refund requests as staff read them: on the enrolment's fees and on the Online payments screen. */
import type { RefundEffect, RefundRequest, RefundRequestState } from '@registrar/contract/fees';
import type { Db } from '../../db/database';
import { gatewayRepository } from '../../repositories/gateway-repository';
import { toRupees } from '../../lib/money';

/** Events share a moment when written together; their order is then the order of the states. */
const RANK: Record<RefundRequestState, number> = { requested: 0, pending: 1, processed: 2, failed: 2 };

async function view(db: Db, where: { enrollmentId?: string }, limit = 200) {
  const rows = await gatewayRepository.refundRequests(db, where, limit);
  if (rows.length === 0) return [];
  const events = await gatewayRepository.refundEvents(
    db,
    rows.map((r) => r.request.id),
  );
  return rows.map(({ request, receiptNumber, staff: by, enrollmentNumber, name }) => {
    const own = events
      .filter((e) => e.event.requestId === request.id)
      .sort(
        (a, b) =>
          a.event.at.getTime() - b.event.at.getTime() ||
          RANK[a.event.state as RefundRequestState] - RANK[b.event.state as RefundRequestState],
      );
    const last = own.at(-1);
    const item: RefundRequest = {
      _id: request.id,
      paymentId: request.paymentId,
      receiptNumber,
      amount: toRupees(request.amountPaise),
      reason: request.reason,
      effect: request.effect as RefundEffect,
      state: (last?.event.state ?? 'requested') as RefundRequestState,
      gatewayRefundId: own.findLast((e) => e.event.gatewayRefundId)?.event.gatewayRefundId ?? null,
      refundNumber: own.find((e) => e.refundNumber)?.refundNumber ?? null,
      note: last?.event.note ?? null,
      requestedBy: by?.id ? { _id: by.id, name: by.name } : null,
      requestedAt: request.requestedAt.toISOString(),
      history: own.map(({ event }) => ({
        state: event.state as RefundRequestState,
        at: event.at.toISOString(),
        note: event.note,
      })),
    };
    return { ...item, enrollmentId: request.enrollmentId, enrollmentNumber, name };
  });
}

/** An enrolment's refund requests, newest first. */
export async function refundRequestsOf(db: Db, enrollmentId: string): Promise<RefundRequest[]> {
  return (await view(db, { enrollmentId })).map(({ enrollmentId: _, enrollmentNumber: __, name: ___, ...r }) => r);
}

/** The latest refund requests of every enrolment, for the Online payments screen. */
export const latestRefundRequests = (db: Db) => view(db, {});
