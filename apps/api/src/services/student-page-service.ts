/** The student's own page, reached by a private link (./student-links.ts). */
import { and, desc, eq } from 'drizzle-orm';
import type QRCodeModule from 'qrcode';
import { lazyPackage } from '../lib/lazy-package';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Payment } from '@registrar/contract/fees';
import {
  STUDENT_PAGE_MESSAGES,
  STUDENT_PAY_PARAM,
  upiPayUrl,
  type StudentPage,
  type StudentRequest,
  type StudentRequestKind,
} from '@registrar/contract/student-page';
import { payments, staff, studentRequests } from '../db/schema';
import { conflict, forbidden, notFound } from '../lib/http-errors';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { enrollmentConsentRepository } from '../repositories/enrollment-consent-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { renderFeeStatement, renderReceipt } from './fee-statement-pdf';
import { studentClaims } from './reconciliation/claim-service';
import { studentTexts } from './student-texts';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { ONLINE_PAYMENT_MESSAGES, whatsAppUrl } from '@registrar/contract/online-payments';
import { formatRupeesExact, type Language } from '@registrar/contract/language';
import { OPEN_FOR_FEES, StudentLinks } from './student-links';
import { termsRepository } from '../repositories/terms-repository';
import { ENROLLMENT_MESSAGES, type EnrollmentDetail } from '@registrar/contract/enrollment-admin';

const QRCode = lazyPackage<typeof QRCodeModule>('qrcode');

/** The page a link opens: its view, statement and receipts, reminders, and the student's data requests. */
export class StudentPageService extends StudentLinks {
  private upi(detail: EnrollmentDetail, number: number, amount: number): string | undefined {
    if (!this.config.upiId || !OPEN_FOR_FEES(detail.status) || amount <= 0) return undefined;
    return upiPayUrl({
      payeeAddress: this.config.upiId,
      payeeName: this.config.upiPayeeName,
      amount,
      enrollmentNumber: detail.enrollmentNumber,
      installment: number,
    });
  }

