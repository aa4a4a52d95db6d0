/**
 * Enrolments. Public intake is all or nothing: files are staged,
 * the row and everything it implies (schedule, history, inquiry link, mail) commit in one
 * transaction, and only then are the files moved into place.
 */
import type { ListTotalsCache } from '../db/list-totals-cache';
import { apiUrl } from '@registrar/contract/api-paths';
import {
  ENROLLMENT_FILE_FIELDS,
  enrollmentFieldsSchema,
  localIsoDate,
  missingEnrollmentFiles,
} from '@registrar/contract/enrollment';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_TRANSITIONS,
  type EnrollmentDetail,
  type EnrollmentListQuery,
  type EnrollmentRecord,
  type EnrollmentStatus,
} from '@registrar/contract/enrollment-admin';
import { ERROR_CODES, type FieldError, type Page } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import type { PaymentMethod } from '@registrar/contract/constants';
import { formatRupees, type Language } from '@registrar/contract/language';
import { replanSchedule } from '@registrar/contract/fee-plan';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { toCsv } from '../lib/csv';
import { HttpError, conflict, notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { courseRepository } from '../repositories/course-repository';
import { enrollmentRepository, type EnrollmentListRow } from '../repositories/enrollment-repository';
import { inquiryRepository } from '../repositories/inquiry-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { termsRepository } from '../repositories/terms-repository';
import { amountsAgree, planFeeSchedule } from './enrollment-fee-schedule';
import { FeeService, formatInr, reconcilePaid } from './fee-service';
import { AnnouncementService } from './announcement-service';
import { brandedMail } from './mail/mail-message';
import { studentTexts } from './student-texts';
import { studentLinkParagraph } from './student-page-service';
import { THROTTLE_RULES, addressKey, type Throttle } from './throttle';
import type { FileStorage } from './uploads/file-storage';
import type { StagedFile } from './uploads/multipart-reader';

export const ENROLLMENT_FILE_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(ENROLLMENT_FILE_FIELDS));
const VIEW_DEDUPE_MS = 10 * 60 * 1000;

