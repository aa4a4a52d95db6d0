/** The terms & conditions page: HTML sanitized on save, every save a new version. */
import { z } from 'zod';

export const TERMS_MESSAGES = {
  saved: 'Terms & conditions saved',
  descriptionRequired: 'Terms content is required',
  tooLong: 'Terms content is too long',
} as const;

export const TERMS_DESCRIPTION_MAX = 200_000;

/** Where a student accepted the terms: the public form, at the desk before a staff member, or on their own page. */
export const TERMS_CONSENT_WAYS = ['form', 'desk', 'page'] as const;
export type TermsConsentWay = (typeof TERMS_CONSENT_WAYS)[number];

/** At the desk the student either accepts on the staff's screen or is sent a link to accept on their page. */
export const DESK_TERMS_CHOICES = ['desk', 'link'] as const;
export type DeskTermsChoice = (typeof DESK_TERMS_CHOICES)[number];

export const termsInputSchema = z.object({
  name: z.string().trim().min(1).max(200).optional().default('Terms & Conditions'),
  description: z
    .string({ error: TERMS_MESSAGES.descriptionRequired })
    .min(1, { error: TERMS_MESSAGES.descriptionRequired })
    .max(TERMS_DESCRIPTION_MAX, { error: TERMS_MESSAGES.tooLong }),
});
export type TermsInput = z.input<typeof termsInputSchema>;

export const termsSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Terms = z.infer<typeof termsSchema>;

export const termsVersionSchema = termsSchema.extend({
  _id: z.string(),
  savedBy: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/**
 * The tags and attributes the terms may use: the rich-text editor's output (headings, lists,
 * bold, italic, underline, links) and nothing that can run code. Shared by the server's
 * sanitizer and the browser's (DOMPurify) so both allow the same.
 */
export const TERMS_ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'blockquote',
  'code',
  'pre',
] as const;
export const TERMS_ALLOWED_ATTRIBUTES = { a: ['href', 'title', 'target', 'rel'] } as const;
export const TERMS_ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