  async page(token: string): Promise<StudentPage> {
    const { enrollmentId, expiresAt } = await this.resolve(token);
    const detail = await this.detail(enrollmentId);
    const phone = await enrollmentConsentRepository.of(this.db, enrollmentId);
    const requests = await this.db
      .select()
      .from(studentRequests)
      .where(eq(studentRequests.enrollmentId, enrollmentId))
      .orderBy(desc(studentRequests.createdAt));
    const installments = await Promise.all(
      detail.installments.map(async (i) => {
        const url = i.status === 'paid' ? undefined : this.upi(detail, i.number, round2(i.amount - i.paidAmount));
        return {
          number: i.number,
          amount: i.amount,
          paidAmount: i.paidAmount,
          dueDate: i.dueDate,
          status: i.status,
          upi: url
            ? { url, svg: await QRCode().toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) }
            : null,
        };
      }),
    );
    const next = OPEN_FOR_FEES(detail.status)
      ? [...detail.installments].sort((a, b) => a.dueDate.localeCompare(b.dueDate)).find((i) => i.status !== 'paid')
      : undefined;
    const announcements = detail.announcements as {
      title: string;
      message: string;
      delivery: string;
      sentAt: string | null;
    }[];
    return {
      enrollmentNumber: detail.enrollmentNumber,
      status: detail.status,
      name: detail.name,
      course: detail.course.name,
      language: detail.language,
      totalFee: detail.totalFee,
      paidAmount: detail.paidAmount,
      outstanding: detail.outstanding,
      installments,
      nextDue: next
        ? { number: next.number, amount: round2(next.amount - next.paidAmount), dueDate: next.dueDate }
        : null,
      payments: (detail.payments as Payment[]).map((p) => ({
        _id: p._id,
        receiptNumber: p.receiptNumber,
        amount: p.amount,
        paymentMode: p.paymentMode,
        paidOn: p.paidOn,
        installmentNumber: p.installmentNumber,
        voided: p.voided,
        invoiceNumber: p.invoiceNumber ?? null,
      })),
      // Only what reached the student's mailbox.
      announcements: announcements
        .filter((a) => a.delivery === 'sent' && a.sentAt)
        .map((a) => ({ title: a.title, message: a.message, sentAt: a.sentAt! })),
      requests: requests.map((r) => ({ kind: r.kind, state: r.state, createdAt: r.createdAt.toISOString() })),
      institute: this.institute(),
      linkExpiresAt: expiresAt.toISOString(),
      onlinePayment: OPEN_FOR_FEES(detail.status) ? (this.config.payments?.gateway ?? null) : null,
      claims: await studentClaims(this.db, enrollmentId),
      termsToAccept: await this.termsToAccept(detail),
      phoneMessages: Boolean(phone?.phoneMessagesConsentAt && !phone.phoneMessagesStoppedAt),
    };
  }

  /** The student's switch for WhatsApp and SMS; mail comes whatever they choose. */
  async setPhoneMessages(token: string, on: boolean): Promise<void> {
    const { enrollmentId } = await this.resolve(token);
    await this.db.transaction(async (tx) => {
      await enrollmentConsentRepository.set(tx, enrollmentId, on);
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'messages_choice',
        note: on
          ? 'The student turned on WhatsApp and SMS on their page'
          : 'The student stopped WhatsApp and SMS on their page',
      });
    });
  }

  /** The current terms, while a desk enrolment waits for the student to accept them here. */
  private async termsToAccept(detail: EnrollmentDetail): Promise<StudentPage['termsToAccept']> {
    if (detail.consentedAt || !detail.termsLinkSentAt) return null;
    const terms = await termsRepository.latest(this.db);
    return terms ? { name: terms.name, description: terms.description, version: terms.version } : null;
  }

  /** The student accepts, on their page, the version of the terms they were shown there. */
  async acceptTerms(token: string, version: number, clientIp: string | null): Promise<void> {
    const { enrollmentId } = await this.resolve(token);
    const terms = await termsRepository.latest(this.db);
    await this.db.transaction(async (tx) => {
      // The enrolment's lock orders two presses, so the second finds the first's acceptance.
      if (!(await paymentRepository.lockEnrollment(tx, enrollmentId)))
        throw notFound(STUDENT_PAGE_MESSAGES.linkNotFound);
      const row = await enrollmentRepository.byId(tx, enrollmentId);
      if (!row) throw notFound(STUDENT_PAGE_MESSAGES.linkNotFound);
      if (row.enrollment.consentedAt) throw conflict(STUDENT_PAGE_MESSAGES.termsAlreadyAccepted);
      if (!terms || terms.version !== version) throw conflict(ENROLLMENT_MESSAGES.termsChanged);
      await enrollmentRepository.update(tx, enrollmentId, {
        termsVersion: version,
        consentedAt: new Date(),
        consentIp: clientIp,
        consentVia: 'page',
      });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'terms_accepted',
        note: `The student accepted the terms (version ${version}) on their page`,
      });
    });
  }

  private institute() {
    const { instituteName, companyAddress, contactEmail, contactPhone } = this.config;
    return { name: instituteName, address: companyAddress, email: contactEmail, phone: contactPhone };
  }

  /** The fee statement, with UPI codes for what is open when UPI_ID is set. */
  async statement(detail: EnrollmentDetail, language?: Language): Promise<Buffer> {
    return renderFeeStatement({
      institute: this.institute(),
      student: {
        name: detail.name,
        email: detail.email,
        phone: detail.phoneNumber,
        enrollmentNumber: detail.enrollmentNumber,
        status: detail.status,
      },
      language: language ?? detail.language,
      course: detail.course.name,
      paymentMethod: detail.paymentMethod,
      consent: { termsVersion: detail.termsVersion, consentedAt: detail.consentedAt },
      installments: detail.installments,
      payments: detail.payments as never,
      refunds: detail.refunds as never,
      concessions: detail.concessions as never,
      totals: {
        fee: detail.totalFee,
        paid: detail.paidAmount,
        outstanding: detail.outstanding,
        concessions: detail.concessionTotal,
      },
      generatedOn: localIsoDate(),
      upi: detail.installments.flatMap((i) => {
        const amount = round2(i.amount - i.paidAmount);
        const url = i.status === 'paid' ? undefined : this.upi(detail, i.number, amount);
        return url ? [{ installment: i.number, amount, url }] : [];
      }),
    });
  }

  async statementFor(token: string, language?: Language): Promise<{ pdf: Buffer; enrollmentNumber: string }> {
    const detail = await this.detail((await this.resolve(token)).enrollmentId);
    return { pdf: await this.statement(detail, language), enrollmentNumber: detail.enrollmentNumber };
  }

  /**
   * One payment's receipt (and what was left to pay once it was in), in the language asked for, else
   * the student's; the payment must belong to the enrolment, else 404.
   */
  async receipt(
    detail: EnrollmentDetail,
    paymentId: string,
    language?: Language,
  ): Promise<{ pdf: Buffer; receiptNumber: string }> {
    const payment = (detail.payments as Payment[]).find((p) => p._id === paymentId);
    if (!payment) throw notFound(STUDENT_PAGE_MESSAGES.receiptNotFound);
    const pdf = await renderReceipt({
      institute: this.institute(),
      student: { name: detail.name, enrollmentNumber: detail.enrollmentNumber },
      course: detail.course.name,
      receiptNumber: payment.receiptNumber,
      amount: payment.amount,
      mode: payment.paymentMode,
      reference: payment.reference,
      paidOn: payment.paidOn,
      installmentNumber: payment.installmentNumber,
      receivedBy: payment.recordedBy?.name ?? null,
      voided: payment.voided,
      refunded: payment.refunded,
      balanceAfter: balanceAfter(detail, payment),
      imported: payment.source === 'import',
      language: language ?? detail.language,
    });
    return { pdf, receiptNumber: payment.receiptNumber };
  }

  async receiptFor(token: string, paymentId: string, language?: Language) {
    return this.receipt(await this.detail((await this.resolve(token)).enrollmentId), paymentId, language);
  }

  /** The enrolment a payment belongs to (staff receipts), or 404. */
  async enrollmentOfPayment(paymentId: string): Promise<string> {
    const rows = await this.db
      .select({ enrollmentId: payments.enrollmentId })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .limit(1);
    if (!rows[0]) throw notFound(STUDENT_PAGE_MESSAGES.receiptNotFound);
    return rows[0].enrollmentId;
  }

  /**
   * A WhatsApp click-to-chat address for staff to send an overdue installment with a fresh link to
   * the page, ready to pay it. The link is minted now (only its hash is kept), as a mail's would be.
   */
  async whatsAppReminder(enrollmentId: string, installmentNumber: number, staffId: string): Promise<string> {
    const detail = await this.detail(enrollmentId);
    const installment = detail.installments.find((i) => i.number === installmentNumber);
    if (!installment) throw notFound(ONLINE_PAYMENT_MESSAGES.installmentNotFound);
    const owed = round2(installment.amount - installment.paidAmount);
    if (owed <= 0) throw conflict(ONLINE_PAYMENT_MESSAGES.nothingToPay);
    const { url } = await this.mintLink(enrollmentId);
    await enrollmentRepository.addEvent(this.db, {
      enrollmentId,
      kind: 'student_link',
      note: `Link to the student's page made for a WhatsApp reminder of installment ${installmentNumber}`,
      staffId,
    });
    const text = studentTexts(detail.language)('whatsapp.reminder', {
      name: detail.name,
      installment: installmentNumber,
      number: detail.enrollmentNumber,
      amount: formatRupeesExact(owed),
      link: `${url}?${STUDENT_PAY_PARAM}=${installmentNumber}`,
    });
    return whatsAppUrl(detail.phoneNumber, text);
  }

  /** A student's request for a copy of their data or its erasure; one open request of each kind. */
  async request(token: string, kind: StudentRequestKind): Promise<void> {
    const { enrollmentId } = await this.resolve(token);
    await this.db.transaction(async (tx) => {
      // The enrolment's lock orders requests sent at once, so the check below sees the one before.
      if (!(await paymentRepository.lockEnrollment(tx, enrollmentId)))
        throw notFound(STUDENT_PAGE_MESSAGES.linkNotFound);
      const row = await enrollmentRepository.byId(tx, enrollmentId);
      if (!row) throw notFound(STUDENT_PAGE_MESSAGES.linkNotFound);
      const open = await tx
        .select({ id: studentRequests.id })
        .from(studentRequests)
        .where(
          and(
            eq(studentRequests.enrollmentId, enrollmentId),
            eq(studentRequests.kind, kind),
            eq(studentRequests.state, 'open'),
          ),
        )
        .limit(1);
      if (open.length) throw conflict(STUDENT_PAGE_MESSAGES.requestAlreadyOpen);
      await tx
        .insert(studentRequests)
        .values({ enrollmentId, enrollmentNumber: row.enrollment.enrollmentNumber, kind });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'student_request',
        note:
          kind === 'export'
            ? 'The student asked for a copy of their data'
            : 'The student asked for their data to be erased',
      });
    });
  }

  async listRequests(): Promise<StudentRequest[]> {
    const rows = await this.db
      .select({ r: studentRequests, staff: { id: staff.id, name: staff.name } })
      .from(studentRequests)
      .leftJoin(staff, eq(staff.id, studentRequests.handledBy))
      .orderBy(desc(studentRequests.createdAt))
      .limit(500);
    return rows.map(({ r, staff: s }) => ({
      _id: r.id,
      enrollmentId: r.enrollmentId,
      enrollmentNumber: r.enrollmentNumber,
      kind: r.kind,
      state: r.state,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
      handledBy: s?.id ? { _id: s.id, name: s.name } : null,
    }));
  }

  /** Marks a request handled; an erasure request needs the right to erase. */
  async markDone(id: string, staffId: string, canErase: boolean): Promise<void> {
    const rows = await this.db.select().from(studentRequests).where(eq(studentRequests.id, id)).limit(1);
    const r = rows[0];
    if (!r) throw notFound(STUDENT_PAGE_MESSAGES.requestNotFound);
    if (r.kind === 'erasure' && !canErase) throw forbidden(ACCESS_MESSAGES.forbidden);
    if (r.state === 'done') return;
    await this.db
      .update(studentRequests)
      .set({ state: 'done', handledAt: this.now(), handledBy: staffId })
      .where(eq(studentRequests.id, id));
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the enrolment owed once `payment` was in: today's fee less the live money (net of refunds)
 * recorded up to and including it. A closed enrolment owes nothing more.
 */
function balanceAfter(detail: EnrollmentDetail, payment: Payment): number {
  if (['rejected', 'cancelled'].includes(detail.status)) return 0;
  const upTo = (detail.payments as Payment[]).filter(
    (p) =>
      !p.voided &&
      (p.createdAt < payment.createdAt ||
        (p.createdAt === payment.createdAt && p.receiptNumber <= payment.receiptNumber)),
  );
  const paise = upTo.reduce((t, p) => t + Math.round(p.amount * 100) - Math.round(p.refunded * 100), 0);
  return Math.max(0, Math.round(detail.totalFee * 100) - paise) / 100;
}
