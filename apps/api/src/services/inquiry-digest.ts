/**
 * Staff hear of new public inquiries in one digest mail at most every minute, listing every
 * inquiry since the last one, so a burst of inquiries is a handful of mails rather than one per
 * inquiry per staff member. Any instance may run it: the minute is claimed through `job_runs`
 * inside the transaction that takes the queue, so exactly one instance sends each digest.
 */
import type { Config } from '../config';
import type { Db } from '../db/database';
import { outboxRepository } from '../repositories/outbox-repository';
import {
  claimDigestTurn,
  digestQueueRepository as queue,
  type WaitingInquiry as PendingInquiry,
} from '../repositories/digest-turn-repository';
import { brandedMail } from './mail/mail-message';
import { staffToTell, type StaffNoticeRecipient } from './staff-notices';

export const DIGEST_EVERY_MS = 60_000;
/** Inquiries spelled out in one mail; the rest are counted, with a link to the list. */
export const DIGEST_LISTED_MAX = 50;
const JOB_NAME = 'inquiry_digest';

export class InquiryDigest {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'instituteName' | 'publicUrl'>,
    private readonly onMailQueued: () => void,
  ) {}

  /** Sends the digest when one is due and inquiries wait; answers how many it listed. */
  async runOnce(now = new Date()): Promise<number> {
    if (!(await queue.anyWaiting(this.db, 'inquiry_notifications'))) return 0;
    const told = await this.db.transaction(async (tx) => {
      if (!(await claimDigestTurn(tx, JOB_NAME, DIGEST_EVERY_MS, now))) return 0;
      // The whole queue, of which the first few are read: inquiries stored while this runs stay
      // for the next digest, and a burst of thousands costs the mail no more than fifty.
      const pending = await queue.takeInquiries(tx, DIGEST_LISTED_MAX);
      // Deleted since the look above: nothing to tell, and the next digest waits a minute at most.
      if (!pending.length) return 0;
      const waiting = pending[0]!.waiting;
      for (const recipient of await staffToTell(tx, 'inquiries.read'))
        await outboxRepository.enqueue(tx, 'mail', this.mail(recipient, pending, waiting));
      return waiting;
    });
    if (told) this.onMailQueued();
    return told;
  }

  /** `pending` holds the first inquiries (at most the listed maximum) of `waiting` in all. */
  private mail(recipient: StaffNoticeRecipient, pending: PendingInquiry[], waiting: number) {
    const { publicUrl, instituteName } = this.config;
    const who = (q: PendingInquiry) => (recipient.seesContact ? `${q.name} (${q.email}, ${q.phone_number})` : q.name);
    const line = (q: PendingInquiry) =>
      `${who(q)} asked about ${q.area_of_interest.join(', ')}. Reference: ${q.reference}.` +
      (q.duplicate_of ? ' Possible duplicate: the same email or phone asked within the last 30 days.' : '');
    const one = waiting === 1 ? pending[0]! : undefined;
    const more = waiting - pending.length;
    return brandedMail({
      to: recipient.email,
      subject: one
        ? `New inquiry from ${one.name}${one.duplicate_of ? ' (possible duplicate)' : ''}`
        : `${waiting} new inquiries`,
      instituteName,
      greeting: `Hello ${recipient.name},`,
      paragraphs: one
        ? [line(one)]
        : [
            `${waiting} new inquiries came in since the last mail:`,
            ...pending.map((q) => `${line(q)} ${publicUrl}/student-inquires/${q.id}`),
            ...(more > 0 ? [`…and ${more} more.`] : []),
          ],
      action: one
        ? { label: 'Open the inquiry', url: `${publicUrl}/student-inquires/${one.id}` }
        : { label: 'Open the inquiries', url: `${publicUrl}/student-inquires` },
    });
  }
}
