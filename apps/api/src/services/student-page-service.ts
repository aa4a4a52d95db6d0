/**
 * The student's own page, reached by a private link. A token is 32 random bytes; only its SHA-256
 * is stored, so the database (and a backup of it) never holds a working link. Links are minted
 * when a mail is sent, not when it is queued, so the outbox never holds one either.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES, type EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import type { Payment } from '@registrar/contract/fees';
import {
  STUDENT_LINK_DAYS,
  STUDENT_PAGE_MESSAGES,
  STUDENT_PAGE_PATH,
  STUDENT_TOKEN_BYTES,
  studentPageUrl,
  upiPayUrl,
  type StudentPage,
  type StudentRequest,
  type StudentRequestKind,
} from '@registrar/contract/student-page';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { courses, enrollments, payments, staff, studentLinks, studentRequests } from '../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../lib/http-errors';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { renderFeeStatement, renderReceipt } from './fee-statement-pdf';
import { studentTexts } from './student-texts';
import { brandedMail, escapeHtml, type MailMessage } from './mail/mail-message';
import { THROTTLE_RULES, addressKey, type Throttle } from './throttle';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { MESSAGES } from '@registrar/contract/messages';

const DAY_MS = 86_400_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Stands in a queued mail for the link to one enrolment's page; the outbox replaces it with a
 * fresh link when it sends the mail, and only if the mail goes to that enrolment's own address.
 */
const PLACEHOLDER = /\{\{student-page-link:([0-9a-f-]{36})\}\}/g;

/** The line every mail to a student carries. */
export const studentLinkParagraph = (enrollmentId: string, language?: string | null) =>
  studentTexts(language)('mail.studentLink', {
    days: STUDENT_LINK_DAYS,
    link: `{{student-page-link:${enrollmentId}}}`,
  });

const OPEN_FOR_FEES = (status: string) => status !== 'rejected' && status !== 'cancelled';

