/**
 * The students' languages on the public screens: English or Hindi, chosen with the switch and
 * remembered on the device. One compiled catalogue per language is fetched when it is first
 * needed, so a page loads only the language it shows. `<html lang>` follows the active language.
 */
import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@registrar/contract/language';

export { i18n, LANGUAGE_STORAGE_KEY };

/** One part of the catalogue, per language: the forms' texts, or a page's own (`student-page-catalogue.ts`). */
export type CataloguePart = Record<Language, () => Promise<{ messages: Record<string, unknown> }>>;

/** The public forms' texts. */
const formsCatalogue: CataloguePart = {
  en: () => import('@registrar/contract/locales/en.json?lingui'),
  hi: () => import('@registrar/contract/locales/hi.json?lingui'),
};

/** The language this device chose with the switch, if it chose one. */
export function chosenLanguage(): Language | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be switched off (private windows); the page then starts in English.
  }
  return undefined;
}

const loaded = new Map<() => unknown, Promise<void>>();
/** The parts the screens shown so far need: a switch of language loads each of them. */
const parts = new Set<CataloguePart>();

/** Loads the language's catalogue once (the part named, and the parts loaded before) and makes it the active one. */
export async function activateLanguage(language: Language, part?: CataloguePart): Promise<void> {
  if (part) parts.add(part);
  else if (parts.size === 0) parts.add(formsCatalogue);
  await Promise.all(
    [...parts].map(({ [language]: catalogue }) => {
      let loading = loaded.get(catalogue);
      if (!loading) {
        // Lingui merges what is loaded for a language, so the parts add up.
        loading = catalogue().then(({ messages }) => i18n.load(language, messages as never));
        loaded.set(catalogue, loading);
        loading.catch(() => loaded.delete(catalogue)); // a failed load is tried again next time
      }
      return loading;
    }),
  );
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

/** What a public screen's route awaits with its code: the remembered language (or English), ready to show. */
export const loadStudentLanguage = (part = formsCatalogue) =>
  activateLanguage(chosenLanguage() ?? DEFAULT_LANGUAGE, part);

/** The language on screen now, sent with a form so the student's mails use it too. */
export const activeLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
