/** The refund voucher: one page a student signs for money given back, numbered like the refund. */
import { eq } from 'drizzle-orm';
import { amountInWords } from '@registrar/contract/amount-words';
import { PAYMENT_MODE_NAMES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { FEE_MESSAGES, REFUND_EFFECT_LABELS, type RefundEffect } from '@registrar/contract/fees';
import { formatDateNumeric, formatRupees, type Language } from '@registrar/contract/language';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { courses, enrollments, payments, refunds, staff } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { startPdf, writeLetterhead, writeSignatory } from './fee-statement-pdf';
import { studentTexts } from './student-texts';

export async function refundVoucher(
  db: Db,
  config: Config,
  refundId: string,
  /** Asked for with `?lang=`; without it, the student's language. */
  requested?: Language,
): Promise<{ pdf: Buffer; number: string }> {
  const found = (
    await db
      .select({
        refund: refunds,
        receiptNumber: payments.receiptNumber,
        name: enrollments.name,
        enrollmentNumber: enrollments.enrollmentNumber,
        course: courses.name,
        staffName: staff.name,
        language: enrollments.language,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(enrollments, eq(enrollments.id, refunds.enrollmentId))
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(staff, eq(staff.id, refunds.recordedBy))
      .where(eq(refunds.id, refundId))
      .limit(1)
  )[0];
  if (!found) throw notFound(FEE_MESSAGES.refundNotFound);
  const r = found.refund;
  const amount = toRupees(r.amountPaise);
  const language = requested ?? found.language;
  const t = studentTexts(language);
  const { doc, write, done } = await startPdf(t('voucher.docTitle', { number: r.refundNumber }), language);
  writeLetterhead(
    { doc, write },
    {
      name: config.instituteName,
      address: config.companyAddress,
      email: config.contactEmail,
      phone: config.contactPhone,
    },
  );
  doc.moveDown(1).fontSize(16).fillColor('#1d1b26');
  write(t('voucher.title'), {}, 'bold');
  doc.fontSize(11).moveDown(0.5);
  const line = (label: string, value: string) => {
    write(`${label}: `, { continued: true }, 'bold');
    write(value);
  };
  // English keeps the console's names of the modes and effects; Hindi has its own.
  const english = language === 'en';
  const mode = english ? (PAYMENT_MODE_NAMES[r.mode as RecordedPaymentMode] ?? r.mode) : t(`statement.mode.${r.mode}`);
  const effect = english
    ? (REFUND_EFFECT_LABELS[r.effect as RefundEffect] ?? r.effect)
    : t(`voucher.effect.${r.effect}`);
  line(t('voucher.number'), r.refundNumber);
  line(t('voucher.date'), formatDateNumeric(r.refundedOn));
  line(t('voucher.paidTo'), found.name);
  line(t('voucher.enrolment'), found.enrollmentNumber);
  line(t('voucher.course'), found.course);
  line(t('voucher.againstReceipt'), found.receiptNumber);
  doc.moveDown(0.5).fontSize(14);
  line(t('voucher.amount'), formatRupees(amount, language));
  doc.fontSize(11);
  line(t('voucher.words'), t('voucher.wordsValue', { words: amountInWords(amount, language) }));
  doc.moveDown(0.5);
  line(t('voucher.mode'), mode);
  line(t('voucher.effect'), effect);
  line(t('voucher.reason'), r.reason);
  line(t('voucher.recordedBy'), found.staffName ?? '—');
  doc.moveDown(2);
  write(t('voucher.received'));
  writeSignatory(
    { doc },
    config.instituteName,
    t('voucher.signatory'),
    t('voucher.for', { institute: config.instituteName }),
  );
  doc.end();
  return { pdf: await done, number: r.refundNumber };
}
