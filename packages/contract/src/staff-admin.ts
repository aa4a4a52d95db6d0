/** Staff management by an admin: list, invite, change role, disable and enable. */
import { z } from 'zod';
import { pagingQuerySchema } from './envelope';
import { MESSAGES } from './messages';
import { ROLES } from './permissions';

export const STAFF_ADMIN_MESSAGES = {
  invited: 'Invitation sent',
  updated: 'Staff account updated',
  notFound: 'Staff account not found',
  emailTaken: 'A staff account with this email already exists',
  roleRequired: 'Please choose a role',
  lastAdmin: 'The last active admin cannot be disabled or given another role; make another staff member admin first',
  nothingToChange: 'Nothing to change',
  invitationResent: 'Invitation sent again; the earlier link no longer works',
  invitationRevoked: 'Invitation revoked; the account is disabled',
  notInvited: 'This account is not waiting on an invitation: it has logged in already or is disabled',
} as const;

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const name = z.string({ error: MESSAGES.nameRequired }).trim().min(1, { error: MESSAGES.nameRequired }).max(100);
const role = z.enum(ROLES, { error: STAFF_ADMIN_MESSAGES.roleRequired });

export const staffInviteSchema = z.object({
  name,
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired })
    .max(60, { error: MESSAGES.emailTooLong })
    .regex(z.regexes.html5Email, { error: MESSAGES.emailIncorrect })
    .regex(/\.[^.@]+$/, { error: MESSAGES.emailNeedsDot }),
  role,
});
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const staffUpdateSchema = z
  .object({ name: name.optional(), role: role.optional(), active: z.boolean().optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.role !== undefined || v.active !== undefined, {
    error: STAFF_ADMIN_MESSAGES.nothingToChange,
  });
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

export const staffListQuerySchema = pagingQuerySchema;

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: role,
  active: z.boolean(),
  /** Invited: an invitation not yet used to log in; disabled: may not log in; else active. */
  status: z.enum(STAFF_STATUSES),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
