/**
 * Follow-ups: the contact log, owners and next follow-ups of inquiries, and each owner's list of
 * overdue, today's and upcoming calls. "Today" is the server's local day, as on the dashboard.
 */
import {
  FOLLOW_UPS_UPCOMING_MAX,
  FOLLOW_UP_MESSAGES,
  closesInquiry,
  needsNextFollowUp,
  type FollowUpItem,
  type FollowUps,
  type InquiryContactRequest,
  type InquiryFollowUpRequest,
} from '@registrar/contract/follow-ups';
import { CONTACT_CHANNEL_LABELS } from '@registrar/contract/inquiry-contact';
import { INQUIRY_MESSAGES, type InquiryDetail, type InquiryStatus } from '@registrar/contract/inquiry-admin';
import { can, type Role } from '@registrar/contract/permissions';
import type { Db } from '../db/database';
import { badRequest, forbidden, notFound } from '../lib/http-errors';
import type { IdempotentRequest } from '../lib/idempotency';
import { followUpRepository, OWNER_ROLES } from '../repositories/follow-up-repository';
import { inquiryRepository } from '../repositories/inquiry-repository';
import { staffRepository } from '../repositories/staff-repository';
import type { InquiryService } from './inquiry-service';
import { oncePerKey } from './once-per-key';

/** A next follow-up may be this far behind the server's clock (the form's minute, a slow network). */
const PAST_TOLERANCE_MS = 5 * 60 * 1000;

