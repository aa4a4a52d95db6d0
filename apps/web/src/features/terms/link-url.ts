/**
 * What a link in the terms may point to: the contract's schemes (http, https, mailto, tel) and
 * nothing that runs code. Bare addresses are completed: "example.com" → "https://example.com",
 * "office@example.com" → "mailto:office@example.com". Relative links ("/student-enrollment",
 * "#fees") stay as they are.
 */
import { TERMS_ALLOWED_SCHEMES } from '@registrar/contract/terms';

export const LINK_MESSAGES = {
  required: 'Enter the address the link should open',
  scheme: 'Only web (https://), email (mailto:) and phone (tel:) links are allowed',
  invalid: 'This does not look like a web address, an email address or a phone number',
} as const;

export type LinkCheck = { ok: true; href: string } | { ok: false; message: string };

const SCHEMES: readonly string[] = TERMS_ALLOWED_SCHEMES;
const EMAIL = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** The scheme a browser would see: control characters and spaces are ignored, as browsers do. */
export function schemeOf(url: string): string | undefined {
  const compact = url.replace(/[\s\p{Cc}]/gu, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
}

/** True for a link the terms may keep; used by the editor for pasted and typed links as well. */
export function isAllowedLink(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === undefined || SCHEMES.includes(scheme);
}

export function checkLinkUrl(input: string): LinkCheck {
  const value = input.trim();
  if (!value) return { ok: false, message: LINK_MESSAGES.required };
  if (/^[/#?]/.test(value) && !value.startsWith('//')) return { ok: true, href: value };
  if (EMAIL.test(value) && !value.includes(':')) return { ok: true, href: `mailto:${value}` };
  if (DOMAIN.test(value)) return { ok: true, href: `https://${value}` };

  const scheme = schemeOf(value);
  if (scheme === undefined) return { ok: false, message: LINK_MESSAGES.invalid };
  if (!SCHEMES.includes(scheme)) return { ok: false, message: LINK_MESSAGES.scheme };
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(value);
      if (!url.hostname) return { ok: false, message: LINK_MESSAGES.invalid };
    } catch {
      return { ok: false, message: LINK_MESSAGES.invalid };
    }
  }
  if (scheme === 'mailto' && !EMAIL.test(value.slice('mailto:'.length).split('?')[0] ?? ''))
    return { ok: false, message: LINK_MESSAGES.invalid };
  if (scheme === 'tel' && !/^\+?[\d\s().-]{3,}$/.test(value.slice('tel:'.length)))
    return { ok: false, message: LINK_MESSAGES.invalid };
  return { ok: true, href: value };
}
