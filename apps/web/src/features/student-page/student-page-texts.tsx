/** The student page's texts, money and dates in its language, and its card sections. */
import type { ReactNode } from 'react';
import { formatDate, formatRupees } from '@registrar/contract/language';
import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from '../../shared/api/api-error';
import { activeLanguage } from '../../shared/i18n/i18n';
import { useMessage, useT } from '../../shared/i18n/translate';

/** What to tell the student when a call failed: an id of ours, or one of the contract's English messages. */
const failure = (err: unknown): { id: 'my.tooMany' } | { english: string } =>
  err instanceof ApiError && !err.isNetworkError
    ? err.status === 429
      ? { id: 'my.tooMany' }
      : { english: err.message || MESSAGES.somethingWentWrong }
    : { english: MESSAGES.networkError };

/** The page's texts, money and dates in its language (the route loads it before the screen shows). */
export function useTexts() {
  const t = useT();
  const message = useMessage();
  const language = activeLanguage();
  return {
    t,
    message,
    rupees: (amount: number) => formatRupees(amount, language),
    date: (value: string) => formatDate(value, language),
    failed: (err: unknown) => {
      const found = failure(err);
      return 'id' in found ? t(found.id) : (message(found.english) ?? found.english);
    },
  };
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="sp-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
