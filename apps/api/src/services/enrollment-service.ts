/** Enrolments for staff: the list, the detail, edits, status changes, deletion and documents. */
import { gatewayRepository } from '../repositories/gateway-repository';
import { enrollmentFieldsSchema } from '@registrar/contract/enrollment';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_TRANSITIONS,
  type EnrollmentDetail,
  type EnrollmentListQuery,
  type EnrollmentRecord,
  type DecisionWords,
  type EnrollmentStatus,
  type InstallmentCharge,
  type StudentMailedStatus,
  isClosing,
  isStudentMailed,
} from '@registrar/contract/enrollment-admin';
import { type Page } from '@registrar/contract/envelope';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { filesToFollow } from '@registrar/contract/staff-enrollment';
import type { Executor } from '../db/database';
import type { Readable } from 'node:stream';
import { conflict, forbidden, notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { enrollmentRepository, type EnrollmentListRow } from '../repositories/enrollment-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { staffRepository } from '../repositories/staff-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { brandedMail } from './mail/mail-message';
import { studentMailClose, studentTexts } from './student-texts';
import { revokeStudentLinks, studentLinkMail, studentLinkParagraph } from './student-links';
import type { StagedFile } from './uploads/multipart-reader';
import { fileUrl, studentColumns, toEnrollmentRecord, validationError } from './enrollment-record';
import { EnrollmentIntake } from './enrollment-intake';
import { enrollmentCsv } from './enrollment-csv';
import { replanFees } from './fee-replan';
import { settlePaidOnClose } from './closing-money';
import { refundRequestsOf } from './gateway/gateway-refund-views';
import { toPage } from '../lib/page';

/** The staff member who saw the student accept at the desk, by name (email when unnamed). */
async function witnessName(db: Executor, staffId: string | null): Promise<string | null> {
  if (!staffId) return null;
  const s = await staffRepository.findById(db, staffId);
  return s ? s.name || s.email : null;
}

const VIEW_DEDUPE_MS = 10 * 60 * 1000;

/** The staff's reads and edits of enrolments; intake is the part it extends. */
/** The history keeps all a decision said: its reason, the internal note, and what the student was told. */
function historyNote({ note, message, reason }: DecisionWords): string | null {
  const parts = [reason && `Reason: ${reason}`, note, message && `Told the student: ${message}`].filter(Boolean);
  return parts.length ? parts.join('\n') : null;
}

export class EnrollmentService extends EnrollmentIntake {
  async page(q: EnrollmentListQuery): Promise<Page<EnrollmentRecord>> {
    const { items, total, totalIsCapped } = await enrollmentRepository.page(this.db, q, this.listTotals);
    return {
      ...toPage(
        items.map((r) => toEnrollmentRecord(r)),
        total,
        q,
      ),
      totalIsCapped,
    };
  }

  async detail(id: string): Promise<EnrollmentDetail> {
    const row = await enrollmentRepository.byId(this.db, id);
    if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const [documents, ledger, events, announcements] = await Promise.all([
      enrollmentRepository.documents(this.db, id),
      this.fees.ledger(id),
      enrollmentRepository.events(this.db, id),
      this.announcements.list(id),
    ]);
    // Only a payment the gateway took can have been refunded through it.
    const refundRequests = ledger.payments.some((p) => p.source === 'gateway')
      ? await refundRequestsOf(this.db, id)
      : [];
    return {
      ...toEnrollmentRecord(row),
      inquiryId: row.enrollment.inquiryId,
      documentsDeletedAt: row.enrollment.documentsDeletedAt?.toISOString() ?? null,
      documentsToFollow:
        row.enrollment.documentsDeletedAt || row.enrollment.erasedAt
          ? []
          : filesToFollow(new Set(documents.map((d) => d.field))),
      consentedAt: row.enrollment.consentedAt?.toISOString() ?? null,
      consentVia: row.enrollment.consentVia,
      consentBy: await witnessName(this.db, row.enrollment.consentStaffId),
      termsLinkSentAt: row.enrollment.termsLinkSentAt?.toISOString() ?? null,
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
        charge: row.charge as InstallmentCharge | null,
        amount: toRupees(row.amountPaise),
        dueDate: row.dueDate,
        paidAmount: toRupees(paidPaise),
        status,
      })),
      payments: ledger.payments,
      refunds: ledger.refunds,
      ...(refundRequests.length ? { refundRequests } : {}),
      concessions: ledger.concessions,
      concessionTotal: toRupees(ledger.concessionPaise),
      creditToRefund: toRupees(ledger.creditPaise),
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

  /**
   * Staff edit: any text fields, replaced documents, the authority signature. A new course,
   * payment method or joining date re-plans what the student owes: only a role that may record
   * fees (`mayReplan`) can change those, and a refusal changes nothing.
   */
  async update(
    id: string,
    patch: Record<string, string>,
    files: StagedFile[],
    staffId: string,
    mayReplan: boolean,
  ): Promise<EnrollmentDetail> {
    const current = await enrollmentRepository.byId(this.db, id);
    if (!current) throw notFound(ENROLLMENT_MESSAGES.notFound);
    const e = current.enrollment;
    const differs = (key: 'courseId' | 'paymentMethod' | 'startDate') =>
      patch[key] !== undefined && (patch[key].trim() || null) !== (e[key] ?? null);
    if (!mayReplan && (differs('courseId') || differs('paymentMethod') || differs('startDate')))
      throw forbidden(ACCESS_MESSAGES.forbidden);
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
      state: asText(e.state),
      gstin: asText(e.gstin),
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
    let emailCorrected = false;
    await this.db.transaction(async (tx) => {
      // The fee service takes the same lock: no payment lands while the schedule is re-planned.
      await paymentRepository.lockEnrollment(tx, id);
      await enrollmentRepository.update(tx, id, {
        ...studentColumns(v),
        startDate,
        courseId: v.courseId,
        gstin: v.gstin ?? null,
      });
      const scheduleChanged = v.courseId !== e.courseId || v.paymentMethod !== e.paymentMethod;
      const dateChanged = (startDate ?? null) !== (e.startDate ?? null);
      if (scheduleChanged || dateChanged)
        await replanFees(tx, id, {
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
      // A corrected address means the first one may have been someone else's: the links mailed
      // there stop working and the student gets a new one at the corrected address.
      if (v.email.trim().toLowerCase() !== e.email.trim().toLowerCase()) {
        await revokeStudentLinks(tx, id, new Date());
        await outboxRepository.enqueue(
          tx,
          'mail',
          studentLinkMail(this.config, { ...e, email: v.email, name: v.name, course: current.course.name }, 'renewed'),
        );
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: id,
          kind: 'student_link',
          note: 'Email corrected: earlier links to the student’s page revoked, a new one sent to the new address',
          staffId,
        });
        emailCorrected = true;
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
    if (emailCorrected) this.onMailQueued();
    return this.detail(id);
  }

  async changeStatus(
    id: string,
    status: EnrollmentStatus,
    words: DecisionWords,
    staffId: string,
  ): Promise<EnrollmentDetail> {
    await this.applyStatus(id, status, words, staffId);
    return this.detail(id);
  }

  /**
   * The change itself (its rules, history and the student's mail), for one enrolment or each of
   * many; answers the status before. The internal note is kept in the history and never mailed.
   */
  async applyStatus(
    id: string,
    status: EnrollmentStatus,
    words: DecisionWords,
    staffId: string,
  ): Promise<EnrollmentStatus> {
    const from = await this.db.transaction(async (tx) => {
      // Locked like a payment: no money arrives between counting what was paid and deciding on it.
      await paymentRepository.lockEnrollment(tx, id);
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
        note: historyNote(words),
        staffId,
      });
      if (isClosing(status))
        await settlePaidOnClose(tx, {
          enrollmentId: id,
          status,
          decision: words.paidMoney,
          why: words.reason || words.note || '',
          staffId,
        });
      if (isStudentMailed(status)) await this.queueDecisionMail(tx, row, status, words);
      return from;
    });
    if (isStudentMailed(status)) this.onMailQueued();
    return from;
  }

  /** Tells the student of the decision in their language, with the staff's message (a rejection with its reason); an approval links their page. */
  private async queueDecisionMail(
    tx: Executor,
    row: EnrollmentListRow,
    decision: StudentMailedStatus,
    { message, reason }: DecisionWords,
  ) {
    const e = row.enrollment;
    const { instituteName } = this.config;
    const t = studentTexts(e.language);
    const values = { number: e.enrollmentNumber, course: row.course.name };
    await outboxRepository.enqueue(
      tx,
      'mail',
      brandedMail({
        to: e.email,
        subject: t(`mail.${decision}.subject`, values),
        instituteName,
        greeting: t('mail.greeting', { name: e.name }),
        paragraphs: [
          t(`mail.${decision}.body`, values),
          ...(decision === 'rejected' && reason ? [t('mail.rejected.reason', { reason })] : []),
          ...(message ? [t('mail.decision.note', { institute: instituteName, note: message })] : []),
          decision === 'approved'
            ? studentLinkParagraph(e.id, e.language)
            : t(this.config.instituteEmail ? 'mail.rejected.contact' : 'mail.rejected.call'),
        ],
        ...studentMailClose(this.config, t),
        language: e.language,
      }),
    );
  }

  /** Deletes an enrolment without money on it; one with payments is cancelled instead, keeping its ledger. */
  async delete(id: string): Promise<void> {
    const documents = await this.db.transaction(async (tx) => {
      if (!(await paymentRepository.lockEnrollment(tx, id))) throw notFound(ENROLLMENT_MESSAGES.notFound);
      if (await paymentRepository.hasLedger(tx, id)) throw conflict(ENROLLMENT_MESSAGES.hasPayments);
      const docs = await enrollmentRepository.documents(tx, id);
      // An order opened at the gateway and never paid is kept there; here it is cancelled and let go.
      await gatewayRepository.cancelOpenOrders(tx, [id], true);
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

  /** Every enrolment the list's search and filters select, as CSV streamed batch by batch. */
  exportCsv(q: Omit<EnrollmentListQuery, 'page' | 'limit'>): Promise<Readable> {
    return enrollmentCsv(this.db, q);
  }
}
