/**
 * The student's own page, reached by a private link. A token is 32 random bytes; only its SHA-256
 * is stored, so the database (and a backup of it) never holds a working link. Links are minted
 * when a mail is sent, not when it is queued, so the outbox never holds one either.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES, type EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import {
  STUDENT_LINK_DAYS,
  STUDENT_PAGE_MESSAGES,
  STUDENT_PAGE_PATH,
  STUDENT_PAY_PARAM,
  STUDENT_TOKEN_BYTES,
  studentPageUrl,
} from '@registrar/contract/student-page';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { courses, enrollments, studentLinks } from '../db/schema';
import { HttpError, notFound } from '../lib/http-errors';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { studentMailClose, studentTexts } from './student-texts';
import { brandedMail, escapeHtml, type MailMessage } from './mail/mail-message';
import { THROTTLE_RULES, addressKey, type Throttle } from './throttle';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';

export const DAY_MS = 86_400_000;
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Stands in a queued mail for the link to one enrolment's page; the outbox replaces it with a
 * fresh link when it sends the mail, and only if the mail goes to that enrolment's own address.
 */
export const PLACEHOLDER = /\{\{student-page-link:([0-9a-f-]{36})(?::pay=(\d{1,3}))?\}\}/g;

/** The line every mail to a student carries; with an installment, the link opens it ready to pay. */
export const studentLinkParagraph = (enrollmentId: string, language?: string | null, installment?: number) =>
  studentTexts(language)('mail.studentLink', {
    days: STUDENT_LINK_DAYS,
    link: `{{student-page-link:${enrollmentId}${installment ? `:pay=${installment}` : ''}}}`,
  });

export const OPEN_FOR_FEES = (status: string) => status !== 'rejected' && status !== 'cancelled';

/** The mail that carries a fresh link, in the language stored with the enrolment, like its other mails. */
export function studentLinkMail(
  config: Pick<Config, 'instituteName' | 'contactEmail' | 'contactPhone' | 'instituteEmail'>,
  e: { id: string; email: string; name: string; enrollmentNumber: string; course: string; language: string },
  reason: 'requested' | 'renewed',
) {
  const { instituteName } = config;
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
    ...studentMailClose(config, t),
    language: e.language,
  });
}

/** Every link to the enrolment's page stops working now. */
export async function revokeStudentLinks(db: Executor, enrollmentId: string, now: Date): Promise<void> {
  await db
    .update(studentLinks)
    .set({ revokedAt: now })
    .where(and(eq(studentLinks.enrollmentId, enrollmentId), isNull(studentLinks.revokedAt)));
}

/** The student's private links: minted when a mail is sent, resolved, asked for again, revoked. */
export class StudentLinks {
  constructor(
    protected readonly db: Db,
    protected readonly config: Config,
    protected readonly detail: (enrollmentId: string) => Promise<EnrollmentDetail>,
    protected readonly onMailQueued: () => void,
    protected readonly now: () => Date = () => new Date(),
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
    const url = (id: string, pay?: string) => {
      const own = urls.get(id);
      if (!own) return `${this.config.publicUrl}${STUDENT_PAGE_PATH}`;
      return pay ? `${own}?${STUDENT_PAY_PARAM}=${pay}` : own;
    };
    return {
      ...mail,
      text: mail.text.replace(PLACEHOLDER, (_m, id: string, pay?: string) => url(id, pay)),
      html: mail.html.replace(PLACEHOLDER, (_m, id: string, pay?: string) => {
        const href = escapeHtml(url(id, pay));
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

  /**
   * Counts a request for a fresh link: per asking address, and per email from that address, so
   * a stranger asking from many addresses never spends the student's own allowance. Nothing here
   * depends on whether the email is enrolled; the mail itself is `mailLink`'s, after the answer.
   */
  async countLinkRequest(email: string, ip: string, throttle: Throttle): Promise<void> {
    const normalised = email.trim().toLowerCase();
    const address = addressKey(ip);
    const waits = await Promise.all([
      throttle.consume(`student-link:email:${normalised}:ip:${address}`, THROTTLE_RULES.studentLinkPerEmail),
      throttle.consume(`student-link:ip:${address}`, THROTTLE_RULES.studentLinkPerIp),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0)
      throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests, undefined, {
        'retry-after': String(wait),
      });
  }

  /**
   * Queues a fresh link to each enrolment of this email, at most once per mailbox in ten minutes
   * whoever asks (the mail already on its way serves a second asker); older links keep working.
   */
  async mailLink(email: string, throttle: Throttle): Promise<void> {
    const normalised = email.trim().toLowerCase();
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
    if ((await throttle.consume(`student-link:mailbox:${normalised}`, THROTTLE_RULES.studentLinkMailbox)) > 0) return;
    await this.db.transaction(async (tx) => {
      for (const r of rows) await outboxRepository.enqueue(tx, 'mail', studentLinkMail(this.config, r, 'requested'));
    });
  }

  /** Staff's "Send a new link": the older links stop working now, the new one goes out by mail. */
  async sendNewLink(enrollmentId: string, staffId: string): Promise<void> {
    const row = await enrollmentRepository.byId(this.db, enrollmentId);
    // Staff name an enrolment here, not a link: an unknown or erased one is "enrolment not found".
    if (!row || row.enrollment.erasedAt) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const e = row.enrollment;
    await this.db.transaction(async (tx) => {
      await revokeStudentLinks(tx, enrollmentId, this.now());
      await outboxRepository.enqueue(
        tx,
        'mail',
        studentLinkMail(this.config, { ...e, course: row.course.name }, 'renewed'),
      );
      await enrollmentRepository.addEvent(tx, {
        enrollmentId,
        kind: 'student_link',
        note: 'New link to the student’s page sent; earlier links revoked',
        staffId,
      });
    });
    this.onMailQueued();
  }
}
