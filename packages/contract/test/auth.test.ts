import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, resetPasswordFormSchema, resetPasswordSchema } from '../src/auth';
import { MESSAGES } from '../src/messages';
import { firstError } from './schema-errors';

describe('login schema', () => {
  const valid = { email: 'staff@institute.in', password: 'x' };

  it('accepts an email with a dot and any non-empty password', () => {
    expect(loginSchema.safeParse(valid).success).toBe(true);
  });
  it.each([undefined, '', '   '])('requires the email (%j)', (email) => {
    expect(firstError(loginSchema, { ...valid, email }, 'email')).toBe(MESSAGES.loginEmailRequired);
  });
  it('asks for a valid email when it has no dot', () => {
    expect(firstError(loginSchema, { ...valid, email: 'a@b' }, 'email')).toBe(MESSAGES.emailNeedsDot);
    expect(MESSAGES.emailNeedsDot).toBe('Please enter a valid email');
  });
  it('requires the password', () => {
    expect(firstError(loginSchema, { ...valid, password: '' }, 'password')).toBe(MESSAGES.loginPasswordRequired);
    expect(firstError(loginSchema, { email: valid.email }, 'password')).toBe('Please Enter Password');
  });
  it('does not trim the password', () => {
    const parsed = loginSchema.parse({ ...valid, password: ' Secret1 ' });
    expect(parsed.password).toBe(' Secret1 ');
  });
});

describe('forgot password schema', () => {
  it('accepts and trims a registered-looking email', () => {
    expect(forgotPasswordSchema.parse({ email: '  staff@institute.in ' }).email).toBe('staff@institute.in');
  });
  it('requires the email', () => {
    expect(firstError(forgotPasswordSchema, { email: '' }, 'email')).toBe('Please enter registered email');
  });
  it('rejects something that is not an email', () => {
    expect(firstError(forgotPasswordSchema, { email: 'not an email' }, 'email')).toBe(
      'The email you have entered is incorrect',
    );
  });
  it('needs a dot', () => {
    expect(firstError(forgotPasswordSchema, { email: 'a@b' }, 'email')).toBe(MESSAGES.emailNeedsDot);
  });
  it('allows at most 60 characters', () => {
    const at60 = `${'a'.repeat(48)}@example.com`;
    expect(at60).toHaveLength(60);
    expect(forgotPasswordSchema.safeParse({ email: at60 }).success).toBe(true);
    expect(firstError(forgotPasswordSchema, { email: `a${at60}` }, 'email')).toBe(MESSAGES.emailTooLong);
  });
});

describe('reset password form', () => {
  const ok = { newpassword: 'Abcdefgh', confirmpassword: 'Abcdefgh' };
  it('accepts 8 characters with upper and lower case', () => {
    expect(resetPasswordFormSchema.safeParse(ok).success).toBe(true);
  });
  it('requires the new password', () => {
    expect(firstError(resetPasswordFormSchema, { ...ok, newpassword: '' }, 'newpassword')).toBe(
      'Please enter new password',
    );
  });
  it.each(['Abcdefg', 'abcdefgh', 'ABCDEFGH', '12345678'])('rejects %s with the password rule', (pw) => {
    expect(firstError(resetPasswordFormSchema, { newpassword: pw, confirmpassword: pw }, 'newpassword')).toBe(
      'Password must be at least 8 characters it needs to have uppercase and lowercase letters',
    );
  });
  it('requires the confirmation', () => {
    expect(firstError(resetPasswordFormSchema, { ...ok, confirmpassword: '' }, 'confirmpassword')).toBe(
      'Please enter confirm password',
    );
  });
  it('requires both to match', () => {
    expect(firstError(resetPasswordFormSchema, { ...ok, confirmpassword: 'Abcdefgx' }, 'confirmpassword')).toBe(
      'The new passwords do not match',
    );
  });
});

describe('reset password payload', () => {
  const ok = { token: 't'.repeat(43), password: 'Abcdefgh', confirmPassword: 'Abcdefgh' };
  it('accepts {token, password, confirmPassword}', () => {
    expect(resetPasswordSchema.safeParse(ok).success).toBe(true);
  });
  it.each([{}, [], null, 42])('rejects a token that is not a string (%j)', (token) => {
    expect(resetPasswordSchema.safeParse({ ...ok, token }).success).toBe(false);
  });
  it('applies the password rule and the match rule', () => {
    expect(firstError(resetPasswordSchema, { ...ok, password: 'short', confirmPassword: 'short' }, 'password')).toBe(
      MESSAGES.passwordRule,
    );
    expect(firstError(resetPasswordSchema, { ...ok, confirmPassword: 'Abcdefgz' }, 'confirmPassword')).toBe(
      MESSAGES.passwordsDoNotMatch,
    );
  });
});
