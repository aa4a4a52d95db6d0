/**
 * How a public screen shows its texts: `const t = useT(); t('inquiry.title')` for plain text,
 * `<T id="…" components={{ 0: <a href="…" /> }} />` for text with markup, `useMessage()` for the
 * contract's English validation and server messages. Screens render inside `<StudentI18n>`.
 */
import type { ReactNode } from 'react';
import { I18nProvider, Trans, useLingui, type TransProps } from '@lingui/react';
import { i18n } from './i18n';
import { messageId } from './server-messages';

/** The active language's text for an id; re-renders when the visitor switches language. */
export function useT() {
  return useLingui()._;
}

/** Text with markup: the catalogue's `<0>…</0>` wrap the given components. */
export function T(props: Pick<TransProps, 'id' | 'values' | 'components'>) {
  return <Trans {...props} />;
}

/** The language context of a public screen. */
export function StudentI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/**
 * The contract's English message in the active language: validation messages, 'Network error', the
 * server's answers (file too large, terms changed, rate limits, "link requested"…). A message the
 * catalogue does not know shows as the server wrote it.
 */
export function translateMessage(english: string | undefined): string | undefined {
  if (!english || i18n.locale === 'en') return english;
  const id = messageId(english);
  if (id && id in i18n.messages) return i18n._(id);
  // A known message with its particular after a colon ("…: RCPT-2026-000123") keeps the particular.
  const at = english.lastIndexOf(': ');
  const head = at > 0 ? messageId(english.slice(0, at)) : undefined;
  return head && head in i18n.messages ? `${i18n._(head)}: ${english.slice(at + 2)}` : english;
}

/** `translateMessage` for a component: it renders again when the visitor switches language. */
export function useMessage() {
  useLingui();
  return translateMessage;
}