export interface Actor {
  id: string;
  role: Role;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Midnight starting the server's local day after `now`. */
function startOfTomorrow(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

function checkFuture(at: string | null | undefined): void {
  if (at && new Date(at).getTime() < Date.now() - PAST_TOLERANCE_MS)
    throw badRequest(FOLLOW_UP_MESSAGES.nextFollowUpInPast, [
      { path: 'nextFollowUpAt', message: FOLLOW_UP_MESSAGES.nextFollowUpInPast },
    ]);
}

export class FollowUpService {
  constructor(
    private readonly db: Db,
    private readonly inquiries: InquiryService,
  ) {}

  /**
   * Logs one contact. Unless the inquiry is closed or converted it needs the next follow-up; the
   * first contact of a new inquiry moves it to Contacted, and an inquiry nobody owns becomes the
   * contacting staff member's. With an Idempotency-Key a retried or doubled request logs it once.
   */
  async addContact(
    id: string,
    input: InquiryContactRequest,
    actor: Actor,
    request?: IdempotentRequest,
  ): Promise<InquiryDetail> {
    await oncePerKey(this.db, 'inquiry-contact', request, async (tx) => {
      const row = await inquiryRepository.lockById(tx, id);
      if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
      const closing = closesInquiry(input) && needsNextFollowUp(row.status);
      const open = needsNextFollowUp(row.status) && !closing;
      if (open && !input.nextFollowUpAt)
        throw badRequest(FOLLOW_UP_MESSAGES.nextFollowUpRequired, [
          { path: 'nextFollowUpAt', message: FOLLOW_UP_MESSAGES.nextFollowUpRequired },
        ]);
      if (open) checkFuture(input.nextFollowUpAt);
      const now = new Date();
      await followUpRepository.addContact(tx, {
        inquiryId: id,
        channel: input.channel,
        outcome: input.outcome,
        note: input.note || null,
        staffId: actor.id,
        createdAt: now,
      });
      const status: InquiryStatus = closing ? 'closed' : row.status === 'new' ? 'contacted' : row.status;
      await inquiryRepository.update(tx, id, {
        status,
        firstContactAt: row.firstContactAt ?? now,
        nextFollowUpAt: open ? new Date(input.nextFollowUpAt!) : null,
        ownerId: row.ownerId ?? ((OWNER_ROLES as readonly Role[]).includes(actor.role) ? actor.id : null),
      });
      if (status !== row.status)
        await inquiryRepository.addEvent(tx, {
          inquiryId: id,
          kind: 'status_changed',
          fromStatus: row.status,
          toStatus: status,
          note: closing
            ? `Not interested (${CONTACT_CHANNEL_LABELS[input.channel]})${input.note ? `: ${input.note}` : ''}`
            : `First contact: ${CONTACT_CHANNEL_LABELS[input.channel]}`,
          staffId: actor.id,
        });
      return { loggedAt: now.toISOString() };
    });
    return this.inquiries.detail(id);
  }

  /** Sets the owner and/or the next follow-up. Only staff who may assign give an inquiry to someone else. */
  async setFollowUp(id: string, input: InquiryFollowUpRequest, actor: Actor): Promise<InquiryDetail> {
    await this.applyFollowUp(id, input, actor);
    return this.inquiries.detail(id);
  }

  /** The change itself, for one inquiry or each of many; answers whether the owner changed. */
  async applyFollowUp(id: string, input: InquiryFollowUpRequest, actor: Actor): Promise<{ ownerChanged: boolean }> {
    return this.db.transaction(async (tx) => {
      const row = await inquiryRepository.lockById(tx, id);
      if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
      const values: { ownerId?: string | null; nextFollowUpAt?: Date | null } = {};
      if (input.ownerId !== undefined && input.ownerId !== row.ownerId) {
        const mayAssign = can(actor.role, 'inquiries.assign');
        // Without the right to assign, a counsellor may only take an inquiry nobody owns, or give up their own.
        const selfService =
          (input.ownerId === actor.id && row.ownerId === null) || (input.ownerId === null && row.ownerId === actor.id);
        if (!mayAssign && !selfService) throw forbidden(FOLLOW_UP_MESSAGES.assignNotAllowed);
        if (input.ownerId !== null) {
          const owner = await staffRepository.findById(tx, input.ownerId);
          if (!owner || !owner.active || !(OWNER_ROLES as readonly Role[]).includes(owner.role))
            throw badRequest(FOLLOW_UP_MESSAGES.ownerNotAllowed, [
              { path: 'ownerId', message: FOLLOW_UP_MESSAGES.ownerNotAllowed },
            ]);
        }
        values.ownerId = input.ownerId;
      }
      if (input.nextFollowUpAt !== undefined) {
        if (input.nextFollowUpAt !== null && !needsNextFollowUp(row.status))
          throw badRequest(FOLLOW_UP_MESSAGES.finalStatus, [
            { path: 'nextFollowUpAt', message: FOLLOW_UP_MESSAGES.finalStatus },
          ]);
        checkFuture(input.nextFollowUpAt);
        values.nextFollowUpAt = input.nextFollowUpAt === null ? null : new Date(input.nextFollowUpAt);
      }
      if (Object.keys(values).length) await inquiryRepository.update(tx, id, values);
      return { ownerChanged: values.ownerId !== undefined };
    });
  }

  /** An owner's follow-ups: everyone sees their own; staff who may assign see anyone's. */
  async list(actor: Actor, ownerId: string | undefined): Promise<FollowUps> {
    const whose = ownerId ?? actor.id;
    if (whose !== actor.id && !can(actor.role, 'inquiries.assign')) throw forbidden(FOLLOW_UP_MESSAGES.othersFollowUps);
    const name = await followUpRepository.staffName(this.db, whose);
    if (name === undefined) throw notFound(FOLLOW_UP_MESSAGES.ownerNotFound);
    const now = new Date();
    const tomorrow = startOfTomorrow(now);
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const [rows, owners] = await Promise.all([
      followUpRepository.dueFor(this.db, whose, tomorrow, FOLLOW_UPS_UPCOMING_MAX),
      can(actor.role, 'inquiries.assign') ? followUpRepository.owners(this.db) : Promise.resolve([]),
    ]);
    const result: FollowUps = {
      owner: { _id: whose, name },
      overdue: [],
      today: [],
      upcoming: [],
      owners: owners.map((o) => ({ _id: o.id, name: o.name })),
    };
    for (const r of rows) {
      const at = new Date(r.next_follow_up_at);
      const item: FollowUpItem = {
        _id: r.id,
        name: r.name,
        phoneNumber: r.phone_number,
        status: r.status as InquiryStatus,
        areaOfInterest: r.area_of_interest,
        nextFollowUpAt: at.toISOString(),
        lastContactAt: r.last_contact_at ? iso(r.last_contact_at) : null,
        lastNote: r.last_note,
      };
      (at < today ? result.overdue : at < tomorrow ? result.today : result.upcoming).push(item);
    }
    return result;
  }

  /** For the bell: the staff member's open follow-ups due by the end of today. */
  async dueCount(actor: Actor): Promise<number> {
    if (!can(actor.role, 'inquiries.followups')) return 0;
    return followUpRepository.dueCount(this.db, actor.id, startOfTomorrow());
  }
}