export class StudentPageService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly detail: (enrollmentId: string) => Promise<EnrollmentDetail>,
    private readonly onMailQueued: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new token for the enrolment; only its hash is stored. */
  async mintLink(enrollmentId: string): Promise<{ url: string; token: string; expiresAt: Date }> {
    const token = randomBytes(STUDENT_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + STUDENT_LINK_DAYS * DAY_MS);
    await this.db.insert(studentLinks).values({ enrollmentId, tokenHash: sha256(token), expiresAt });
    return { url: studentPageUrl(this.config.publicUrl, token), token, expiresAt };
  }

  /**
   * Puts a fresh link where a queued mail holds the placeholder (the outbox calls it at send time).
   * A placeholder typed into a name or a message cannot fetch another student's link: the link is
   * made only when the mail goes to the address of the enrolment it names, else it is the form.
   */
  async fillLink(mail: MailMessage): Promise<MailMessage> {
    const ids = [...new Set([...mail.text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
    if (!ids.length) return mail;
    const urls = new Map<string, string>();
    for (const id of ids) {
      const row = await this.db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(
          and(
            eq(enrollments.id, id),
            isNull(enrollments.erasedAt),
            sql`lower(${enrollments.email}) = ${mail.to.trim().toLowerCase()}`,
          ),
        )
        .limit(1);
      urls.set(id, row.length ? (await this.mintLink(id)).url : `${this.config.publicUrl}${STUDENT_PAGE_PATH}`);
    }
    const url = (id: string) => urls.get(id) ?? `${this.config.publicUrl}${STUDENT_PAGE_PATH}`;
    return {
      ...mail,
      text: mail.text.replace(PLACEHOLDER, (_m, id: string) => url(id)),
      html: mail.html.replace(PLACEHOLDER, (_m, id: string) => {
        const href = escapeHtml(url(id));
        return `<a href="${href}">${href}</a>`;
      }),
    };
  }

  /** The enrolment a working token names; anything else is one 404, whatever was wrong. */
  async resolve(token: string): Promise<{ enrollmentId: string; expiresAt: Date }> {
    const rows = await this.db
      .select({ id: studentLinks.id, enrollmentId: studentLinks.enrollmentId, expiresAt: studentLinks.expiresAt })
      .from(studentLinks)
      .innerJoin(enrollments, eq(enrollments.id, studentLinks.enrollmentId))
      .where(
        and(
          eq(studentLinks.tokenHash, sha256(token)),
          isNull(studentLinks.revokedAt),
          gt(studentLinks.expiresAt, this.now()),
          isNull(enrollments.erasedAt),
        ),
      )
      .limit(1);
    const link = rows[0];
    if (!link) throw notFound(STUDENT_PAGE_MESSAGES.linkNotFound);
    await this.db.update(studentLinks).set({ lastUsedAt: this.now() }).where(eq(studentLinks.id, link.id));
    return { enrollmentId: link.enrollmentId, expiresAt: link.expiresAt };
  }

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
            ? { url, svg: await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) }
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
      })),
      // Only what reached the student's mailbox.
      announcements: announcements
        .filter((a) => a.delivery === 'sent' && a.sentAt)
        .map((a) => ({ title: a.title, message: a.message, sentAt: a.sentAt! })),
      requests: requests.map((r) => ({ kind: r.kind, state: r.state, createdAt: r.createdAt.toISOString() })),
      institute: this.institute(),
      linkExpiresAt: expiresAt.toISOString(),
    };
  }

  private institute() {
    const { instituteName, companyAddress, contactEmail, contactPhone } = this.config;
    return { name: instituteName, address: companyAddress, email: contactEmail, phone: contactPhone };
  }

  /** The fee statement, with UPI codes for what is open when UPI_ID is set. */
  async statement(detail: EnrollmentDetail): Promise<Buffer> {
    return renderFeeStatement({
      institute: this.institute(),
      student: {
        name: detail.name,
        email: detail.email,
        phone: detail.phoneNumber,
        enrollmentNumber: detail.enrollmentNumber,
        status: detail.status,
      },
      language: detail.language,
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

  async statementFor(token: string): Promise<{ pdf: Buffer; enrollmentNumber: string }> {
    const detail = await this.detail((await this.resolve(token)).enrollmentId);
    return { pdf: await this.statement(detail), enrollmentNumber: detail.enrollmentNumber };
  }

  /** One payment's receipt; the payment must belong to the enrolment, else 404. */
  async receipt(detail: EnrollmentDetail, paymentId: string): Promise<{ pdf: Buffer; receiptNumber: string }> {
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
    });
    return { pdf, receiptNumber: payment.receiptNumber };
  }

  async receiptFor(token: string, paymentId: string) {
    return this.receipt(await this.detail((await this.resolve(token)).enrollmentId), paymentId);
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

  /** The mail that carries a fresh link, in the language stored with the enrolment, like its other mails. */
  private linkMail(
    e: { id: string; email: string; name: string; enrollmentNumber: string; course: string; language: string },
    reason: 'requested' | 'renewed',
  ) {
    const { instituteName, contactEmail, contactPhone } = this.config;
    const t = studentTexts(e.language);
    return brandedMail({
      to: e.email,
      subject: t('mail.link.subject', { number: e.enrollmentNumber, institute: instituteName }),
      instituteName,
      greeting: t('mail.greeting', { name: e.name }),
      paragraphs: [
        reason === 'requested'
          ? t('mail.link.requested', { number: e.enrollmentNumber, course: e.course })
          : t('mail.link.renewed', { number: e.enrollmentNumber }),
        studentLinkParagraph(e.id, e.language),
        t('mail.link.ignore'),
      ],
      footer: t('mail.footer', { phone: contactPhone, email: contactEmail }),
      language: e.language,
    });
  }

  /**
   * Mails a fresh link to each enrolment of this email. The caller answers the same whether or
   * not there was one; both the mailbox and the asking address are counted.
   */
  async requestLink(email: string, ip: string, throttle: Throttle): Promise<void> {
    const normalised = email.trim().toLowerCase();
    const waits = await Promise.all([
      throttle.consume(`student-link:email:${normalised}`, THROTTLE_RULES.studentLinkPerEmail),
      throttle.consume(`student-link:ip:${addressKey(ip)}`, THROTTLE_RULES.studentLinkPerIp),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0)
      throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests, undefined, {
        'retry-after': String(wait),
      });
    const rows = await this.db
      .select({
        id: enrollments.id,
        name: enrollments.name,
        email: enrollments.email,
        enrollmentNumber: enrollments.enrollmentNumber,
        course: courses.name,
        language: enrollments.language,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(sql`lower(${enrollments.email}) = ${normalised}`, isNull(enrollments.erasedAt)))
      .orderBy(desc(enrollments.createdAt))
      .limit(5);
    if (!rows.length) return;
    await this.db.transaction(async (tx) => {
      for (const r of rows) await outboxRepository.enqueue(tx, 'mail', this.linkMail(r, 'requested'));
    });
    this.onMailQueued();
  }

  /** Staff's "Send a new link": the older links stop working now, the new one goes out by mail. */
  async sendNewLink(enrollmentId: string, staffId: string): Promise<void> {
    const row = await enrollmentRepository.byId(this.db, enrollmentId);
    // Staff name an enrolment here, not a link: an unknown or erased one is "enrolment not found".
    if (!row || row.enrollment.erasedAt) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const e = row.enrollment;
    await this.db.transaction(async (tx) => {
      await tx
        .update(studentLinks)
        .set({ revokedAt: this.now() })
        .where(and(eq(studentLinks.enrollmentId, enrollmentId), isNull(studentLinks.revokedAt)));
      await outboxRepository.enqueue(tx, 'mail', this.linkMail({ ...e, course: row.course.name }, 'renewed'));
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'student_link',
        note: 'New link to the student’s page sent; earlier links revoked',
        staffId,
      });
    });
    this.onMailQueued();
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
