/**
 * Students' rights over their data. Erasure on request removes a person from every place the
 * product keeps them — enrolments, documents, inquiries, announcements, queued and sent mail (rows
 * and `.eml` files), audit entries — except the fee ledger, which accounting law makes us keep: an
 * enrolment with payments stays under a pseudonym with its amounts, dates and receipt numbers.
 * Access builds a zip of everything held about one enrolment's person (privacy-export.ts).
 */
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { PRIVACY_MESSAGES, type ErasureKind, type ErasureResult } from '@registrar/contract/privacy';
import type { DatabaseKind, Db, Executor } from '../db/database';
import {
  announcements,
  auditLog,
  concessions,
  enrollmentDocuments,
  enrollmentEvents,
  enrollments,
  erasures,
  inquiries,
  inquiryEvents,
  outbox,
  payments,
  staff,
  studentLinks,
  studentRequests,
} from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import { eraseMailFiles } from './erasure-mail-files';
import { scrubLedger } from './erasure-ledger';
import { gatewayRepository } from '../repositories/gateway-repository';
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
    const staffRows = await this.db
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${lowerEmail}`)
      .limit(1);
    if (staffRows.length) throw conflict(PRIVACY_MESSAGES.staffEmail);
    const found = await this.db
      .select({
        id: enrollments.id,
        number: enrollments.enrollmentNumber,
        name: enrollments.name,
        phone: enrollments.phoneNumber,
        alternative: enrollments.alterNativePhoneNumber,
        inquiryId: enrollments.inquiryId,
      })
      .from(enrollments)
      .where(and(sql`lower(${enrollments.email}) = ${lowerEmail}`, isNull(enrollments.erasedAt)));
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
    const inquiryRows = await this.db
      .select({ id: inquiries.id, name: inquiries.name, email: inquiries.email, phone: inquiries.phoneNumber })
      .from(inquiries)
      .where(
        or(
          sql`lower(${inquiries.email}) = ${lowerEmail}`,
          enrollmentPhones.length
            ? inArray(sql`regexp_replace(${inquiries.phoneNumber}, '[^0-9]', '', 'g')`, enrollmentPhones)
            : undefined,
          linked.length ? inArray(inquiries.id, linked) : undefined,
        ),
      );
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
    const documents = enrollmentIds.length
      ? await this.db
          .select({ id: enrollmentDocuments.id })
          .from(enrollmentDocuments)
          .where(inArray(enrollmentDocuments.enrollmentId, enrollmentIds))
      : [];
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
      // Lets this transaction scrub names out of money rows' free text; amounts, dates and numbers stay locked.
      await tx.execute(sql`select set_config('registrar.erasure', 'on', true)`);
      const [row] = await tx
        .insert(erasures)
        .values({ staffId, reason: scrub(reason, person), counts: {}, enrollmentNumbers })
        .returning();
      const erasure = row!;
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
      const announced = enrollmentIds.length
        ? await tx
            .delete(announcements)
            .where(inArray(announcements.enrollmentId, enrollmentIds))
            .returning({ outboxId: announcements.outboxId })
        : [];
      counts.announcements = announced.length;
      Object.assign(
        counts,
        await this.eraseOutbox(
          tx,
          person,
          announced.map((a) => a.outboxId),
        ),
      );
      if (counts.outboxMails || counts.mailsScrubbed) touched.add('outbox');
      if (enrollmentIds.length)
        await tx.delete(enrollmentDocuments).where(inArray(enrollmentDocuments.enrollmentId, enrollmentIds));
      if (enrollmentIds.length) {
        // Their page links stop working; an erasure they asked for is now handled.
        await tx.delete(studentLinks).where(inArray(studentLinks.enrollmentId, enrollmentIds));
        await tx
          .update(studentRequests)
          .set({ state: 'done', handledAt: sql`now()`, handledBy: staffId })
          .where(
            and(
              inArray(studentRequests.enrollmentId, enrollmentIds),
              eq(studentRequests.kind, 'erasure'),
              eq(studentRequests.state, 'open'),
            ),
          );
      }

      const paid = enrollmentIds.length
        ? await tx
            .select({ enrollmentId: payments.enrollmentId, id: payments.id })
            .from(payments)
            .where(inArray(payments.enrollmentId, enrollmentIds))
        : [];
      counts.paymentsKept = paid.length;
      // Concessions are part of the accounts too: an enrolment with one stays, pseudonymous.
      const conceded = enrollmentIds.length
        ? await tx
            .select({ enrollmentId: concessions.enrollmentId })
            .from(concessions)
            .where(inArray(concessions.enrollmentId, enrollmentIds))
        : [];
      const keep = new Set([...paid, ...conceded].map((p) => p.enrollmentId));
      const drop = enrollmentIds.filter((id) => !keep.has(id));
      // Orders opened and never paid go with the request; an enrolment that goes lets go of its orders.
      counts.ordersCancelled =
        (await gatewayRepository.cancelOpenOrders(tx, drop, true)) +
        (await gatewayRepository.cancelOpenOrders(tx, [...keep], false));
      if (drop.length) {
        await tx.delete(enrollments).where(inArray(enrollments.id, drop));
        counts.enrollmentsDeleted = drop.length;
      }
      const kept = [...keep];
      if (kept.length) {
        touched.add('payments').add('refunds').add('concessions').add('payment_claims').add('student_messages');
        // The ledger must stay (amounts, dates, receipt numbers); the person behind it goes.
        await tx
          .update(enrollments)
          .set({
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
          })
          .where(inArray(enrollments.id, kept));
        counts.enrollmentsPseudonymised = kept.length;
        counts.taxDocumentsScrubbed = await scrubLedger(tx, kept, person);
        touched.add('gateway_refund_requests');
        if (counts.taxDocumentsScrubbed) touched.add('tax_documents');
        await tx.insert(enrollmentEvents).values(
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
        await tx.delete(inquiryEvents).where(inArray(inquiryEvents.inquiryId, inquiryIds));
        const gone = await tx
          .delete(inquiries)
          .where(inArray(inquiries.id, inquiryIds))
          .returning({ id: inquiries.id });
        counts.inquiries = gone.length;
      }
      // Only a sign-in attempt stores a typed email in the audit trail (as its actor); a staff
      // member's own entries name them and stay.
      const audited = await tx
        .update(auditLog)
        .set({ actorEmail: null })
        .where(and(inArray(sql`lower(${auditLog.actorEmail})`, [...person.emails]), isNull(auditLog.staffId)))
        .returning({ id: auditLog.id });
      counts.auditEntries = audited.length;
      if (audited.length) touched.add('audit_log');

      await tx.update(erasures).set({ counts }).where(eq(erasures.id, erasure.id));
      return erasure;
    });

    const files = await eraseMailFiles(this.outboxDir, person);
    counts.mailFiles = files.removed;
    counts.mailFilesScrubbed = files.scrubbed;
    await this.db.update(erasures).set({ counts }).where(eq(erasures.id, record.id));
    if (Object.values(counts).every((n) => n === 0)) {
      await this.db.delete(erasures).where(eq(erasures.id, record.id));
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
    const addressedTo = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(sql`lower(trim(${outbox.payload}->>'to'))`, [...person.emails]));
    const mailIds = [...new Set([...announcementMails, ...addressedTo.map((m) => m.id)])];
    const gone = mailIds.length
      ? await tx.delete(outbox).where(inArray(outbox.id, mailIds)).returning({ id: outbox.id })
      : [];
    // A cheap first look in the database; the whole-value check decides.
    const needles = [...person.emails, ...person.phones].map((v) => v.toLowerCase());
    const candidates = needles.length
      ? await tx
          .select({ id: outbox.id, payload: outbox.payload })
          .from(outbox)
          .where(
            and(
              eq(outbox.kind, 'mail'),
              or(...needles.map((n) => sql`position(${n} in lower(${outbox.payload}::text)) > 0`)),
            ),
          )
      : [];
    let mailsScrubbed = 0;
    for (const c of candidates) {
      const mail = c.payload as { subject?: string; text?: string; html?: string };
      if (!isAbout([mail.subject, mail.text, mail.html].join('\n'), person)) continue;
      await tx
        .update(outbox)
        .set({ payload: scrubMail(mail, person) })
        .where(eq(outbox.id, c.id));
      mailsScrubbed += 1;
    }
    return { outboxMails: gone.length, mailsScrubbed };
  }

  /**
   * A deleted or rewritten row stays in its table's files until the table is rewritten: each
   * table the erasure wrote is rewritten (VACUUM FULL). On the embedded database the log that
   * still holds the old rows is then closed and dropped (segment switch, checkpoint; old
   * segments are deleted, not recycled). A PostgreSQL server keeps its own log and backups:
   * docs/privacy.md says for how long.
   */
  private async compact(touched: ReadonlySet<TouchedTable>): Promise<void> {
    for (const table of touched) await this.db.execute(sql`vacuum full ${sql.identifier(table)}`);
    if (this.kind === 'pglite' && touched.size) {
      await this.db.execute(sql`select pg_switch_wal()`);
      await this.db.execute(sql`checkpoint`);
    }
  }

  /** A zip of what is held about this enrolment's person (their right of access). */
  export(detail: EnrollmentDetail): Promise<{ stream: Readable; fileName: string }> {
    return exportPersonalData(this.db, this.storage, detail);
  }
}
