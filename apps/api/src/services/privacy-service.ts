/**
 * Students' rights over their data. Erasure on request removes a person from every place the
 * product keeps them — enrolments, documents, inquiries, announcements, queued and sent mail (rows
 * and `.eml` files), audit entries — except the fee ledger, which accounting law makes us keep: an
 * enrolment with payments stays under a pseudonym with its amounts, dates and receipt numbers.
 * Access builds a zip of everything held about one enrolment's person, documents included.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import yazl from 'yazl';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { PRIVACY_MESSAGES, type ErasureKind, type ErasureResult } from '@registrar/contract/privacy';
import type { Db } from '../db/database';
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
  refunds,
  studentLinks,
  studentRequests,
} from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import { EXTENSION_FOR, type SniffedType } from './uploads/content-type';
import type { FileStorage } from './uploads/file-storage';

/** What stands in for an erased identifier inside text that is kept (a payment note, a history note). */
const ERASED = '[erased]';
/** Names shorter than this are not searched for inside other text: they would match ordinary words. */
const MIN_NAME_LENGTH = 3;

/** Replaces every occurrence of the identifiers in `text`, whatever its case. */
export function scrub(text: string, identifiers: readonly string[]): string {
  let out = text;
  for (const id of identifiers) {
    const pattern = new RegExp(id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    out = out.replace(pattern, ERASED);
  }
  return out;
}

const mentions = (text: string, identifiers: readonly string[]) => {
  const lower = text.toLowerCase();
  return identifiers.some((id) => lower.includes(id.toLowerCase()));
};

export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly outboxDir: string,
  ) {}

  /** Erases everything about the person with this email; answers what went, as the kept record says. */
  async erase(email: string, reason: string, staffId: string): Promise<ErasureResult> {
    const lowerEmail = email.trim().toLowerCase();
    const byEmail = sql`lower(${enrollments.email}) = ${lowerEmail}`;
    const found = await this.db
      .select({
        id: enrollments.id,
        name: enrollments.name,
        phone: enrollments.phoneNumber,
        alternative: enrollments.alterNativePhoneNumber,
        inquiryId: enrollments.inquiryId,
      })
      .from(enrollments)
      .where(and(byEmail, isNull(enrollments.erasedAt)));
    const inquiryRows = await this.db
      .select({ id: inquiries.id, name: inquiries.name, phone: inquiries.phoneNumber })
      .from(inquiries)
      .where(sql`lower(${inquiries.email}) = ${lowerEmail}`);
    const inquiryIds = [
      ...new Set([...inquiryRows.map((i) => i.id), ...found.flatMap((e) => (e.inquiryId ? [e.inquiryId] : []))]),
    ];
    // Everything that names the person: searched for in mail and scrubbed from text that is kept.
    const identifiers = [
      ...new Set(
        [
          lowerEmail,
          ...found.flatMap((e) => [e.name, e.phone, e.alternative ?? '']),
          ...inquiryRows.flatMap((i) => [i.name, i.phone]),
        ]
          .map((v) => v.trim())
          .filter((v) => v.length >= MIN_NAME_LENGTH),
      ),
    ];
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
    };
    const record = await this.db.transaction(async (tx) => {
      // Lets this transaction scrub names out of money rows' free text; amounts, dates and numbers stay locked.
      await tx.execute(sql`select set_config('registrar.erasure', 'on', true)`);
      const [row] = await tx
        .insert(erasures)
        .values({ staffId, reason: scrub(reason, identifiers), counts: {} })
        .returning();
      const erasure = row!;
      const pseudonym = `Erased student ${erasure.id.slice(0, 8)}`;

      // Announcements go with their mails.
      const announced = enrollmentIds.length
        ? await tx
            .delete(announcements)
            .where(inArray(announcements.enrollmentId, enrollmentIds))
            .returning({ outboxId: announcements.outboxId })
        : [];
      counts.announcements = announced.length;
      const mailIds = new Set(announced.map((a) => a.outboxId));
      if (identifiers.length) {
        const named = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            sql.join(
              identifiers.map((id) => sql`position(${id.toLowerCase()} in lower(${outbox.payload}::text)) > 0`),
              sql` or `,
            ),
          );
        for (const m of named) mailIds.add(m.id);
      }
      if (mailIds.size) {
        const gone = await tx
          .delete(outbox)
          .where(inArray(outbox.id, [...mailIds]))
          .returning({ id: outbox.id });
        counts.outboxMails = gone.length;
      }
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
      if (drop.length) {
        await tx.delete(enrollments).where(inArray(enrollments.id, drop));
        counts.enrollmentsDeleted = drop.length;
      }
      const kept = [...keep];
      if (kept.length) {
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
        for (const p of await tx.select().from(payments).where(inArray(payments.enrollmentId, kept))) {
          const next = {
            reference: p.reference === null ? null : scrub(p.reference, identifiers),
            note: p.note === null ? null : scrub(p.note, identifiers),
            voidReason: p.voidReason === null ? null : scrub(p.voidReason, identifiers),
          };
          if (next.reference !== p.reference || next.note !== p.note || next.voidReason !== p.voidReason)
            await tx.update(payments).set(next).where(eq(payments.id, p.id));
        }
        for (const r of await tx.select().from(refunds).where(inArray(refunds.enrollmentId, kept))) {
          const reasonScrubbed = scrub(r.reason, identifiers);
          if (reasonScrubbed !== r.reason)
            await tx.update(refunds).set({ reason: reasonScrubbed }).where(eq(refunds.id, r.id));
        }
        for (const c of await tx.select().from(concessions).where(inArray(concessions.enrollmentId, kept))) {
          const reasonScrubbed = scrub(c.reason, identifiers);
          if (reasonScrubbed !== c.reason)
            await tx.update(concessions).set({ reason: reasonScrubbed }).where(eq(concessions.id, c.id));
        }
        for (const e of await tx.select().from(enrollmentEvents).where(inArray(enrollmentEvents.enrollmentId, kept))) {
          if (e.note !== null && mentions(e.note, identifiers))
            await tx
              .update(enrollmentEvents)
              .set({ note: scrub(e.note, identifiers) })
              .where(eq(enrollmentEvents.id, e.id));
        }
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
        await tx.delete(inquiryEvents).where(inArray(inquiryEvents.inquiryId, inquiryIds));
        const gone = await tx
          .delete(inquiries)
          .where(inArray(inquiries.id, inquiryIds))
          .returning({ id: inquiries.id });
        counts.inquiries = gone.length;
      }
      // Only a sign-in attempt stores a typed email in the audit trail (as its actor).
      const audited = await tx
        .update(auditLog)
        .set({ actorEmail: null })
        .where(sql`lower(${auditLog.actorEmail}) = ${lowerEmail}`)
        .returning({ id: auditLog.id });
      counts.auditEntries = audited.length;

      await tx.update(erasures).set({ counts }).where(eq(erasures.id, erasure.id));
      return erasure;
    });

    counts.mailFiles = await this.eraseMailFiles(identifiers);
    await this.db.update(erasures).set({ counts }).where(eq(erasures.id, record.id));
    if (Object.values(counts).every((n) => n === 0)) {
      await this.db.delete(erasures).where(eq(erasures.id, record.id));
      throw notFound(PRIVACY_MESSAGES.nothingToErase);
    }
    return { _id: record.id, at: record.at.toISOString(), counts };
  }

  /** Deletes the `.eml` files (mail written to disk when no SMTP server is set) that name the person. */
  private async eraseMailFiles(identifiers: readonly string[]): Promise<number> {
    if (!identifiers.length || !fs.existsSync(this.outboxDir)) return 0;
    let removed = 0;
    for (const name of await fsp.readdir(this.outboxDir)) {
      if (!name.endsWith('.eml') && !name.endsWith('.eml.tmp')) continue;
      const file = path.join(this.outboxDir, name);
      const raw = await fsp.readFile(file).catch(() => undefined);
      if (!raw) continue;
      // Bodies are quoted-printable or base64: read the decoded text, not the raw bytes.
      const mail = await simpleParser(raw);
      const text = [
        raw.toString('utf8'),
        mail.subject ?? '',
        mail.text ?? '',
        typeof mail.html === 'string' ? mail.html : '',
        JSON.stringify(mail.to ?? ''),
      ].join('\n');
      if (mentions(text, identifiers)) {
        await fsp.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * A zip of what is held about this enrolment's person: the enrolment (with fees, history and
   * announcements), their inquiries, the mail queued or sent to them, and their documents as uploaded.
   */
  async export(detail: EnrollmentDetail): Promise<{ stream: Readable; fileName: string }> {
    if (detail.erasedAt) throw conflict(PRIVACY_MESSAGES.exportErased);
    const lowerEmail = detail.email.toLowerCase();
    const inquiryRows = await this.db
      .select()
      .from(inquiries)
      .where(sql`lower(${inquiries.email}) = ${lowerEmail}`);
    const inquiryEventRows = inquiryRows.length
      ? await this.db
          .select()
          .from(inquiryEvents)
          .where(
            inArray(
              inquiryEvents.inquiryId,
              inquiryRows.map((i) => i.id),
            ),
          )
      : [];
    const mails = await this.db
      .select({
        id: outbox.id,
        payload: outbox.payload,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(sql`lower(${outbox.payload}->>'to') = ${lowerEmail}`);

    const zip = new yazl.ZipFile();
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    const { documents, ...enrollment } = detail;
    zip.addBuffer(
      json({
        exportedAt: new Date().toISOString(),
        about:
          'Everything this institute holds about you in Registrar: your enrolment, fees, history, announcements, inquiries and mail. Your documents are in the documents folder.',
        enrollment: { ...enrollment, documents: documents.map(({ url: _url, ...d }) => d) },
        inquiries: inquiryRows.map((i) => ({ ...i, events: inquiryEventRows.filter((e) => e.inquiryId === i.id) })),
        mails: mails.map((m) => {
          const payload = m.payload as { subject?: string; text?: string };
          return {
            subject: payload.subject,
            text: payload.text,
            status: m.status,
            queuedAt: m.createdAt,
            sentAt: m.sentAt,
          };
        }),
      }),
      'data.json',
    );
    const opened = await Promise.all(documents.map(async (d) => ({ d, file: await this.storage.open(d._id) })));
    opened.forEach(({ d, file }, i) => {
      if (!file) return;
      const ext = EXTENSION_FOR[d.mime as SniffedType] ?? 'bin';
      // Streamed through: a document is never held whole in memory.
      zip.addReadStream(file.stream, `documents/${String(i + 1).padStart(2, '0')}-${d.field}.${ext}`, {
        size: file.size,
      });
    });
    zip.end();
    const out = new PassThrough();
    zip.outputStream.on('error', (err) => out.destroy(err)).pipe(out);
    return { stream: out, fileName: `personal-data-${detail.enrollmentNumber}.zip` };
  }
}
