/**
 * Who hears of a new record by mail: active staff whose role may read it. Whether each may see a
 * person's contact details travels with them, so a mail for a role without that right is written
 * without them — the same rule the screens follow.
 */
import { ROLES, can, type Permission } from '@registrar/contract/permissions';
import type { EnrollmentMailChoice } from '@registrar/contract/staff';
import type { Executor } from '../db/database';
import { staffRepository } from '../repositories/staff-repository';

export interface StaffNoticeRecipient {
  email: string;
  name: string;
  /** The role holds 'people.contact': the mail may carry email, phone and address. */
  seesContact: boolean;
}

/** `enrollmentMail` narrows to those who chose that way of hearing of new enrolments. */
export async function staffToTell(
  db: Executor,
  permission: Permission,
  enrollmentMail?: EnrollmentMailChoice,
): Promise<StaffNoticeRecipient[]> {
  const roles = ROLES.filter((role) => can(role, permission));
  const rows = await staffRepository.activeInRoles(db, roles, enrollmentMail);
  return rows.map((r) => ({ email: r.email, name: r.name, seesContact: can(r.role, 'people.contact') }));
}
