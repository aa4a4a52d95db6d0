/**
 * Many rows at once, each through the single action's own service method (its rules, history,
 * mail), one after the other: a row the single action refuses is a skip with that action's
 * message, and the others still go through.
 */
import {
  BULK_MESSAGES,
  type BulkEnrollmentStatus,
  type BulkInquiryOwner,
  type BulkSkip,
} from '@registrar/contract/bulk-actions';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import type { EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import type { Role } from '@registrar/contract/permissions';
import type { Db } from '../db/database';
import { badRequest, HttpError } from '../lib/http-errors';
import { OWNER_ROLES } from '../repositories/follow-up-repository';
import { staffRepository } from '../repositories/staff-repository';
import type { EnrollmentService } from './enrollment-service';
import type { Actor, FollowUpService } from './follow-up-service';

/** What one row came to: done (with its status before, for the audit) or skipped with the reason. */
type Outcome<T> = { id: string; done: true; before: T } | { id: string; done: false; reason: string };

async function eachOnce<T>(
  ids: readonly string[],
  act: (id: string) => Promise<{ before: T } | { skip: string }>,
): Promise<Outcome<T>[]> {
  const outcomes: Outcome<T>[] = [];
  for (const id of new Set(ids)) {
    try {
      const r = await act(id);
      outcomes.push('skip' in r ? { id, done: false, reason: r.skip } : { id, done: true, before: r.before });
    } catch (err) {
      // Only the single action's refusals become skips; anything else is a real failure.
      if (!(err instanceof HttpError)) throw err;
      outcomes.push({ id, done: false, reason: err.message });
    }
  }
  return outcomes;
}

export const skipsOf = (outcomes: Outcome<unknown>[]): BulkSkip[] =>
  outcomes.flatMap((o) => (o.done ? [] : [{ id: o.id, reason: o.reason }]));

export class BulkActionService {
  constructor(
    private readonly db: Db,
    private readonly enrollments: EnrollmentService,
    private readonly followUps: FollowUpService,
  ) {}

  /** Approves or rejects each enrolment exactly as the status control does (a pending one only). */
  decide(input: BulkEnrollmentStatus, staffId: string): Promise<Outcome<EnrollmentStatus>[]> {
    return eachOnce(input.enrollmentIds, async (id) => ({
      before: await this.enrollments.applyStatus(id, input.status, { message: input.note }, staffId),
    }));
  }

  /** Gives each inquiry to the owner (checked once: an active counsellor or admin), as the follow-up panel does. */
  async assign(input: BulkInquiryOwner, actor: Actor): Promise<Outcome<null>[]> {
    if (input.ownerId !== null) {
      const owner = await staffRepository.findById(this.db, input.ownerId);
      if (!owner || !owner.active || !(OWNER_ROLES as readonly Role[]).includes(owner.role))
        throw badRequest(FOLLOW_UP_MESSAGES.ownerNotAllowed, [
          { path: 'ownerId', message: FOLLOW_UP_MESSAGES.ownerNotAllowed },
        ]);
    }
    return eachOnce<null>(input.inquiryIds, async (id) => {
      const { ownerChanged } = await this.followUps.applyFollowUp(id, { ownerId: input.ownerId }, actor);
      return ownerChanged ? { before: null } : { skip: BULK_MESSAGES.alreadyOwner };
    });
  }
}
