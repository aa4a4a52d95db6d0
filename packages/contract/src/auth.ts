/** Sign-in, forgot-password and reset-password payloads. */
import { z } from 'zod';
import { PASSWORD_MIN } from './constants';
import { emailField, requiredString, whenFieldPassed } from './fields';
import { MESSAGES } from './messages';

export const loginSchema = z.object({
  email: requiredString(MESSAGES.loginEmailRequired)
    .max(254, { error: MESSAGES.emailNeedsDot, abort: true })
    .regex(z.regexes.html5Email, { error: MESSAGES.emailNeedsDot, abort: true })
    .regex(/\./, { error: MESSAGES.emailNeedsDot }),
  // Passwords are never trimmed: a space is a character like any other.
  password: z.string({ error: MESSAGES.loginPasswordRequired }).min(1, { error: MESSAGES.loginPasswordRequired }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField() });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The spec's password rule: at least 8 characters with an upper- and a lower-case letter. */
export const PASSWORD_MAX = 128;
export const passwordRule = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN, { error: MESSAGES.passwordRule, abort: true })
    .max(PASSWORD_MAX, { error: MESSAGES.passwordRule, abort: true })
    .regex(/[a-z]/, { error: MESSAGES.passwordRule, abort: true })
    .regex(/[A-Z]/, { error: MESSAGES.passwordRule, abort: true });

/** The reset form as the browser shows it (fields `newpassword`, `confirmpassword`). */
export const resetPasswordFormSchema = z
  .object({
    newpassword: passwordRule(MESSAGES.newPasswordRequired),
    confirmpassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, { error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((v) => v.newpassword === v.confirmpassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmpassword'],
    when: whenFieldPassed('confirmpassword'),
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** The reset call's payload: `{ token, password, confirmPassword }`. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: MESSAGES.resetTokenRequired }).min(1, { error: MESSAGES.resetTokenRequired }).max(200),
    password: passwordRule(MESSAGES.newPasswordRequired),
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, { error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: whenFieldPassed('confirmPassword'),
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
