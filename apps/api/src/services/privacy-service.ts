/**
 * Students' rights over their data. Erasure on request removes a person from every place the
 * product keeps them — enrolments, documents, inquiries, announcements, queued and sent mail (rows
 * and `.eml` files), audit entries — except the fee ledger, which accounting law makes us keep: an
 * enrolment with payments stays under a pseudonym with its amounts, dates and receipt numbers.
 * Access builds a zip of everything held about one enrolment's person (privacy-export.ts).
 */
import type { Readable } from 'node:stream';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { PRIVACY_MESSAGES, type ErasureKind, type ErasureResult } from '@registrar/contract/privacy';
import type { DatabaseKind, Db, Executor } from '../db/database';
import { conflict, notFound } from '../lib/http-errors';
import { eraseMailFiles } from './erasure-mail-files';
import { scrubLedger } from './erasure-ledger';
import { gatewayRepository } from '../repositories/gateway-repository';
import { privacyRepository as rows } from '../repositories/privacy-repository';
import { scrubImportRows, scrubStatementLines } from './erasure-statements';
import { ERASED, isAbout, scrub, scrubMail, type ErasedPerson } from './erasure-match';
import { exportPersonalData } from './privacy-export';
import type { FileStorage } from './uploads/file-storage';

/** Names shorter than this are not searched for inside other text: they would match ordinary words. */
const MIN_NAME_LENGTH = 3;
/** Tables an erasure may write; each one it wrote is rewritten afterwards so no old row version stays in its files. */
type TouchedTable =
  | 'enrollments'
  | 'enrollment_documents'
  | 'enrollment_events'
  | 'student_links'
  | 'student_requests'
  | 'announcements'
  | 'outbox'
  | 'payments'
  | 'payment_claims'
  | 'student_messages'
  | 'refunds'
  | 'concessions'
  | 'inquiries'
  | 'inquiry_events'
  | 'inquiry_contacts'
  | 'inquiry_notifications'
  | 'audit_log'
  | 'bank_statement_lines'
  | 'imports'
  | 'gateway_refund_requests'
  | 'tax_documents';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly outboxDir: string,
    private readonly kind: DatabaseKind,
  ) {}

  /** Erases everything about the person with this email; answers what went, as the kept record says. */
  async erase(email: string, reason: string, staffId: string): Promise<ErasureResult> {
    const lowerEmail = email.trim().toLowerCase();
    // Staff are not erased this way: the audit trail must keep who did what.
    if (await rows.isStaffEmail(this.db, lowerEmail)) throw conflict(PRIVACY_MESSAGES.staffEmail);
    const found = await rows.enrollmentsOf(this.db, lowerEmail);
    const enrollmentPhones = [
      ...new Set(
        found
          .flatMap((e) => [e.phone, e.alternative ?? ''])
          .map(digitsOf)
          .filter(Boolean),
      ),
    ];
    const linked = found.flatMap((e) => (e.inquiryId ? [e.inquiryId] : []));
    // The person's inquiries: by their email, by their enrolments' phones, and the ones their enrolments link.
    const inquiryRows = await rows.inquiriesMatching(this.db, lowerEmail, enrollmentPhones, linked);
    const inquiryIds = inquiryRows.map((i) => i.id);
    const clean = (values: string[], min = 1) => [
      ...new Set(values.map((v) => v.trim()).filter((v) => v.length >= min)),
    ];
    // Everything that names the person, each matched only as a whole value.
    const person: ErasedPerson = {
      emails: clean([lowerEmail, ...inquiryRows.map((i) => i.email.toLowerCase())]),
      phones: clean([...found.flatMap((e) => [e.phone, e.alternative ?? '']), ...inquiryRows.map((i) => i.phone)]),
      names: clean([...found.map((e) => e.name), ...inquiryRows.map((i) => i.name)], MIN_NAME_LENGTH),
    };
    const enrollmentIds = found.map((e) => e.id);
    const documents = await rows.documentsOf(this.db, enrollmentIds);
    // Files first: if the database step then fails, a retry finds the rows and finishes; the
    // other way round a crash would leave files that no row points at any more.
    await Promise.all(documents.map((d) => this.storage.remove(d.id)));

    const counts: Record<ErasureKind, number> = {
      enrollmentsDeleted: 0,
      enrollmentsPseudonymised: 0,
      documents: documents.length,
      inquiries: 0,
      announcements: 0,
      outboxMails: 0,
      mailFiles: 0,
      auditEntries: 0,
      paymentsKept: 0,
      mailsScrubbed: 0,
      mailFilesScrubbed: 0,
      statementLinesScrubbed: 0,
      importRowsScrubbed: 0,
      ordersCancelled: 0,
      taxDocumentsScrubbed: 0,
    };
    const touched = new Set<TouchedTable>();
    const enrollmentNumbers = found.map((e) => e.number).sort();
    const record = await this.db.transaction(async (tx) => {
      await rows.allowErasure(tx);
      const erasure = await rows.recordErasure(tx, {
        staffId,
        reason: scrub(reason, person),
        counts: {},
        enrollmentNumbers,
      });
      const pseudonym = `Erased student ${erasure.id.slice(0, 8)}`;
      // Before any enrolment goes: a deleted one would no longer mark the lines that were its own.
      counts.statementLinesScrubbed = await scrubStatementLines(tx, enrollmentIds, person);
      counts.importRowsScrubbed = await scrubImportRows(tx, person);
      if (counts.statementLinesScrubbed) touched.add('bank_statement_lines');
      if (counts.importRowsScrubbed) touched.add('imports');

      if (enrollmentIds.length) {
        touched.add('enrollments').add('enrollment_documents').add('enrollment_events');
        touched.add('announcements').add('student_links').add('student_requests');
      }
      // Announcements go with their mails.
      const announced = await rows.deleteAnnouncements(tx, enrollmentIds);
      counts.announcements = announced.length;
      Object.assign(counts, await this.eraseOutbox(tx, person, announced));
      if (counts.outboxMails || counts.mailsScrubbed) touched.add('outbox');
      // Their page links stop working; an erasure they asked for is now handled.
      await rows.deleteDocumentsLinksAndRequests(tx, enrollmentIds, staffId);

      const paid = await rows.paymentsOf(tx, enrollmentIds);
      counts.paymentsKept = paid.length;
      // Concessions are part of the accounts too: an enrolment with one stays, pseudonymous.
      const conceded = await rows.concessionsOf(tx, enrollmentIds);
      const keep = new Set([...paid, ...conceded].map((p) => p.enrollmentId));
      const drop = enrollmentIds.filter((id) => !keep.has(id));
      // Orders opened and never paid go with the request; an enrolment that goes lets go of its orders.
      counts.ordersCancelled =
        (await gatewayRepository.cancelOpenOrders(tx, drop, true)) +
        (await gatewayRepository.cancelOpenOrders(tx, [...keep], false));
      if (drop.length) {
        await rows.deleteEnrollments(tx, drop);
        counts.enrollmentsDeleted = drop.length;
      }
      const kept = [...keep];
      if (kept.length) {
        touched.add('payments').add('refunds').add('concessions').add('payment_claims').add('student_messages');
        // The ledger must stay (amounts, dates, receipt numbers); the person behind it goes.
        await rows.updateEnrollments(tx, kept, {
          name: pseudonym,
          email: `erased-${erasure.id}@erased.invalid`,
          phoneNumber: '0000000000',
          alterNativePhoneNumber: null,
          currentAddress: ERASED,
          permanentAddress: ERASED,
          currentlyWorkingPlace: ERASED,
          currentSem: null,
          designation: null,
          consentIp: null,
          inquiryId: null,
          erasedAt: erasure.at,
          updatedAt: erasure.at,
        });
        counts.enrollmentsPseudonymised = kept.length;
        counts.taxDocumentsScrubbed = await scrubLedger(tx, kept, person);
        touched.add('gateway_refund_requests');
        if (counts.taxDocumentsScrubbed) touched.add('tax_documents');
        await rows.addEvents(
          tx,
          kept.map((enrollmentId) => ({
            enrollmentId,
            kind: 'erased',
            note: 'Personal data erased on request; payments kept for the accounts',
            staffId,
          })),
        );
      }

      if (inquiryIds.length) {
        touched.add('inquiries').add('inquiry_events').add('inquiry_contacts').add('inquiry_notifications');
        counts.inquiries = await rows.deleteInquiries(tx, inquiryIds);
      }
      // Only a sign-in attempt stores a typed email in the audit trail (as its actor); a staff
      // member's own entries name them and stay.
      counts.auditEntries = await rows.forgetAuditActors(tx, [...person.emails]);
      if (counts.auditEntries) touched.add('audit_log');

      await rows.setErasureCounts(tx, erasure.id, counts);
      return erasure;
    });

    const files = await eraseMailFiles(this.outboxDir, person);
    counts.mailFiles = files.removed;
    counts.mailFilesScrubbed = files.scrubbed;
    await rows.setErasureCounts(this.db, record.id, counts);
    if (Object.values(counts).every((n) => n === 0)) {
      await rows.deleteErasure(this.db, record.id);
      throw notFound(PRIVACY_MESSAGES.nothingToErase);
    }
    await this.compact(touched);
    return { _id: record.id, at: record.at.toISOString(), counts, enrollmentNumbers };
  }

  /**
   * Mail addressed to the person goes, queued or sent; mail to anyone else that carries their email
   * or phone (a staff notice) stays with the person taken out. Nothing else is touched.
   */
  private async eraseOutbox(
    tx: Executor,
    person: ErasedPerson,
    announcementMails: string[],
  ): Promise<{ outboxMails: number; mailsScrubbed: number }> {
    const addressedTo = await rows.mailIdsTo(tx, [...person.emails]);
    const mailIds = [...new Set([...announcementMails, ...addressedTo.map((m) => m.id)])];
    const gone = await rows.deleteMails(tx, mailIds);
    // A cheap first look in the database; the whole-value check decides.
    const needles = [...person.emails, ...person.phones].map((v) => v.toLowerCase());
    const candidates = await rows.mailsMentioning(tx, needles);
    let mailsScrubbed = 0;
    for (const c of candidates) {
      const mail = c.payload as { subject?: string; text?: string; html?: string };
      if (!isAbout([mail.subject, mail.text, mail.html].join('\n'), person)) continue;
      await rows.setMailPayload(tx, c.id, scrubMail(mail, person));
      mailsScrubbed += 1;
    }
    return { outboxMails: gone, mailsScrubbed };
  }

  /**
   * A deleted or rewritten row stays in its table's files until the table is rewritten: each
   * table the erasure wrote is rewritten (VACUUM FULL). On the embedded database the log that
   * still holds the old rows is then closed and dropped (segment switch, checkpoint; old
   * segments are deleted, not recycled). A PostgreSQL server keeps its own log and backups:
   * docs/privacy.md says for how long.
   */
  private async compact(touched: ReadonlySet<TouchedTable>): Promise<void> {
    for (const table of touched) await rows.vacuumFull(this.db, table);
    if (this.kind === 'pglite' && touched.size) await rows.dropOldLog(this.db);
  }

  /** A zip of what is held about this enrolment's person (their right of access). */
  export(detail: EnrollmentDetail): Promise<{ stream: Readable; fileName: string }> {
    return exportPersonalData(this.db, this.storage, detail);
  }
}
