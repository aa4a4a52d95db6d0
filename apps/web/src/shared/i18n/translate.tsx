/**
 * How a public screen shows its texts: `const t = useT(); t('inquiry.title')` for plain text,
 * `<T id="…" components={{ 0: <a href="…" /> }} />` for text with markup, `useMessage()` for the
 * contract's English validation and server messages. Screens render inside `<StudentI18n>`.
 */
import type { ReactNode } from 'react';
import { I18nProvider, Trans, useLingui, type TransProps } from '@lingui/react';
import { MESSAGES } from '@registrar/contract/messages';
import { i18n } from './i18n';

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

// The contract's messages are the English texts; the catalogues key their translations
// `messages.<name>`, so a message from the schema or the server is found by its English text.
const NAME_OF_MESSAGE = new Map<string, string>(Object.entries(MESSAGES).map(([name, text]) => [text, name]));

/** The message id of one of the contract's English messages, if it is one. */
export const messageId = (english: string) => {
  const name = NAME_OF_MESSAGE.get(english);
  return name ? `messages.${name}` : undefined;
};

/**
 * The contract's English message in the active language: validation messages, 'Network error' and
 * the like. A message the catalogue does not know (a server's own sentence) shows as it came.
 */
export function useMessage() {
  const { i18n: active } = useLingui();
  return (english: string | undefined): string | undefined => {
    if (!english || active.locale === 'en') return english;
    const id = messageId(english);
    return id && id in active.messages ? active._(id) : english;
  };
}
