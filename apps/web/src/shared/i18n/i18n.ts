/**
 * The students' languages on the public screens: English or Hindi, chosen with the switch and
 * remembered on the device. One compiled catalogue per language is fetched when it is first
 * needed, so a page loads only the language it shows. `<html lang>` follows the active language.
 */
import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@registrar/contract/language';

export { i18n };

/** Where the device remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'registrar.language';

const catalogues: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('@registrar/contract/locales/en.json?lingui'),
  hi: () => import('@registrar/contract/locales/hi.json?lingui'),
};

/** The language this device chose last, or English. */
export function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be switched off (private windows); the page then starts in English.
  }
  return DEFAULT_LANGUAGE;
}

const loaded = new Map<Language, Promise<void>>();

/** Loads the language's catalogue once and makes it the active one. */
export async function activateLanguage(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = catalogues[language]().then(({ messages }) => i18n.load(language, messages as never));
    loaded.set(language, loading);
    loading.catch(() => loaded.delete(language)); // a failed load is tried again next time
  }
  await loading;
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The visitor's choice: remembered on this device, then shown. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but still shown.
  }
  await activateLanguage(language);
}

/** What a public screen's route awaits with its code: the remembered language, ready to show. */
export const loadStudentLanguage = () => activateLanguage(storedLanguage());

/** The language on screen now, sent with a form so the student's mails use it too. */
export const activeLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
