/**
 * Staff management by an admin: invitations, role changes, disabling and enabling. Each change
 * is written to the audit trail in the same transaction, with who, when and before → after.
 */
import { randomBytes } from 'node:crypto';
import type { AuditChanges } from '@registrar/contract/dashboard';
import { ROLE_LABELS } from '@registrar/contract/permissions';
import {
  STAFF_ADMIN_MESSAGES,
  type StaffInviteInput,
  type StaffMember,
  type StaffUpdateInput,
} from '@registrar/contract/staff-admin';
import type { Page } from '@registrar/contract/envelope';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { auditLog } from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import { outboxRepository } from '../repositories/outbox-repository';
import {
  resetTokenRepository,
  sessionRepository,
  staffRepository,
  type StaffRow,
} from '../repositories/staff-repository';
import { issueSetPasswordLink } from './auth-service';
import { brandedMail } from './mail/mail-message';
import { hashPassword } from './passwords';

/** An invitation gives a day to choose a password; otherwise it is a reset link like any other. */
export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface Actor {
  id: string;
  email: string;
  ip: string;
}

export const toStaffMember = (row: StaffRow): StaffMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  active: row.active,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

export class StaffAdminService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(q: { page: number; limit: number; search?: string | undefined }): Promise<Page<StaffMember>> {
    const { items, total } = await staffRepository.page(this.db, q);
    return {
      items: items.map(toStaffMember),
      page: q.page,
      limit: q.limit,
      total,
      totalPages: Math.ceil(total / q.limit),
    };
  }

  private async audit(
    tx: Executor,
    actor: Actor,
    action: string,
    staffId: string,
    changes: AuditChanges | null,
    fields: string[] = Object.keys(changes ?? {}),
  ) {
    await tx.insert(auditLog).values({
      staffId: actor.id,
      actorEmail: actor.email,
      action,
      entity: 'staff',
      entityId: staffId,
      ip: actor.ip,
      statusCode: 200,
      fields,
      changes,
    });
  }

  async invite(input: StaffInviteInput, actor: Actor): Promise<StaffMember> {
    const now = this.now();
    // Nobody knows this password: the account is usable once the invitation link sets one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    try {
      const row = await this.db.transaction(async (tx) => {
        if (await staffRepository.findByEmail(tx, input.email)) throw conflict(STAFF_ADMIN_MESSAGES.emailTaken);
        const created = await staffRepository.insert(tx, {
          name: input.name,
          email: input.email,
          role: input.role,
          passwordHash,
        });
        const url = await issueSetPasswordLink(tx, this.config, created.id, INVITATION_TTL_MS, now);
        await outboxRepository.enqueue(
          tx,
          'mail',
          brandedMail({
            to: created.email,
            subject: `You are invited to ${this.config.instituteName}`,
            instituteName: this.config.instituteName,
            greeting: `Hello ${created.name},`,
            paragraphs: [
              `You have a staff account at ${this.config.instituteName} as ${ROLE_LABELS[created.role]}. Choose your password with the link below to sign in. It works once and expires in 24 hours.`,
              'If you did not expect this, ignore this mail.',
            ],
            action: { label: 'Choose your password', url },
          }),
          // The link is a credential: the outbox forgets it once sent or expired.
          new Date(now.getTime() + INVITATION_TTL_MS),
        );
        await this.audit(tx, actor, 'invite', created.id, {
          role: { from: null, to: created.role },
          active: { from: null, to: true },
        });
        return created;
      });
      this.onMailQueued();
      return toStaffMember(row);
    } catch (err) {
      // Two invitations of one email at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(STAFF_ADMIN_MESSAGES.emailTaken);
      throw err;
    }
  }

  async update(id: string, input: StaffUpdateInput, actor: Actor): Promise<StaffMember> {
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      const admins = await staffRepository.lockActiveAdmins(tx);
      const before = await staffRepository.findById(tx, id);
      if (!before) throw notFound(STAFF_ADMIN_MESSAGES.notFound);
      const role = input.role ?? before.role;
      const active = input.active ?? before.active;
      const losesAdmin = before.role === 'admin' && before.active && (role !== 'admin' || !active);
      if (losesAdmin && admins.filter((a) => a !== id).length === 0) throw conflict(STAFF_ADMIN_MESSAGES.lastAdmin);

      const after = await staffRepository.update(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        role,
        active,
      });
      if (before.active && !active) {
        // Disabled: signed out everywhere at once, and no pending reset or invitation link works.
        await sessionRepository.revokeAllFor(tx, id, now);
        await resetTokenRepository.invalidateFor(tx, id, now);
      }
      if (before.role !== role)
        await this.audit(tx, actor, 'role_change', id, { role: { from: before.role, to: role } });
      if (before.active !== active)
        await this.audit(tx, actor, active ? 'enable' : 'disable', id, { active: { from: before.active, to: active } });
      if (input.name !== undefined && before.name !== input.name)
        // A name is personal data: the change is recorded, its values are not.
        await this.audit(tx, actor, 'rename', id, null, ['name']);
      return after!;
    });
    return toStaffMember(row);
  }
}
