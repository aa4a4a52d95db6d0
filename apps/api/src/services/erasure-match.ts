/**
 * How an erasure recognises a person inside text it keeps or rewrites: each identifier only as a
 * whole value — an email not inside a longer address, a phone number not inside a longer number,
 * a name not inside a longer word — so "Ali" never matches `align="center"` or "Natalie".
 */
import { escapeHtml } from './mail/mail-message';

/** What stands in for an erased identifier inside text that is kept (a payment note, a history note). */
export const ERASED = '[erased]';

/** The person an erasure is about: their mail addresses, phone numbers and names. */
export interface ErasedPerson {
  emails: readonly string[];
  phones: readonly string[];
  names: readonly string[];
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Edges that make a match whole: what may not touch each kind of identifier on either side. */
const EDGES = {
  email: ['(?<![\\p{L}\\p{N}._%+\\-])', '(?![\\p{L}\\p{N}_\\-]|\\.[\\p{L}\\p{N}])'],
  phone: ['(?<!\\p{N})', '(?!\\p{N})'],
  name: ['(?<![\\p{L}\\p{N}\\p{M}])', '(?![\\p{L}\\p{N}\\p{M}])'],
} as const;

function patterns(person: ErasedPerson, withNames: boolean): RegExp[] {
  const of = (values: readonly string[], [before, after]: readonly [string, string]) =>
    values
      .map((v) => v.trim())
      .filter(Boolean)
      // The HTML of a mail escapes what it shows (an apostrophe in a name, an ampersand).
      .flatMap((v) => [...new Set([v, escapeHtml(v)])])
      .map((v) => new RegExp(`${before}${escapeRegExp(v)}${after}`, 'giu'));
  return [
    ...of(person.emails, EDGES.email),
    ...of(person.phones, EDGES.phone),
    ...(withNames ? of(person.names, EDGES.name) : []),
  ];
}

/** Replaces every whole occurrence of the person's identifiers in `text`, whatever its case. */
export function scrub(text: string, person: ErasedPerson): string {
  return patterns(person, true).reduce((out, p) => out.replace(p, ERASED), text);
}

/** Whether `text` holds one of the person's identifiers as a whole value. */
export function mentions(text: string, person: ErasedPerson, withNames = true): boolean {
  return patterns(person, withNames).some((p) => {
    p.lastIndex = 0;
    return p.test(text);
  });
}

/**
 * Whether a mail someone else received is about this person: it carries their email or phone.
 * A name alone does not make it theirs — many people share a name, and a name can be any word.
 */
export const isAbout = (text: string, person: ErasedPerson) => mentions(text, person, false);

/** The mail with the person taken out of its subject and bodies; the same object when nothing changed. */
export function scrubMail<T extends { subject?: string; text?: string; html?: string }>(
  mail: T,
  person: ErasedPerson,
): T {
  const next = { ...mail };
  if (typeof mail.subject === 'string') next.subject = scrub(mail.subject, person);
  if (typeof mail.text === 'string') next.text = scrub(mail.text, person);
  // Only the text between tags: a name may be a word the markup also uses (`align="center"`).
  if (typeof mail.html === 'string')
    next.html = mail.html.replace(/(^|>)([^<]*)/g, (_m, edge: string, text: string) => edge + scrub(text, person));
  return next;
}
