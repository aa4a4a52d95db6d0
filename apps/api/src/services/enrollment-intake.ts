/**
 * Enrolment intake. It is all or nothing: files are staged,
 * the row and everything it implies (schedule, history, inquiry link, mail) commit in one
 * transaction, and only then are the files moved into place.
 */
import type { ListTotalsCache } from '../db/list-totals-cache';
import {
  DOCUMENT_LABELS,
  enrollmentFieldsSchema,
  localIsoDate,
  missingEnrollmentFiles,
} from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { ERROR_CODES, type FieldError } from '@registrar/contract/envelope';
import { formatRupees, type Language } from '@registrar/contract/language';
import { filesToFollow } from '@registrar/contract/staff-enrollment';
import type { DeskTermsChoice } from '@registrar/contract/terms';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { HttpError, conflict } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { courseRepository } from '../repositories/course-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { inquiryRepository } from '../repositories/inquiry-repository';
import { notificationRepository } from '../repositories/notification-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { termsRepository } from '../repositories/terms-repository';
import { amountsAgree, planFeeSchedule, planOwed } from './enrollment-fee-schedule';
import { type FeeService } from './fee-service';
import type { AnnouncementService } from './announcement-service';
import { brandedMail } from './mail/mail-message';
import { staffToTell } from './staff-notices';
import { newEnrollmentMail } from './enrollment-digest';
import { studentMailClose, studentTexts } from './student-texts';
import { studentLinkParagraph } from './student-links';
import { THROTTLE_RULES, addressKey, type Throttle } from './throttle';
import type { FileStorage } from './uploads/file-storage';
import type { StagedFile } from './uploads/multipart-reader';
import { enrollmentNumber, studentColumns, validationError } from './enrollment-record';
import { isUniqueViolation } from '../lib/database-errors';

/** Who enrolled a walk-in from the console, and the inquiry it converts (checked by the caller). */
export interface StaffIntake {
  staffId: string;
  inquiryId?: string | undefined;
  /** The student accepts at the desk (the staff member witnesses it) or later on their page by the link mailed now. */
  terms?: DeskTermsChoice | undefined;
  /** Runs first in the enrolment's transaction (an Idempotency-Key claimed), and again once the row stands. */
  once?: {
    claim: (tx: Executor) => Promise<void>;
    created: (tx: Executor, created: { id: string; enrollmentNumber: string }) => Promise<void>;
  };
}

/** Acceptance now (public form or desk, with its witness), or none yet while the student's link is out. */
function consentColumns(version: number | null, clientIp: string | null, byStaff?: StaffIntake) {
  const now = new Date();
  if (byStaff?.terms === 'link') return { termsVersion: null, consentedAt: null, termsLinkSentAt: now };
  return {
    termsVersion: version,
    consentedAt: now,
    consentIp: clientIp,
    consentVia: byStaff ? ('desk' as const) : ('form' as const),
    consentStaffId: byStaff?.staffId ?? null,
  };
}

const staffIntakeNote = (present: ReadonlySet<string>) => {
  const missing = filesToFollow(present);
  return `Enrolled from the console${missing.length ? `; documents to follow: ${missing.map((f) => DOCUMENT_LABELS[f]).join(', ')}` : ''}`;
};

/** Takes enrolments in, from the public form and from the console. */
export class EnrollmentIntake {
  constructor(
    protected readonly db: Db,
    protected readonly config: Config,
    protected readonly storage: FileStorage,
    protected readonly throttle: Throttle,
    protected readonly onMailQueued: () => void,
    protected readonly fees: FeeService,
    protected readonly announcements: AnnouncementService,
    /** The list's kept totals; without it every page counts its rows. */
    protected readonly listTotals?: ListTotalsCache,
  ) {}

  /** Called before reading the body, so a flood never costs disk writes. */
  async checkRate(ip: string): Promise<void> {
    const key = `enrollment:ip:${addressKey(ip)}`;
    const wait = await this.throttle.consume(key, {
      ...THROTTLE_RULES.enrollmentPerIp,
      limit: this.config.intakeLimitPerIp,
    });
    if (wait > 0)
      throw new HttpError(429, ERROR_CODES.rateLimited, ENROLLMENT_MESSAGES.tooManyFromConnection, undefined, {
        'retry-after': String(wait),
      });
  }

