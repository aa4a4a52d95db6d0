/**
 * The retention rules, run once a day across all instances: the documents of an enrolment that
 * was completed, cancelled or rejected more than DOCUMENTS_RETENTION_DAYS ago are deleted (the
 * enrolment keeps a dated record of it), and sent mail older than MAIL_RETENTION_DAYS is deleted
 * from the outbox table and, without SMTP, from `DATA_DIR/outbox`.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { localIsoDate } from '@registrar/contract/enrollment';
import { documentsDeletedNote } from '@registrar/contract/enrollment-admin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { retentionRepository } from '../repositories/retention-repository';
import type { FileStorage } from './uploads/file-storage';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOSED_STATUSES = ['completed', 'cancelled', 'rejected'] as const;
export const RETENTION_JOB = 'retention';

export interface RetentionResult {
  enrollments: number;
  documents: number;
  mailRows: number;
  mailFiles: number;
}

/**
 * Claims today's run of `name`: true for exactly one caller per `everyMs`, whichever instance it
 * is. The conditional update is atomic, so two instances racing cannot both win.
 */
export const claimRun = (db: Db, name: string, now: Date, everyMs: number): Promise<boolean> =>
  retentionRepository.claimRun(db, name, now, everyMs);

export class RetentionService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'documentsRetentionDays' | 'mailRetentionDays' | 'dataDir'>,
    private readonly storage: FileStorage,
  ) {}

  /** The daily run, if no instance has run it in the last 23 hours. */
  async runDaily(now = new Date()): Promise<RetentionResult | undefined> {
    if (!(await claimRun(this.db, RETENTION_JOB, now, 23 * 60 * 60 * 1000))) return undefined;
    return this.run(now);
  }

  async run(now = new Date()): Promise<RetentionResult> {
    const docs = await this.deleteExpiredDocuments(now);
    const mail = await this.deleteOldMail(now);
    return { ...docs, ...mail };
  }

  private async deleteExpiredDocuments(now: Date) {
    const cutoff = new Date(now.getTime() - this.config.documentsRetentionDays * DAY_MS);
    const due = await retentionRepository.closedWithDocuments(this.db, CLOSED_STATUSES, cutoff);
    let documents = 0;
    for (const { id } of due) {
      const removed = await this.db.transaction(async (tx) => {
        const ids = await retentionRepository.deleteDocuments(tx, id, now);
        await enrollmentRepository.addEvent(tx, {
          enrollmentId: id,
          kind: 'documents_deleted',
          note: documentsDeletedNote(localIsoDate(now)),
        });
        return ids;
      });
      // After the commit: a crash now leaves files of no document, which storage recovery deletes.
      for (const docId of removed) await this.storage.remove(docId);
      documents += removed.length;
    }
    return { enrollments: due.length, documents };
  }

  private async deleteOldMail(now: Date) {
    const cutoff = new Date(now.getTime() - this.config.mailRetentionDays * DAY_MS);
    const mailRows = await retentionRepository.deleteSentMail(this.db, cutoff);
    let mailFiles = 0;
    const dir = path.join(this.config.dataDir, 'outbox');
    let names: string[] = [];
    try {
      names = await fsp.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && stat.mtime < cutoff) {
        await fsp.rm(file, { force: true });
        mailFiles += 1;
      }
    }
    return { mailRows, mailFiles };
  }
}
