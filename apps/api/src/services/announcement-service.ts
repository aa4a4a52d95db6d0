/**
 * Announcements: written with their outbox row in one transaction, delivered by the
 * outbox worker (retries, backoff, failure after a bounded number of attempts), resent on demand.
 * Every delivery carries the same Message-ID, so a retry after a crash is recognisable.
 */
import {
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type BulkAnnouncement,
  type SelectedAnnouncement,
  type SelectedAnnouncementResult,
} from '@registrar/contract/announcement';
import { BULK_MESSAGES } from '@registrar/contract/bulk-actions';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { notFound } from '../lib/http-errors';
import { announcementRepository } from '../repositories/announcement-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { brandedMail, type MailMessage } from './mail/mail-message';
import { studentMailClose, studentTexts } from './student-texts';
import { studentLinkParagraph } from './student-links';

export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
  ) {}

  async list(enrollmentId: string): Promise<Announcement[]> {
    const rows = await announcementRepository.forEnrollment(this.db, enrollmentId);
    return rows.map(({ a, o, staff }) => ({
      _id: a.id,
      title: a.title,
      message: a.message,
      bulk: a.bulk,
      delivery: o.status,
      attempts: o.attempts,
      lastError: o.lastError,
      sentAt: o.sentAt?.toISOString() ?? null,
      createdBy: staff?.id ? { _id: staff.id, name: staff.name } : null,
      createdAt: a.createdAt.toISOString(),
    }));
  }

  async create(enrollmentId: string, input: { title: string; message: string }, staffId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await enrollmentRepository.byId(tx, enrollmentId))) throw notFound(ENROLLMENT_MESSAGES.notFound);
      await announcementRepository.createOne(tx, { enrollmentId, ...input, createdBy: staffId });
      await enrollmentRepository.addEvent(tx, { enrollmentId, kind: 'announcement', note: input.title, staffId });
    });
    this.onMailQueued();
  }

  async bulk(input: BulkAnnouncement, staffId: string): Promise<{ recipients: number; dryRun: boolean }> {
    const where = announcementRepository.targets(input);
    if (input.dryRun) return { recipients: await announcementRepository.countTargets(this.db, where), dryRun: true };
    const recipients = await this.db.transaction((tx) =>
      announcementRepository.createBulk(tx, where, { title: input.title, message: input.message, createdBy: staffId }),
    );
    if (recipients) this.onMailQueued();
    return { recipients, dryRun: false };
  }

  /**
   * One announcement to each enrolment chosen on the list, as one at a time would write it (with
   * its history line), in one transaction; cancelled, rejected, erased and unknown ones are skipped.
   */
  async toSelected(input: SelectedAnnouncement, staffId: string): Promise<SelectedAnnouncementResult> {
    const ids = [...new Set(input.enrollmentIds)];
    const result: SelectedAnnouncementResult = { sent: 0, skipped: [] };
    await this.db.transaction(async (tx) => {
      const found = new Map((await announcementRepository.recipients(tx, ids)).map((e) => [e.id, e]));
      for (const id of ids) {
        const e = found.get(id);
        const reason = !e
          ? ENROLLMENT_MESSAGES.notFound
          : e.erasedAt
            ? BULK_MESSAGES.erased
            : e.status === 'cancelled' || e.status === 'rejected'
              ? BULK_MESSAGES.announcementClosed
              : null;
        if (reason) {
          result.skipped.push({ id, reason });
          continue;
        }
        const { title, message } = input;
        await announcementRepository.createOne(tx, { enrollmentId: id, title, message, createdBy: staffId });
        await enrollmentRepository.addEvent(tx, { enrollmentId: id, kind: 'announcement', note: title, staffId });
        result.sent += 1;
      }
    });
    if (result.sent) this.onMailQueued();
    return result;
  }

  async resend(enrollmentId: string, id: string): Promise<void> {
    const row = await announcementRepository.one(this.db, enrollmentId, id);
    if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
    await announcementRepository.requeue(this.db, row.outboxId);
    this.onMailQueued();
  }

  async delete(enrollmentId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await announcementRepository.one(tx, enrollmentId, id);
      if (!row) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
      await announcementRepository.delete(tx, id, row.outboxId);
    });
  }

  /** The outbox renderer for `announcement` rows: the institute's frame, title and message escaped. */
  async render(payload: unknown): Promise<MailMessage | undefined> {
    const id = (payload as { announcementId?: string }).announcementId;
    if (!id) return undefined;
    const a = await announcementRepository.forMail(this.db, id);
    if (!a) return undefined;
    // Staff write the title and message; the frame around them is in the student's language.
    const t = studentTexts(a.language);
    return brandedMail({
      to: a.email,
      subject: a.title,
      instituteName: this.config.instituteName,
      language: a.language,
      greeting: t('mail.greeting', { name: a.name }),
      paragraphs: a.message
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .concat(studentLinkParagraph(a.enrollmentId, a.language)),
      ...studentMailClose(this.config, t),
    });
  }
}
