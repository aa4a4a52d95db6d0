/** Creating and resetting staff accounts from the first start and the `npm run staff` CLI. */
import { z } from 'zod';
import type { Db } from '../db/database';
import { sessionRepository, staffRepository } from '../repositories/staff-repository';
import { passwordRule } from '@registrar/contract/auth';
import { MESSAGES } from '@registrar/contract/messages';
import { generatePassword, hashPassword, isCommonPassword } from './passwords';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { ROLES, isRole, type Role } from '@registrar/contract/permissions';

const emailSchema = z.string().trim().regex(z.regexes.html5Email).regex(/\./);

export class StaffAccountError extends Error {}

function checkPassword(password: string): void {
  const parsed = passwordRule(MESSAGES.newPasswordRequired).safeParse(password);
  if (!parsed.success) throw new StaffAccountError(parsed.error.issues[0]!.message);
  if (isCommonPassword(password)) throw new StaffAccountError(STAFF_MESSAGES.passwordTooCommon);
}

export async function createStaff(
  db: Db,
  input: {
    email: string;
    name?: string | undefined;
    password?: string | undefined;
    phone?: string | null;
    role?: string | undefined;
  },
): Promise<{ email: string; password: string; generated: boolean; role: Role }> {
  const role = input.role ?? 'admin';
  if (!isRole(role)) throw new StaffAccountError(`Not a role: ${role} (one of ${ROLES.join(', ')})`);
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new StaffAccountError(`Not a valid email: ${input.email}`);
  if (await staffRepository.findByEmail(db, email.data))
    throw new StaffAccountError(`A staff account with ${email.data} already exists`);
  const generated = !input.password;
  const password = input.password ?? generatePassword();
  checkPassword(password);
  await staffRepository.insert(db, {
    email: email.data,
    name: input.name?.trim() || email.data.split('@')[0]!,
    phone: input.phone ?? null,
    passwordHash: await hashPassword(password),
    role,
  });
  return { email: email.data, password, generated, role };
}

export async function resetStaffPassword(
  db: Db,
  emailInput: string,
  password?: string,
): Promise<{ email: string; password: string; generated: boolean }> {
  const row = await staffRepository.findByEmail(db, emailInput);
  if (!row) throw new StaffAccountError(`No staff account with ${emailInput}`);
  const generated = !password;
  const next = password ?? generatePassword();
  checkPassword(next);
  const now = new Date();
  await db.transaction(async (tx) => {
    await staffRepository.update(tx, row.id, { passwordHash: await hashPassword(next), passwordChangedAt: now });
    await sessionRepository.revokeAllFor(tx, row.id, now);
  });
  return { email: row.email, password: next, generated };
}

/**
 * First start with no staff account: create one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is printed once (to the terminal, never to the logs).
 */
export async function ensureFirstStaff(
  db: Db,
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
  print: (text: string) => void,
): Promise<void> {
  if ((await staffRepository.count(db)) > 0) return;
  const created = await createStaff(db, {
    email: config.adminEmail ?? 'admin@registrar.local',
    name: 'Administrator',
    role: 'admin',
    password: config.adminPassword || undefined,
  });
  print(
    created.generated
      ? `\n  First staff account created\n    email:    ${created.email}\n    password: ${created.password}\n  This password is shown only now: sign in and change it under My Profile.\n`
      : `\n  First staff account created for ${created.email} (password from ADMIN_PASSWORD).\n`,
  );
}
