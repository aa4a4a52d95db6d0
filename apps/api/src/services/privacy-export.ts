/**
 * The right of access: a zip of everything held about one enrolment's person — the enrolment
 * (fees, history, announcements), their inquiries, the mail queued or sent to them, and their
 * documents as uploaded.
 */
import { PassThrough, type Readable } from 'node:stream';
import type Yazl from 'yazl';
import { lazyPackage } from '../lib/lazy-package';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { PRIVACY_MESSAGES } from '@registrar/contract/privacy';
import type { Db } from '../db/database';
import { privacyRepository } from '../repositories/privacy-repository';
import { conflict } from '../lib/http-errors';
import { EXTENSION_FOR, type SniffedType } from './uploads/content-type';
import type { FileStorage } from './uploads/file-storage';

const yazl = lazyPackage<typeof Yazl>('yazl');

export async function exportPersonalData(
  db: Db,
  storage: FileStorage,
  detail: EnrollmentDetail,
): Promise<{ stream: Readable; fileName: string }> {
  if (detail.erasedAt) throw conflict(PRIVACY_MESSAGES.exportErased);
  const lowerEmail = detail.email.toLowerCase();
  const { rows: inquiryRows, events: inquiryEventRows } = await privacyRepository.inquiriesOf(db, lowerEmail);
  const mails = await privacyRepository.mailsTo(db, lowerEmail);

  const zip = new (yazl().ZipFile)();
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
  const opened = await Promise.all(documents.map(async (d) => ({ d, file: await storage.open(d._id) })));
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
