/**
 * Staff hear of new enrolments as each chooses: those on the digest get one mail at most every 15
 * minutes listing every enrolment since the last one; those who chose one by one are mailed at
 * intake (`newEnrollmentMail` with one row); the rest hear nothing.
 */
import type { Config } from '../config';
import type { Db } from '../db/database';
import { outboxRepository } from '../repositories/outbox-repository';
import {
  claimDigestTurn,
  digestQueueRepository as queue,
  type WaitingEnrollment,
} from '../repositories/digest-turn-repository';
import { brandedMail } from './mail/mail-message';
import { staffToTell, type StaffNoticeRecipient } from './staff-notices';

export const ENROLLMENT_DIGEST_EVERY_MS = 15 * 60_000;
/** Enrolments spelled out in one mail; the rest are counted, with a link to the list. */
const LISTED_MAX = 50;
const JOB_NAME = 'enrollment_digest';

export type NewEnrollment = WaitingEnrollment;

/** The mail telling `recipient` of `listed` (the first of `waiting` new enrolments). */
export function newEnrollmentMail(
  config: Pick<Config, 'instituteName' | 'publicUrl'>,
  recipient: StaffNoticeRecipient,
  listed: NewEnrollment[],
  waiting = listed.length,
) {
  const { publicUrl, instituteName } = config;
  const line = (e: NewEnrollment) =>
    `${recipient.seesContact ? `${e.name} (${e.email})` : e.name} enrolled in ${e.courseName} and is waiting for review.`;
  const one = waiting === 1 ? listed[0]! : undefined;
  const more = waiting - listed.length;
  return brandedMail({
    to: recipient.email,
    subject: one
      ? `New enrolment ${one.enrollmentNumber}: ${one.name} in ${one.courseName}`
      : `${waiting} new enrolments`,
    instituteName,
    greeting: `Hello ${recipient.name},`,
    paragraphs: one
      ? [line(one)]
      : [
          `${waiting} new enrolments came in since the last mail:`,
          ...listed.map((e) => `${e.enrollmentNumber}: ${line(e)} ${publicUrl}/student-enrollments/${e.id}`),
          ...(more > 0 ? [`…and ${more} more.`] : []),
        ],
    action: one
      ? { label: 'Review the enrolment', url: `${publicUrl}/student-enrollments/${one.id}` }
      : { label: 'Open the review queue', url: `${publicUrl}/student-enrollments/queue` },
  });
}

export class EnrollmentDigest {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'instituteName' | 'publicUrl'>,
    private readonly onMailQueued: () => void,
  ) {}

  /** Sends the digest when one is due and enrolments wait; answers how many it listed. */
  async runOnce(now = new Date()): Promise<number> {
    if (!(await queue.anyWaiting(this.db, 'enrollment_notifications'))) return 0;
    const told = await this.db.transaction(async (tx) => {
      if (!(await claimDigestTurn(tx, JOB_NAME, ENROLLMENT_DIGEST_EVERY_MS, now))) return 0;
      const listed = await queue.takeEnrollments(tx, LISTED_MAX);
      if (!listed.length) return 0;
      const total = listed[0]!.waiting;
      for (const recipient of await staffToTell(tx, 'enrollments.read', 'digest'))
        await outboxRepository.enqueue(tx, 'mail', newEnrollmentMail(this.config, recipient, listed, total));
      return total;
    });
    if (told) this.onMailQueued();
    return told;
  }
}
