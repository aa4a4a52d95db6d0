/** Field rules shared by several forms. Each takes its messages so a form keeps its spec wording. */
import { z } from 'zod';
import { EMAIL_MAX, PHONE_PATTERN } from './constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language';
import { MESSAGES } from './messages';

/** Optional on input: an inquiry or enrolment that names no language is English. */
export const languageField = z.enum(LANGUAGES).default(DEFAULT_LANGUAGE);

/** A string that is required: missing, empty or blank gives `message` and nothing else. */
export const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * Email of the forgot-password, inquiry and enrolment forms: required, at most 60 characters,
 * an email's shape (HTML's rule, which accepts `a@b`), and a dot somewhere.
 */
export const emailField = () =>
  requiredString(MESSAGES.emailRequired)
    .max(EMAIL_MAX, { error: MESSAGES.emailTooLong, abort: true })
    .regex(z.regexes.html5Email, { error: MESSAGES.emailIncorrect, abort: true })
    .regex(/@[^@]*\.[^.@]+$/, { error: MESSAGES.emailNeedsDot, abort: true });

/** Phone numbers travel as strings: exactly 10 digits, not starting with zero. */
export const phoneField = () =>
  requiredString(MESSAGES.phoneRequired).regex(PHONE_PATTERN, { error: MESSAGES.phoneRule });

/** An optional phone: empty or absent is fine, anything else follows the phone rule. */
export const optionalPhoneField = () =>
  z
    .string()
    .trim()
    .regex(PHONE_PATTERN, { error: MESSAGES.phoneRule })
    .or(z.literal(''))
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional free-text field: blank becomes undefined. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A JSON request body with exactly these fields: a field the form does not have is refused by
 * name rather than dropped, so a client's typo or a smuggled `enrollmentId` never passes unseen.
 */
export const exactObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${MESSAGES.unexpectedField}: ${issue.keys.join(', ')}` : undefined,
  });

/** `emptyAsUndefined` lets a select's '' mean "not chosen" for optional enums. */
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The `when` of a "fields agree" refinement: it runs only on an object (a JSON `null` body must be
 * refused as a wrong type, not crash the check) and only when `field` itself passed.
 */
export const whenFieldPassed =
  (field: string) => (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    typeof payload.value === 'object' && payload.value !== null && payload.issues.every((i) => i.path?.[0] !== field);
