/**
 * A receipt handed over by WhatsApp: the student's own number, and a link to the receipt's PDF
 * through a fresh link to their page (only its hash is kept), so the student opens it without signing in.
 */
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, type Payment } from '@registrar/contract/fees';
import { formatRupeesExact } from '@registrar/contract/language';
import { whatsAppUrl } from '@registrar/contract/online-payments';
import { STUDENT_API } from '@registrar/contract/student-page';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { conflict, notFound } from '../lib/http-errors';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import type { StudentPageService } from './student-page-service';
import { studentTexts } from './student-texts';

export async function receiptWhatsApp(
  deps: { db: Db; config: Config; students: StudentPageService },
  detail: EnrollmentDetail,
  paymentId: string,
  staffId: string,
): Promise<string> {
  const payment = (detail.payments as Payment[]).find((p) => p._id === paymentId);
  if (!payment) throw notFound(FEE_MESSAGES.paymentNotFound);
  if (detail.erasedAt) throw conflict(FEE_MESSAGES.shareErased);
  if (payment.voided) throw conflict(FEE_MESSAGES.shareVoided);
  const { token } = await deps.students.mintLink(detail._id);
  await enrollmentRepository.addEvent(deps.db, {
    enrollmentId: detail._id,
    kind: 'student_link',
    note: `Link to the student's page made to share receipt ${payment.receiptNumber} on WhatsApp`,
    staffId,
  });
  const text = studentTexts(detail.language)('whatsapp.receipt', {
    name: detail.name,
    receipt: payment.receiptNumber,
    amount: formatRupeesExact(payment.amount, detail.language),
    number: detail.enrollmentNumber,
    link: `${deps.config.publicUrl}${STUDENT_API.receipt(token, paymentId)}`,
  });
  return whatsAppUrl(detail.phoneNumber, text);
}
