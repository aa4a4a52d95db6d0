/**
 * Tells the student their cheque bounced and what they owe now. One function, written to the outbox
 * in the bounce's own transaction, so it can later move behind the message channel with no other change.
 */
import { formatDate, formatRupeesExact } from '@registrar/contract/language';
import type { Config } from '../config';
import type { Executor } from '../db/database';
import { toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import { brandedMail } from './mail/mail-message';
import { studentLinkParagraph } from './student-links';
import { studentMailClose, studentTexts } from './student-texts';

export type BounceNoticeConfig = Pick<Config, 'instituteName' | 'contactEmail' | 'contactPhone' | 'instituteEmail'>;

export interface BounceFacts {
  enrollmentId: string;
  receiptNumber: string;
  chequeNumber: string | null;
  amountPaise: number;
  feePaise: number;
  on: string;
}

/** Queues the mail; answers whether one was queued (an erased student gets none). */
export async function tellStudentChequeBounced(
  tx: Executor,
  config: BounceNoticeConfig,
  facts: BounceFacts,
): Promise<boolean> {
  const found = await enrollmentRepository.byId(tx, facts.enrollmentId);
  if (!found || found.enrollment.erasedAt) return false;
  const e = found.enrollment;
  const t = studentTexts(e.language);
  const inr = (paise: number) => formatRupeesExact(toRupees(paise), e.language);
  const schedule = await enrollmentRepository.schedule(tx, facts.enrollmentId);
  const due = schedule.reduce((sum, s) => sum + Math.max(0, s.amountPaise - s.paidPaise), 0);
  await outboxRepository.enqueue(
    tx,
    'mail',
    brandedMail({
      to: e.email,
      subject: t('mail.chequeBounced.subject', { number: e.enrollmentNumber }),
      instituteName: config.instituteName,
      greeting: t('mail.greeting', { name: e.name }),
      paragraphs: [
        t('mail.chequeBounced.body', {
          cheque: facts.chequeNumber ?? '',
          amount: inr(facts.amountPaise),
          receipt: facts.receiptNumber,
          date: formatDate(facts.on, e.language, { style: 'long' }),
        }),
        ...(facts.feePaise > 0 ? [t('mail.chequeBounced.fee', { amount: inr(facts.feePaise) })] : []),
        t('mail.chequeBounced.due', { amount: inr(due) }),
        studentLinkParagraph(facts.enrollmentId, e.language),
      ],
      ...studentMailClose(config, t),
      language: e.language,
    }),
  );
  return true;
}
