/**
 * What the server writes to a student (mails, the fee statement) in the student's language, from
 * the same catalogues as the public forms (packages/contract/src/locales). The staff console and
 * staff mails stay English and do not use this.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Config } from '../config';
import { LANGUAGES, type Language } from '@registrar/contract/language';
import en from '@registrar/contract/locales/en.json';
import hi from '@registrar/contract/locales/hi.json';

const CATALOGUES: Record<Language, Record<string, string>> = { en, hi };

function setup(language: Language): I18n {
  const i18n = setupI18n();
  // The catalogues hold ICU texts; the server compiles each the first time it is used.
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(language, CATALOGUES[language]);
  i18n.activate(language);
  return i18n;
}
const instances = Object.fromEntries(LANGUAGES.map((language) => [language, setup(language)])) as Record<
  Language,
  I18n
>;

export type StudentText = (id: string, values?: Record<string, unknown>) => string;

/** `t(id, values)` in the language; an unknown language (old rows) reads English. */
export function studentTexts(language: string | null | undefined): StudentText {
  const i18n = instances[(LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en'];
  return (id, values) => {
    if (!(id in i18n.messages)) throw new Error(`No student text "${id}"`);
    return i18n._(id, values);
  };
}

/** The close of every mail to a student: the footer, and Reply-To the institute's mailbox when there is one. */
export function studentMailClose(
  config: Pick<Config, 'contactPhone' | 'contactEmail' | 'instituteEmail'>,
  t: StudentText,
): { footer: string; replyTo?: string } {
  const footer = t('mail.footer', { phone: config.contactPhone, email: config.contactEmail });
  return config.instituteEmail ? { footer, replyTo: config.instituteEmail } : { footer };
}
