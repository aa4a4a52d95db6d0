/** The payments register across students and its CSV, whose totals row equals the dashboard's collected. */
import { PAYMENT_MODE_NAMES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { REFUND_EFFECT_LABELS, type RefundEffect } from '@registrar/contract/fees';
import { INDIA_TIME_ZONE_NAME, formatSpreadsheetDateTime } from '@registrar/contract/language';
import {
  IMPORTED_LABEL,
  REGISTER_KIND_LABELS,
  type PaymentsRegister,
  type PaymentsRegisterQuery,
} from '@registrar/contract/payments-register';
import type { Db } from '../db/database';
import type { Readable } from 'node:stream';
import { csvStream, mapBatches } from '../lib/csv';
import { toRupees } from '../lib/money';
import { registerRepository, type RegisterEntry } from '../repositories/register-repository';
import { toPage } from '../lib/page';

const modeName = (mode: string) => PAYMENT_MODE_NAMES[mode as RecordedPaymentMode] ?? mode;
/** Paise as a plain figure a spreadsheet adds up: 1234.50, -300.00. */
const figure = (paise: number) => (paise / 100).toFixed(2);

export class PaymentsRegisterService {
  constructor(private readonly db: Db) {}

  async page(q: PaymentsRegisterQuery): Promise<PaymentsRegister> {
    const rows = await registerRepository.entries(this.db, q, { limit: q.limit, offset: (q.page - 1) * q.limit });
    const { total, totalPaise } = rows[0]
      ? { total: rows[0].total, totalPaise: Number(rows[0].total_paise) }
      : await registerRepository.totals(this.db, q);
    return {
      ...toPage(
        rows.map((r) => ({
          _id: `${r.kind}:${r.id}`,
          kind: r.kind,
          on: r.on_date,
          number: r.number,
          receiptNumber: r.receipt_number,
          paymentId: r.payment_id,
          refundId: r.kind === 'refund' ? r.id : null,
          amount: toRupees(Number(r.amount_paise)),
          paymentMode: r.mode as RecordedPaymentMode,
          utr: r.utr,
          chequeNumber: r.cheque_number,
          enrollmentId: r.enrollment_id,
          enrollmentNumber: r.enrollment_number,
          name: r.name,
          course: r.course,
          reason: r.reason,
          effect: r.effect as RefundEffect | null,
          voided: r.voided,
          recordedBy: r.staff_name,
          recordedAt: r.recorded_at,
          imported: r.imported,
        })),
        total,
        q,
      ),
      totalAmount: toRupees(totalPaise),
    };
  }

  /**
   * Every receipt, refund (negative) and void (negative, marked) of the period, oldest first, and a
   * totals row: the same sum the dashboard shows as collected for those days.
   */
  csv(from: string, to: string): Promise<Readable> {
    let total = 0;
    const line = (r: RegisterEntry) => {
      total += Number(r.amount_paise);
      return [
        r.on_date,
        REGISTER_KIND_LABELS[r.kind],
        r.number,
        r.receipt_number,
        figure(Number(r.amount_paise)),
        modeName(r.mode),
        r.utr,
        r.cheque_number,
        r.reference,
        r.enrollment_number,
        r.name,
        r.course,
        r.installment,
        r.kind === 'receipt' && r.voided ? 'voided' : r.kind === 'void' ? 'void' : '',
        r.reason,
        r.effect ? REFUND_EFFECT_LABELS[r.effect as RefundEffect] : '',
        r.imported ? IMPORTED_LABEL : '',
        r.staff_name,
        formatSpreadsheetDateTime(r.recorded_at),
      ];
    };
    const db = this.db;
    // Streamed batch by batch; the totals row follows the last batch.
    async function* batches() {
      yield* mapBatches(registerRepository.inOrder(db, { from, to }), line);
      yield [['Total', '', '', '', figure(total)]];
    }
    return csvStream(
      [
        'Date',
        'Kind',
        'Number',
        'Receipt',
        'Amount (INR)',
        'Mode',
        'UTR',
        'Cheque number',
        'Reference',
        'Enrolment number',
        'Student',
        'Course',
        'Installment',
        'Voided',
        'Reason',
        'Refund effect',
        'Source',
        'Recorded by',
        `Recorded at (${INDIA_TIME_ZONE_NAME})`,
      ],
      batches(),
    );
  }
}
