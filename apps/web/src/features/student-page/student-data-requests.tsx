/** The student asks for a copy of their data, or for its erasure (confirmed first). */
import { useState } from 'react';
import type { StudentPage, StudentRequestKind } from '@registrar/contract/student-page';
import { requestData } from './api/student-page-api';
import { Section, useTexts } from './student-page-texts';

export function DataRequests({ token, page, onChanged }: { token: string; page: StudentPage; onChanged: () => void }) {
  const { t, message, date, failed } = useTexts();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const open = new Set(page.requests.filter((r) => r.state === 'open').map((r) => r.kind));

  const ask = async (kind: StudentRequestKind) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await requestData(token, kind) });
      setConfirming(false);
      onChanged();
    } catch (err) {
      setNotice({ ok: false, text: failed(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="sp-requests" title={t('my.requests.title')}>
      <p className="sp-muted">{t('my.requests.lead')}</p>
      {page.requests.length > 0 && (
        <ul className="sp-list">
          {page.requests.map((r) => (
            <li key={`${r.kind}-${r.createdAt}`} className="sp-item sp-row">
              <span>
                {t(`my.requestKind.${r.kind}`)}{' '}
                <span className="sp-muted">({t('my.requests.askedOn', { date: date(r.createdAt) })})</span>
              </span>
              <span className={`sp-badge sp-badge-${r.state}`}>{t(`my.requestState.${r.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className={notice.ok ? 'sp-notice' : 'sp-error'} role={notice.ok ? 'status' : 'alert'}>
          {message(notice.text)}
        </p>
      )}
      {confirming ? (
        <div className="sp-confirm" role="group" aria-labelledby="sp-confirm-text">
          <p id="sp-confirm-text">{t('my.requests.confirmErasure')}</p>
          <div className="sp-actions">
            <button type="button" className="sp-button sp-danger" disabled={busy} onClick={() => void ask('erasure')}>
              {t('my.requests.confirmYes')}
            </button>
            <button type="button" className="sp-button sp-secondary" onClick={() => setConfirming(false)}>
              {t('my.requests.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="sp-actions">
          <button
            type="button"
            className="sp-button sp-secondary"
            disabled={busy || open.has('export')}
            onClick={() => void ask('export')}
          >
            {t('my.requests.askExport')}
          </button>
          <button
            type="button"
            className="sp-button sp-secondary"
            disabled={busy || open.has('erasure')}
            onClick={() => setConfirming(true)}
          >
            {t('my.requests.askErasure')}
          </button>
        </div>
      )}
    </Section>
  );
}
