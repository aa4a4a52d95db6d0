/**
 * Staff management by an admin: invitations, role changes, disabling and enabling. Each change
 * is written to the audit trail in the same transaction, with who, when and before → after.
 */
import { randomBytes } from 'node:crypto';
import type { AuditChanges } from '@registrar/contract/dashboard';
import {
  STAFF_ADMIN_MESSAGES,
  type StaffInviteInput,
  type StaffMember,
  type StaffUpdateInput,
} from '@registrar/contract/staff-admin';
import type { Page } from '@registrar/contract/envelope';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { conflict, notFound } from '../lib/http-errors';
import { auditRepository } from '../repositories/audit-repository';
import { outboxRepository } from '../repositories/outbox-repository';
import {
  resetTokenRepository,
  sessionRepository,
  staffRepository,
  type StaffRow,
} from '../repositories/staff-repository';
import { issueSetPasswordLink } from './auth-service';
import { brandedMail, type MailMessage } from './mail/mail-message';
import { hashPassword } from './passwords';
import { studentTexts } from './student-texts';
import { isUniqueViolation } from '../lib/database-errors';
import { toPage } from '../lib/page';

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
  status: !row.active ? 'disabled' : row.invitedAt && !row.lastSignInAt ? 'invited' : 'active',
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The invitation in English and in Hindi, one after the other: staff have no language on file. */
function invitationMail(instituteName: string, row: StaffRow, url: string): MailMessage {
  const [en, hi] = [studentTexts('en'), studentTexts('hi')];
  const texts = (t: typeof en) => {
    const values = { institute: instituteName, name: row.name, role: t(`mail.invite.role.${row.role}`) };
    return {
      subject: t('mail.invite.subject', values),
      greeting: t('mail.invite.greeting', values),
      body: [t('mail.invite.body', values), t('mail.invite.ignore')],
      action: t('mail.invite.action'),
    };
  };
  const [english, hindi] = [texts(en), texts(hi)];
  return brandedMail({
    to: row.email,
    subject: `${english.subject} · ${hindi.subject}`,
    instituteName,
    greeting: english.greeting,
    paragraphs: [...english.body, hindi.greeting, ...hindi.body],
    action: { label: `${english.action} · ${hindi.action}`, url },
  });
}

export class StaffAdminService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onMailQueued: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(q: { page: number; limit: number; search?: string | undefined }): Promise<Page<StaffMember>> {
    const { items, total } = await staffRepository.page(this.db, q);
    return toPage(items.map(toStaffMember), total, q);
  }

  private async audit(
    tx: Executor,
    actor: Actor,
    action: string,
    staffId: string,
    changes: AuditChanges | null,
    fields: string[] = Object.keys(changes ?? {}),
  ) {
    await auditRepository.insert(tx, {
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
          invitedAt: now,
        });
        await this.sendInvitation(tx, created, now);
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

  /** A new single-use link, mailed; any earlier link of the account stops working. */
  private async sendInvitation(tx: Executor, row: StaffRow, now: Date): Promise<void> {
    const url = await issueSetPasswordLink(tx, this.config, row.id, INVITATION_TTL_MS, now, 'set-up-account');
    await outboxRepository.enqueue(
      tx,
      'mail',
      invitationMail(this.config.instituteName, row, url),
      // The link is a credential: the outbox forgets it once sent or expired.
      new Date(now.getTime() + INVITATION_TTL_MS),
    );
  }

  /** The invited account, locked for the change; refused once it has logged in or is disabled. */
  private async invitedForUpdate(tx: Executor, id: string): Promise<StaffRow> {
    const row = await staffRepository.findById(tx, id, { lock: true });
    if (!row) throw notFound(STAFF_ADMIN_MESSAGES.notFound);
    if (toStaffMember(row).status !== 'invited') throw conflict(STAFF_ADMIN_MESSAGES.notInvited);
    return row;
  }

  async resendInvitation(id: string, actor: Actor): Promise<StaffMember> {
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      const invited = await this.invitedForUpdate(tx, id);
      await this.sendInvitation(tx, invited, now);
      await this.audit(tx, actor, 'invite_resend', id, null, []);
      return invited;
    });
    this.onMailQueued();
    return toStaffMember(row);
  }

  /** The link stops working and the account is disabled (it never logged in, so nothing is lost). */
  async revokeInvitation(id: string, actor: Actor): Promise<StaffMember> {
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      await this.invitedForUpdate(tx, id);
      await resetTokenRepository.invalidateFor(tx, id, now);
      await sessionRepository.revokeAllFor(tx, id, now);
      const after = await staffRepository.update(tx, id, { active: false });
      await this.audit(tx, actor, 'invite_revoke', id, { active: { from: true, to: false } });
      return after!;
    });
    return toStaffMember(row);
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
