/**
 * "Accept the terms" for a student enrolled at the desk who was sent the link: the current version,
 * sanitized as the public form shows it, and one button. Loaded only when there is something to accept.
 */
import { useState } from 'react';
import type { StudentPage } from '@registrar/contract/student-page';
import { SanitizedHtml } from '../../shared/ui/sanitized-html';
import { acceptTerms } from './api/student-page-api';
import { Section, useTexts } from './student-page-texts';

export function TermsToAccept({ token, terms }: { token: string; terms: NonNullable<StudentPage['termsToAccept']> }) {
  const { t, message, failed } = useTexts();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const accept = async () => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await acceptTerms(token, terms.version) });
    } catch (err) {
      setNotice({ ok: false, text: failed(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="sp-terms" title={t('my.terms.title')}>
      <p className="sp-muted">{t('my.terms.lead')}</p>
      <div className="sp-terms-text" tabIndex={0} role="region" aria-label={terms.name}>
        <SanitizedHtml html={terms.description} />
      </div>
      {notice && (
        <p className={notice.ok ? 'sp-notice' : 'sp-error'} role={notice.ok ? 'status' : 'alert'}>
          {message(notice.text) ?? notice.text}
        </p>
      )}
      {!notice?.ok && (
        <div className="sp-actions">
          <button type="button" className="sp-button" disabled={busy} onClick={() => void accept()}>
            {t('my.terms.accept', { version: terms.version })}
          </button>
        </div>
      )}
    </Section>
  );
}