const fileUrl = (id: string) => apiUrl('file', id);
const isUniqueViolation = (err: unknown) =>
  ((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505';

export function toEnrollmentRecord(row: EnrollmentListRow): EnrollmentRecord {
  const e = row.enrollment;
  const total = Number(row.totalFeePaise);
  const paidPaise = Number(row.paidPaise);
  const overdue = Number(row.overduePaise);
  // A rejected or cancelled enrolment keeps its ledger but owes nothing more.
  const owes = !['rejected', 'cancelled'].includes(e.status);
  return {
    _id: e.id,
    enrollmentNumber: e.enrollmentNumber,
    status: e.status,
    name: e.name,
    email: e.email,
    phoneNumber: e.phoneNumber,
    alterNativePhoneNumber: e.alterNativePhoneNumber,
    currentAddress: e.currentAddress,
    permanentAddress: e.permanentAddress,
    startDate: e.startDate,
    endDate: e.endDate,
    courseId: e.courseId,
    course: { _id: row.course.id, name: row.course.name, price: toRupees(row.course.pricePaise) },
    currentlyWorking: e.currentlyWorking as EnrollmentRecord['currentlyWorking'],
    currentlyWorkingPlace: e.currentlyWorkingPlace,
    currentSem: e.currentSem,
    designation: e.designation,
    paymentMode: (e.paymentMode as EnrollmentRecord['paymentMode']) ?? null,
    paymentMethod: e.paymentMethod as EnrollmentRecord['paymentMethod'],
    companyAddress: e.companyAddress,
    termsVersion: e.termsVersion,
    language: e.language,
    totalFee: toRupees(total),
    paidAmount: toRupees(paidPaise),
    outstanding: owes ? toRupees(Math.max(0, total - paidPaise)) : 0,
    overdueAmount: toRupees(overdue),
    paymentState: overdue > 0 ? 'overdue' : owes && total > paidPaise ? 'due' : 'paid_up',
    profilePictureUrl: row.profilePictureId ? fileUrl(row.profilePictureId) : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

function validationError(errors: FieldError[]): HttpError {
  return new HttpError(400, ERROR_CODES.validation, errors[0]?.message ?? MESSAGES.validationFailed, errors);
}

export class EnrollmentService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly storage: FileStorage,
    private readonly throttle: Throttle,
    private readonly onMailQueued: () => void,
    /** The list's kept totals; without it every page counts its rows. */
    private readonly listTotals?: ListTotalsCache,
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

  /** Creates the enrolment; `unmoved` names documents left staged for storage recovery to move. */
  async create(
    fields: Record<string, string>,
    files: StagedFile[],
    clientIp: string | null = null,
  ): Promise<{ enrollmentNumber: string; id: string; unmoved: string[] }> {
    const parsed = enrollmentFieldsSchema.safeParse(fields);
    const errors: FieldError[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    errors.push(...missingEnrollmentFiles(new Set(files.map((f) => f.field))));
    if (!parsed.success || errors.length) throw validationError(errors);
    const input = parsed.data;

    const course = await courseRepository.byId(this.db, input.courseId).catch(() => undefined);
    if (!course || !course.active)
      throw validationError([{ path: 'courseId', message: ENROLLMENT_MESSAGES.courseUnavailable }]);
    const today = localIsoDate();
    const schedule = planFeeSchedule(course, input.paymentMethod, input.startDate ?? today);
    if (!amountsAgree(schedule, input.emiPrice))
      throw validationError([{ path: 'emiPrice', message: ENROLLMENT_MESSAGES.amountsDisagree }]);
    if (await enrollmentRepository.openEnrollmentExists(this.db, input.email, course.id))
      throw conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
    const terms = await termsRepository.latest(this.db);
    // Consent counts only for the terms the student was shown: a page opened before the terms
    // changed must be reloaded, so the record never claims acceptance of text nobody saw.
    if (input.termsVersion !== undefined && input.termsVersion !== (terms?.version ?? 0))
      throw conflict(ENROLLMENT_MESSAGES.termsChanged);

    let created: { id: string; enrollmentNumber: string };
    try {
      created = await this.db.transaction(async (tx) => {
        const n = await enrollmentRepository.nextNumber(tx);
        const enrollmentNumber = `ENR-${today.slice(0, 4)}-${String(n).padStart(5, '0')}`;
        const inquiryId = await enrollmentRepository.openInquiryFor(tx, input.email, input.phoneNumber);
        const row = await enrollmentRepository.insert(tx, {
          enrollmentNumber,
          courseId: course.id,
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          alterNativePhoneNumber: input.alterNativePhoneNumber ?? null,
          currentAddress: input.currentAddress,
          permanentAddress: input.permanentAddress,
          startDate: input.startDate ?? null,
          endDate: input.endDate ?? null,
          currentlyWorking: input.currentlyWorking,
          currentlyWorkingPlace: input.currentlyWorkingPlace,
          currentSem: input.currentSem ?? null,
          designation: input.designation ?? null,
          paymentMode: input.paymentMode ?? null,
          paymentMethod: input.paymentMethod,
          companyAddress: this.config.companyAddress, // from configuration, never the client
          termsVersion: terms?.version ?? null,
          consentedAt: new Date(),
          consentIp: clientIp,
          inquiryId: inquiryId ?? null,
          language: input.language,
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
        await enrollmentRepository.addEvent(tx, { enrollmentId: row.id, kind: 'created', toStatus: 'pending' });
        if (inquiryId) {
          const inquiry = await inquiryRepository.byId(tx, inquiryId);
          await inquiryRepository.update(tx, inquiryId, { status: 'converted' });
          await inquiryRepository.addEvent(tx, {
            inquiryId,
            kind: 'converted',
            fromStatus: inquiry?.status ?? null,
            toStatus: 'converted',
            note: `Enrolled as ${enrollmentNumber}`,
          });
        }
        await this.queueIntakeMails(
          tx,
          { ...row, courseName: course.name },
          schedule.reduce((t, s) => t + s.amountPaise, 0),
        );
        return { id: row.id, enrollmentNumber };
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

  private async queueIntakeMails(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: { id: string; name: string; email: string; enrollmentNumber: string; courseName: string; language: Language },
    totalPaise: number,
  ) {
    const { instituteName, contactEmail, contactPhone, publicUrl } = this.config;
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
          studentLinkParagraph(row.id, row.language),
        ],
        footer: t('mail.footer', { phone: contactPhone, email: contactEmail }),
        language: row.language,
      }),
    );
    for (const recipient of await inquiryRepository.staffRecipients(tx)) {
      await outboxRepository.enqueue(
        tx,
        'mail',
        brandedMail({
          to: recipient.email,
          subject: `New enrolment ${row.enrollmentNumber}: ${row.name} in ${row.courseName}`,
          instituteName,
          greeting: `Hello ${recipient.name},`,
          paragraphs: [`${row.name} (${row.email}) enrolled in ${row.courseName} and is waiting for review.`],
          action: { label: 'Review the enrolment', url: `${publicUrl}/student-enrollments/${row.id}` },
        }),
      );
    }
  }

  async page(q: EnrollmentListQuery): Promise<Page<EnrollmentRecord>> {
    const { items, total } = await enrollmentRepository.page(this.db, q, this.listTotals);
    return {
      items: items.map((r) => toEnrollmentRecord(r)),
      page: q.page,
      limit: q.limit,
      total,
      totalPages: Math.ceil(total / q.limit),
    };
  }

  async detail(id: string): Promise<EnrollmentDetail> {
    const row = await enrollmentRepository.byId(this.db, id);
    if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const [documents, ledger, events, announcements] = await Promise.all([
      enrollmentRepository.documents(this.db, id),
      new FeeService(this.db, this.config, this.onMailQueued).ledger(id),
      enrollmentRepository.events(this.db, id),
      new AnnouncementService(this.db, this.config, this.onMailQueued).list(id),
    ]);
    return {
      ...toEnrollmentRecord(row),
      inquiryId: row.enrollment.inquiryId,
      documentsDeletedAt: row.enrollment.documentsDeletedAt?.toISOString() ?? null,
      consentedAt: row.enrollment.consentedAt?.toISOString() ?? null,
      erasedAt: row.enrollment.erasedAt?.toISOString() ?? null,
      documents: documents.map((d) => ({
        _id: d.id,
        field: d.field,
        url: fileUrl(d.id),
        mime: d.mime,
        size: d.size,
        originalName: d.originalName,
      })),
      installments: ledger.schedule.map(({ row, paidPaise, status }) => ({
        _id: row.id,
        number: row.number,
        amount: toRupees(row.amountPaise),
        dueDate: row.dueDate,
        paidAmount: toRupees(paidPaise),
        status,
      })),
      payments: ledger.payments,
      refunds: ledger.refunds,
      concessions: ledger.concessions,
      concessionTotal: toRupees(ledger.concessionPaise),
      announcements,
      history: events.map(({ event, staff }) => ({
        _id: event.id,
        kind: event.kind,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        note: event.note,
        by: staff?.id ? { _id: staff.id, name: staff.name } : null,
        at: event.createdAt.toISOString(),
      })),
    };
  }

  /** Staff edit: any text fields, replaced documents, the authority signature. */
  async update(
    id: string,
    patch: Record<string, string>,
    files: StagedFile[],
    staffId: string,
  ): Promise<EnrollmentDetail> {
    const current = await enrollmentRepository.byId(this.db, id);
    if (!current) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const e = current.enrollment;
    const asText = (v: string | null | undefined) => v ?? '';
    const merged: Record<string, string> = {
      name: e.name,
      currentAddress: e.currentAddress,
      permanentAddress: e.permanentAddress,
      phoneNumber: e.phoneNumber,
      email: e.email,
      alterNativePhoneNumber: asText(e.alterNativePhoneNumber),
      endDate: asText(e.endDate),
      courseId: e.courseId,
      currentlyWorking: e.currentlyWorking,
      currentlyWorkingPlace: e.currentlyWorkingPlace,
      currentSem: asText(e.currentSem),
      designation: asText(e.designation),
      paymentMode: asText(e.paymentMode),
      paymentMethod: e.paymentMethod,
      ...patch,
    };
    // An unchanged joining date in the past is history, not a mistake: check it only when changed.
    if (patch.startDate === undefined) delete merged.startDate;
    delete merged.emiPrice;
    const parsed = enrollmentFieldsSchema.safeParse(merged);
    if (!parsed.success)
      throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const v = parsed.data;
    const startDate = patch.startDate === undefined ? e.startDate : (v.startDate ?? null);
    const changed = Object.keys(patch).filter((k) => k !== 'emiPrice');

    let replacedIds: string[] = [];
    await this.db.transaction(async (tx) => {
      // The fee service takes the same lock: no payment lands while the schedule is re-planned.
      await paymentRepository.lockEnrollment(tx, id);
      await enrollmentRepository.update(tx, id, {
        name: v.name,
        currentAddress: v.currentAddress,
        permanentAddress: v.permanentAddress,
        phoneNumber: v.phoneNumber,
        email: v.email,
        alterNativePhoneNumber: v.alterNativePhoneNumber ?? null,
        startDate,
        endDate: v.endDate ?? null,
        courseId: v.courseId,
        currentlyWorking: v.currentlyWorking,
        currentlyWorkingPlace: v.currentlyWorkingPlace,
        currentSem: v.currentSem ?? null,
        designation: v.designation ?? null,
        paymentMode: v.paymentMode ?? null,
        paymentMethod: v.paymentMethod,
      });
      const scheduleChanged = v.courseId !== e.courseId || v.paymentMethod !== e.paymentMethod;
      const dateChanged = (startDate ?? null) !== (e.startDate ?? null);
      if (scheduleChanged || dateChanged)
        await this.replan(tx, id, {
          courseId: v.courseId,
          paymentMethod: v.paymentMethod,
          firstDue: startDate ?? e.createdAt.toISOString().slice(0, 10),
          scheduleChanged,
          dateChanged,
          staffId,
        });
      if (files.length) {
        const fields = new Set(files.map((f) => f.field));
        replacedIds = (await enrollmentRepository.documents(tx, id))
          .filter((d) => fields.has(d.field))
          .map((d) => d.id);
        await enrollmentRepository.removeDocuments(tx, replacedIds);
        await enrollmentRepository.addDocuments(
          tx,
          files.map((f) => ({
            id: f.id,
            enrollmentId: id,
            field: f.field,
            mime: f.mime,
            size: f.size,
            originalName: f.originalName,
          })),
        );
      }
      const what = [...changed, ...files.map((f) => `${f.field} (file)`)];
      await enrollmentRepository.addEvent(tx, {
        enrollmentId: id,
        kind: 'updated',
        note: what.length ? `Changed: ${what.join(', ')}` : null,
        staffId,
      });
    });
    await Promise.all(files.map((f) => this.storage.commit(f.id)));
    await Promise.all(replacedIds.map((docId) => this.storage.remove(docId)));
    return this.detail(id);
  }

  /**
   * Re-plans the schedule without touching the ledger: a new joining date moves the due dates of
   * installments not paid in full; a new course or payment method replaces the schedule and the
   * payments (each keeping its receipt) are carried over oldest installment first. Refused when
   * more has been paid than the new schedule asks.
   */
  private async replan(
    tx: Executor,
    id: string,
    change: {
      courseId: string;
      paymentMethod: PaymentMethod;
      firstDue: string;
      scheduleChanged: boolean;
      dateChanged: boolean;
      staffId: string;
    },
  ): Promise<void> {
    // One after the other: a transaction is one connection.
    const current = await enrollmentRepository.schedule(tx, id);
    const net = await paymentRepository.netPayments(tx, id);
    const concessionPaise = await paymentRepository.concessionPaise(tx, id);
    const course = change.scheduleChanged ? await courseRepository.byId(tx, change.courseId) : undefined;
    if (change.scheduleChanged && !course)
      throw validationError([{ path: 'courseId', message: ENROLLMENT_MESSAGES.courseUnavailable }]);
    const result = replanSchedule({
      current,
      netPaidPaise: net.reduce((t, p) => t + p.netPaise, 0),
      concessionPaise,
      scheduleChanged: change.scheduleChanged,
      dateChanged: change.dateChanged,
      firstDue: change.firstDue,
      plan: () => planFeeSchedule(course!, change.paymentMethod, change.firstDue),
    });
    if (result.kind === 'none') return;
    if (result.kind === 'paidTooMuch')
      throw conflict(
        `${FEE_MESSAGES.replanPaidTooMuch} (paid ${formatInr(result.paidPaise)}, new total ${formatInr(result.newTotalPaise)})`,
      );
    if (result.kind === 'dates') {
      for (const [i, row] of result.schedule.entries())
        if (row.movedFrom) await paymentRepository.updateInstallment(tx, current[i]!.id, { dueDate: row.dueDate });
    } else {
      await enrollmentRepository.replaceSchedule(
        tx,
        id,
        result.schedule.map(({ number, amountPaise, dueDate }) => ({ number, amountPaise, dueDate })),
      );
      await reconcilePaid(tx, id);
    }
    const line = (r: { number: number; amountPaise: number; dueDate: string; paidPaise: number }) =>
      `#${r.number} ${formatInr(r.amountPaise)} due ${r.dueDate} paid ${formatInr(r.paidPaise)}`;
    await enrollmentRepository.addEvent(tx, {
      enrollmentId: id,
      kind: 'schedule_replanned',
      note: `${
        result.kind === 'dates'
          ? 'New joining date: due dates of open installments moved'
          : `New course or payment method: schedule rebuilt, ${formatInr(result.carriedPaise)} carried over oldest installment first`
      }. Before: ${current.map(line).join('; ') || 'none'}. After: ${result.schedule.map(line).join('; ') || 'none'}.`,
      staffId: change.staffId,
    });
  }

  async changeStatus(
    id: string,
    status: EnrollmentStatus,
    note: string | undefined,
    staffId: string,
  ): Promise<EnrollmentDetail> {
    await this.db.transaction(async (tx) => {
      const row = await enrollmentRepository.byId(tx, id);
      if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
      const from = row.enrollment.status;
      if (!ENROLLMENT_TRANSITIONS[from].includes(status))
        throw conflict(
          `${ENROLLMENT_MESSAGES.transitionNotAllowed}: ${ENROLLMENT_STATUS_LABELS[from]} → ${ENROLLMENT_STATUS_LABELS[status]}`,
        );
      await enrollmentRepository.update(tx, id, { status });
      await enrollmentRepository.addEvent(tx, {
        enrollmentId: id,
        kind: 'status_changed',
        fromStatus: from,
        toStatus: status,
        note: note || null,
        staffId,
      });
    });
    return this.detail(id);
  }

  /** Deletes an enrolment without money on it; one with payments is cancelled instead, keeping its ledger. */
  async delete(id: string): Promise<void> {
    const documents = await this.db.transaction(async (tx) => {
      if (!(await paymentRepository.lockEnrollment(tx, id))) throw notFound(ENROLLMENT_MESSAGES.notFound);
      if (await paymentRepository.hasLedger(tx, id)) throw conflict(ENROLLMENT_MESSAGES.hasPayments);
      const docs = await enrollmentRepository.documents(tx, id);
      await enrollmentRepository.delete(tx, id);
      return docs;
    });
    await Promise.all(documents.map((d) => this.storage.remove(d.id)));
  }

  /** A document for staff; each view lands in the enrolment's history (once per 10 minutes per person). */
  async openDocument(documentId: string, staffId: string) {
    const doc = await enrollmentRepository.document(this.db, documentId);
    if (!doc) throw notFound(ENROLLMENT_MESSAGES.documentNotFound);
    const file = await this.storage.open(doc.id);
    if (!file) throw notFound(ENROLLMENT_MESSAGES.documentNotFound);
    if (!(await enrollmentRepository.recentView(this.db, doc.enrollmentId, doc.id, staffId, VIEW_DEDUPE_MS)))
      await enrollmentRepository.addEvent(this.db, {
        enrollmentId: doc.enrollmentId,
        kind: 'document_viewed',
        note: doc.id,
        staffId,
      });
    return { doc, file };
  }

  async exportCsv(q: Omit<EnrollmentListQuery, 'page' | 'limit'>): Promise<string> {
    const rows = await enrollmentRepository.all(this.db, q);
    return toCsv(
      [
        'Enrolment number',
        'Received',
        'Status',
        'Name',
        'Email',
        'Phone',
        'Course',
        'Payment method',
        'Joining date',
        'Total fee (INR)',
        'Working',
        'Place',
      ],
      rows.map((r) => {
        const e = r.enrollment;
        return [
          e.enrollmentNumber,
          e.createdAt.toISOString(),
          ENROLLMENT_STATUS_LABELS[e.status],
          e.name,
          e.email,
          e.phoneNumber,
          r.course.name,
          e.paymentMethod,
          e.startDate,
          toRupees(Number(r.totalFeePaise)).toFixed(2),
          e.currentlyWorking,
          e.currentlyWorkingPlace,
        ];
      }),
    );
  }
}
