/** An enrolment's fee ledger as staff and the student read it: the schedule, payments, refunds, concessions. */
import { localIsoDate } from '@registrar/contract/enrollment';
import { type Installment } from '@registrar/contract/enrollment-admin';
import { type Concession, type Payment, type Refund, type RefundEffect } from '@registrar/contract/fees';
import type { ChequeState } from '@registrar/contract/cheques';
import type { PaymentSource, RecordedPaymentMode } from '@registrar/contract/constants';
import type { Db, Executor } from '../db/database';
import { toRupees } from '../lib/money';
import { creditRepository } from '../repositories/credit-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { gstRepository } from '../repositories/gst-repository';
import { installmentStatus } from './enrollment-fee-schedule';

export interface ScheduleLine {
  row: { id: string; number: number; amountPaise: number; dueDate: string; charge: string | null };
  paidPaise: number;
  status: Installment['status'];
}

export interface Ledger {
  schedule: ScheduleLine[];
  payments: Payment[];
  refunds: Refund[];
  concessions: Concession[];
  concessionPaise: number;
  /** Money received beyond everything the schedule owes, or after the enrolment closed: a credit to refund. */
  creditPaise: number;
}

/** The schedule with what was paid against each installment, and the ledger. */
export async function readLedger(db: Db | Executor, enrollmentId: string): Promise<Ledger> {
  const [rows, ledger, refundRows, concessionRows, taxNumbers, creditPaise] = await Promise.all([
    enrollmentRepository.schedule(db, enrollmentId),
    paymentRepository.forEnrollment(db, enrollmentId),
    paymentRepository.refundsFor(db, enrollmentId),
    paymentRepository.concessionsFor(db, enrollmentId),
    gstRepository.numbersFor(db, enrollmentId),
    creditRepository.of(db, enrollmentId),
  ]);
  const today = localIsoDate();
  const by = (s: { id: string | null; name: string | null } | null) =>
    s?.id ? { _id: s.id, name: s.name ?? '' } : null;
  return {
    schedule: rows.map((row) => ({
      row,
      paidPaise: row.paidPaise,
      status: installmentStatus(row.amountPaise, row.paidPaise, row.dueDate, today),
    })),
    payments: ledger.map(({ payment, refunded, staff, cheque }) => ({
      _id: payment.id,
      installmentId: payment.installmentId,
      installmentNumber: payment.installmentNumber,
      amount: toRupees(Number(payment.amountPaise)),
      paymentMode: payment.mode as RecordedPaymentMode,
      paidOn: payment.paidOn,
      reference: payment.reference,
      note: payment.note,
      receiptNumber: payment.receiptNumber,
      invoiceNumber: taxNumbers.ofPayment.get(payment.id) ?? null,
      source: payment.source as PaymentSource,
      utr: payment.utr,
      gatewayPaymentId: payment.gatewayPaymentId,
      chequeNumber: payment.chequeNumber,
      bankName: payment.bankName,
      chequeDate: payment.chequeDate,
      chequeState: payment.mode === 'cheque' ? ((cheque?.state ?? 'received') as ChequeState) : null,
      chequeStateOn: cheque?.on ?? null,
      recordedBy: by(staff),
      createdAt: payment.createdAt.toISOString(),
      voided: payment.voidedAt !== null,
      voidReason: payment.voidReason,
      voidedAt: payment.voidedAt?.toISOString() ?? null,
      refunded: toRupees(Number(refunded)),
    })),
    refunds: refundRows.map(({ refund, receiptNumber, staff }) => ({
      _id: refund.id,
      paymentId: refund.paymentId,
      receiptNumber,
      refundNumber: refund.refundNumber,
      creditNoteNumber: taxNumbers.ofRefund.get(refund.id) ?? null,
      amount: toRupees(refund.amountPaise),
      paymentMode: refund.mode as RecordedPaymentMode,
      refundedOn: refund.refundedOn,
      reason: refund.reason,
      effect: refund.effect as RefundEffect,
      recordedBy: by(staff),
      createdAt: refund.createdAt.toISOString(),
    })),
    concessions: concessionRows.map(({ concession, staff }) => ({
      _id: concession.id,
      amount: toRupees(concession.amountPaise),
      reason: concession.reason,
      recordedBy: by(staff),
      createdAt: concession.createdAt.toISOString(),
    })),
    concessionPaise: concessionRows.reduce((t, c) => t + c.concession.amountPaise, 0),
    creditPaise,
  };
}
