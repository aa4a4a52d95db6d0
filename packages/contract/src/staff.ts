/** Staff accounts: the signed-in user, profile edits and password change. */
import { z } from 'zod';
import { passwordRule } from './auth';
import { PHONE_PATTERN } from './constants';
import { whenFieldPassed } from './fields';
import { MESSAGES } from './messages';
import { ROLES } from './permissions';
import { themeSettingsSchema } from './theme-settings';

export const STAFF_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  signedIn: 'Signed in successfully',
  signedOut: 'Signed out',
  forgotPasswordSent: 'If that email belongs to a staff account, a password reset link is on its way.',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  invitationInvalid:
    'This invitation link is invalid, expired or already used; ask your administrator to send a new one',
  accountSetUp: 'Your account is ready',
  passwordReset: MESSAGES.passwordResetDone,
  passwordChanged: 'Your password has been changed',
  currentPasswordWrong: 'Current password is incorrect',
  passwordTooCommon: 'This password is too common; please choose a less guessable one',
  newPasswordSameAsOld: 'The new password must be different from the current one',
  profileUpdated: 'Profile updated',
  profileNameRequired: 'Name is required',
  currentPasswordRequired: 'Please enter current password',
  enrollmentMailInvalid: 'Choose how new enrolments reach you: digest, each or none',
  emailTaken: 'A staff account with this email already exists',
} as const;

/** How new enrolments reach a staff member: a digest at most every 15 minutes, one mail each, or none. */
export const ENROLLMENT_MAIL_CHOICES = ['digest', 'each', 'none'] as const;
export type EnrollmentMailChoice = (typeof ENROLLMENT_MAIL_CHOICES)[number];
export const ENROLLMENT_MAIL_LABELS: Record<EnrollmentMailChoice, string> = {
  digest: 'A digest at most every 15 minutes',
  each: 'One mail for each enrolment',
  none: 'No mail',
};

export const staffUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  themeSettings: themeSettingsSchema.nullable(),
  enrollmentMail: z.enum(ENROLLMENT_MAIL_CHOICES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  data: z.object({ user: staffUserSchema }),
});

export const updateProfileSchema = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.profileNameRequired })
    .trim()
    .min(1, { error: STAFF_MESSAGES.profileNameRequired })
    .max(100),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, { error: MESSAGES.phoneRule })
    .or(z.literal(''))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  themeSettings: themeSettingsSchema.optional(),
  enrollmentMail: z.enum(ENROLLMENT_MAIL_CHOICES, { error: STAFF_MESSAGES.enrollmentMailInvalid }).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: STAFF_MESSAGES.currentPasswordRequired })
      .min(1, { error: STAFF_MESSAGES.currentPasswordRequired }),
    newPassword: passwordRule(MESSAGES.newPasswordRequired),
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, { error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: whenFieldPassed('confirmPassword'),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