  /**
   * Creates the enrolment; `unmoved` names documents left staged for storage recovery to move.
   * From the console (`byStaff`) required files may follow later and the inquiry is the one named.
   */
  async create(
    fields: Record<string, string>,
    files: StagedFile[],
    clientIp: string | null = null,
    byStaff?: StaffIntake,
  ): Promise<{ enrollmentNumber: string; id: string; unmoved: string[] }> {
    const parsed = enrollmentFieldsSchema.safeParse(fields);
    const errors: FieldError[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    if (!byStaff) errors.push(...missingEnrollmentFiles(new Set(files.map((f) => f.field))));
    if (!parsed.success || errors.length) throw validationError(errors);
    const input = parsed.data;

    const course = await courseRepository.byId(this.db, input.courseId).catch(() => undefined);
    if (!course || !course.active)
      throw validationError([{ path: 'courseId', message: ENROLLMENT_MESSAGES.courseUnavailable }]);
    const today = localIsoDate();
    // The form shows the course's own amounts; the tax a tax-exclusive course adds comes on top.
    if (!amountsAgree(planFeeSchedule(course, input.paymentMethod, input.startDate ?? today), input.emiPrice))
      throw validationError([{ path: 'emiPrice', message: ENROLLMENT_MESSAGES.amountsDisagree }]);
    if (await enrollmentRepository.openEnrollmentExists(this.db, input.email, course.id))
      throw conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
    const schedule = await planOwed(this.db, course, input.paymentMethod, input.startDate ?? today);
    const terms = await termsRepository.latest(this.db);
    // Consent counts only for the terms the student was shown: a page opened before the terms
    // changed must be reloaded, so the record never claims acceptance of text nobody saw.
    if (input.termsVersion !== undefined && input.termsVersion !== (terms?.version ?? 0))
      throw conflict(ENROLLMENT_MESSAGES.termsChanged);

    let created: { id: string; enrollmentNumber: string };
    try {
      created = await this.db.transaction(async (tx) => {
        await byStaff?.once?.claim(tx);
        const number = enrollmentNumber(today, await enrollmentRepository.nextNumber(tx));
        const inquiryId =
          byStaff?.inquiryId ?? (await enrollmentRepository.openInquiryFor(tx, input.email, input.phoneNumber));
        const row = await enrollmentRepository.insert(tx, {
          enrollmentNumber: number,
          courseId: course.id,
          ...studentColumns(input),
          companyAddress: this.config.companyAddress, // from configuration, never the client
          ...consentColumns(terms?.version ?? null, clientIp, byStaff),
          phoneMessagesConsentAt: input.messagesConsent ? new Date() : null,
          inquiryId: inquiryId ?? null,
          language: input.language,
          gstin: input.gstin ?? null,
        });
        await enrollmentRepository.addDocuments(
          tx,
          files.map((f) => ({
            id: f.id,
            enrollmentId: row.id,
            field: f.field,
            mime: f.mime,
            size: f.size,
            originalName: f.originalName,
          })),
        );
        await enrollmentRepository.replaceSchedule(tx, row.id, schedule);
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: row.id,
          kind: 'created',
          toStatus: 'pending',
          staffId: byStaff?.staffId ?? null,
          note: byStaff ? staffIntakeNote(new Set(files.map((f) => f.field))) : null,
        });
        if (inquiryId) {
          const inquiry = await inquiryRepository.byId(tx, inquiryId);
          await inquiryRepository.update(tx, inquiryId, { status: 'converted' });
          await inquiryRepository.addEvent(tx, {
            inquiryId,
            kind: 'converted',
            fromStatus: inquiry?.status ?? null,
            toStatus: 'converted',
            note: `Enrolled as ${number}`,
          });
        }
        await this.queueIntakeMails(
          tx,
          { ...row, courseName: course.name },
          schedule.reduce((t, s) => t + s.amountPaise, 0),
        );
        await byStaff?.once?.created(tx, { id: row.id, enrollmentNumber: number });
        return { id: row.id, enrollmentNumber: number };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
      throw err;
    }
    // Committed: move the files into place. The enrolment stands whatever happens now: a file that
    // cannot be moved (or a crash) stays staged, where downloads still find it, and storage
    // recovery finishes the move. Failing here would make the caller discard a committed enrolment's files.
    const moves = await Promise.allSettled(files.map((f) => this.storage.commit(f.id)));
    this.onMailQueued();
    return { ...created, unmoved: files.filter((_, i) => moves[i]!.status === 'rejected').map((f) => f.id) };
  }

  protected async queueIntakeMails(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: {
      id: string;
      name: string;
      email: string;
      enrollmentNumber: string;
      courseName: string;
      language: Language;
      termsLinkSentAt?: Date | null;
    },
    totalPaise: number,
  ) {
    const { instituteName } = this.config;
    const t = studentTexts(row.language);
    await outboxRepository.enqueue(
      tx,
      'mail',
      brandedMail({
        to: row.email,
        subject: t('mail.enrolled.subject', { number: row.enrollmentNumber, institute: instituteName }),
        instituteName,
        greeting: t('mail.greeting', { name: row.name }),
        paragraphs: [
          t('mail.enrolled.thanks', {
            course: row.courseName,
            number: row.enrollmentNumber,
            fee: formatRupees(toRupees(totalPaise), row.language),
          }),
          t('mail.enrolled.review'),
          // The desk left the terms to the student: the page this mail links to asks for them.
          ...(row.termsLinkSentAt ? [t('mail.enrolled.acceptTerms')] : []),
          studentLinkParagraph(row.id, row.language),
        ],
        ...studentMailClose(this.config, t),
        language: row.language,
      }),
    );
    await notificationRepository.queueEnrollment(tx, row.id);
    for (const recipient of await staffToTell(tx, 'enrollments.read', 'each'))
      await outboxRepository.enqueue(tx, 'mail', newEnrollmentMail(this.config, recipient, [row]));
  }
}
