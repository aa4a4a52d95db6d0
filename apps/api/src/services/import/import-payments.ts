/**
 * Past payments: checked with the staff payment's own rules (mode, UTR), found on their enrolment
 * by email and course, matched by the institute's old receipt number or else by enrolment,
 * installment, amount and date, and recorded through the one way in as imported: they keep the
 * old receipt number, take none of the live series and send no mail.
 */
import {
  IMPORT_MESSAGES,
  importPaymentRowSchema,
  type ImportError,
  type ImportPaymentRow,
} from '@registrar/contract/imports';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { readRupeesPaise, unknownCourseMessage } from '@registrar/contract/import-values';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Db, Executor } from '../../db/database';
import { importRepository } from '../../repositories/import-repository';
import { recordIncoming } from '../payment-intake';
import { courseNames, rowErrors, type ImportRow } from './import-table';
import type { CheckedRow, ImportHandler } from './import-handler';

/** Registrar's own receipt and refund numbers: an imported number of this shape could collide with a live one. */
export const OUR_NUMBER = /^(RCPT|RFND)-\d{4}-\d{6}$/i;

interface PaymentRow extends CheckedRow {
  value: ImportPaymentRow;
  enrollmentId: string;
  installmentId: string;
  receiptNumber: string;
}

export const paymentImport: ImportHandler<PaymentRow> = {
  async check(db: Db, rows: ImportRow[], known: Map<number, ImportError[]>) {
    const courses = await importRepository.coursesByName(db);
    const parsedRows = rows.map((r) => {
      const amount = readRupeesPaise(r.values.amount ?? '');
      return { r, parsed: importPaymentRowSchema.safeParse({ ...r.values, amountPaise: amount ?? undefined }) };
    });
    const emails = [
      ...new Set(parsedRows.flatMap(({ parsed }) => (parsed.success ? [parsed.data.email.toLowerCase()] : []))),
    ];
    const enrollments = await importRepository.enrollmentsByEmailCourse(db, emails);
    const enrollmentIds = [...new Set([...enrollments.values()].map((e) => e.id))];
    const installments = await importRepository.installmentsOf(db, enrollmentIds);
    const dues = await importRepository.installmentDues(db, enrollmentIds);
    const today = localIsoDate();
    const liveKeys = await importRepository.livePaymentKeys(db, enrollmentIds);
    const receipts = await importRepository.paymentsByReceipt(
      db,
      parsedRows.flatMap(({ parsed }) =>
        parsed.success && parsed.data.receiptNumber ? [parsed.data.receiptNumber] : [],
      ),
    );
    const utrs = await importRepository.receiptsByUtr(
      db,
      parsedRows.flatMap(({ parsed }) => (parsed.success && parsed.data.utr ? [parsed.data.utr] : [])),
    );

    const errors: ImportError[] = [];
    const valid: PaymentRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (const { r, parsed } of parsedRows) {
      const found: ImportError[] = [...(known.get(r.row) ?? [])];
      const taken = new Set(found.map((e) => e.field));
      const fail = (field: string, message: string) => {
        if (!taken.has(field)) found.push({ row: r.row, field, message });
        taken.add(field);
      };
      if (!parsed.success) {
        for (const e of rowErrors(r.row, parsed.error.issues))
          fail(e.field === 'amountPaise' ? 'amount' : e.field, e.message);
        errors.push(...found);
        continue;
      }
      const v = parsed.data;
      const course = courses.get(v.course.toLowerCase());
      if (!course) fail('course', unknownCourseMessage(v.course, courseNames(courses)));
      const enrollment = course ? enrollments.get(`${v.email.toLowerCase()}|${course.id}`) : undefined;
      if (course && !enrollment) fail('email', IMPORT_MESSAGES.enrollmentUnknown);
      const installmentId = enrollment ? installments.get(`${enrollment.id}|${v.installmentNumber}`) : undefined;
      if (enrollment && !installmentId) fail('installmentNumber', IMPORT_MESSAGES.installmentUnknown);
      if (v.receiptNumber && OUR_NUMBER.test(v.receiptNumber))
        fail('receiptNumber', IMPORT_MESSAGES.receiptNumberLikeOurs);
      const heldBy = v.receiptNumber ? receipts.get(v.receiptNumber) : undefined;
      if (enrollment && heldBy && heldBy !== enrollment.id) fail('receiptNumber', IMPORT_MESSAGES.receiptNumberTaken);
      const naturalKey = enrollment
        ? `${enrollment.id}|${v.installmentNumber}|${v.amountPaise}|${v.paidOn}`
        : `row:${r.row}`;
      const skip = Boolean(heldBy) || (!v.receiptNumber && liveKeys.has(naturalKey));
      // The typed payment's rules: nothing dated ahead, nothing beyond what the installment owes
      // (after the rows above it) unless the row asks to keep the rest as a credit to refund.
      if (v.paidOn > today) fail('paidOn', FEE_MESSAGES.paidOnInFuture);
      const dueKey = enrollment ? `${enrollment.id}|${v.installmentNumber}` : undefined;
      const due = dueKey ? dues.get(dueKey) : undefined;
      if (!skip && dueKey && due !== undefined) {
        if (v.overpayment !== 'credit' && due === 0) fail('amount', FEE_MESSAGES.installmentPaid);
        else if (v.overpayment !== 'credit' && v.amountPaise > due) fail('amount', FEE_MESSAGES.amountTooMuch);
      }
      const utrHeldBy = v.utr ? utrs.get(v.utr) : undefined;
      if (utrHeldBy && !skip) fail('utr', `${PAYMENT_REFERENCE_MESSAGES.utrTaken}: ${utrHeldBy}`);
      const fileKeys = [v.receiptNumber ? `receipt:${v.receiptNumber}` : `key:${naturalKey}`];
      if (v.utr) fileKeys.push(`utr:${v.utr}`);
      const earlier = fileKeys.map((k) => firstRowOf.get(k)).find((n) => n !== undefined);
      if (earlier !== undefined)
        fail(v.receiptNumber ? 'receiptNumber' : 'amount', `${IMPORT_MESSAGES.duplicateInFile} ${earlier}`);
      else for (const k of fileKeys) firstRowOf.set(k, r.row);
      if (found.length) {
        errors.push(...found);
        continue;
      }
      // Only a row that will be written uses up what its installment owes for the rows below it.
      if (!skip && dueKey && due !== undefined) dues.set(dueKey, Math.max(0, due - v.amountPaise));
      valid.push({
        row: r.row,
        skip,
        value: v,
        enrollmentId: enrollment!.id,
        installmentId: installmentId!,
        receiptNumber: v.receiptNumber ?? '',
      });
    }
    return { valid, errors };
  },

  async write(tx: Executor, rows: PaymentRow[], context) {
    for (const p of rows) {
      await recordIncoming(tx, {
        enrollmentId: p.enrollmentId,
        installmentId: p.installmentId,
        amountPaise: p.value.amountPaise,
        mode: p.value.paymentMode,
        paidOn: p.value.paidOn,
        source: 'import',
        sourceRef: context.importId,
        reference: p.value.reference ?? null,
        utr: p.value.utr ?? null,
        staffId: context.staffId,
        arrived: true,
        // A row without the institute's number gets one that names this file and row, so the
        // same file run again finds it.
        importedReceiptNumber: p.receiptNumber || `IMP-${context.fileTag}-${p.row}`,
      });
      await context.tick();
    }
  },
};
