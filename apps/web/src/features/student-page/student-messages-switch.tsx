/**
 * The student's own switch for fee messages on WhatsApp and SMS; mail comes whatever they choose.
 * Turning it off is the same as replying STOP.
 */
import { useState } from 'react';
import { apiUrl } from '@registrar/contract/api-paths';
import { apiFetch } from '../../shared/api/api-fetch';
import { Section, useTexts } from './student-page-texts';

export function MessagesSwitch({ token, on: initial }: { token: string; on: boolean }) {
  const { t, message, failed } = useTexts();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const change = async (next: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await apiFetch<null>(apiUrl('studentPageMessages', token), {
        method: 'PUT',
        body: { phoneMessages: next },
      });
      setOn(next);
      setNotice({ ok: true, text: answer.message });
    } catch (err) {
      setNotice({ ok: false, text: failed(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="sp-messages" title={t('my.messages.title')}>
      <label className="sp-check">
        <input type="checkbox" checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />{' '}
        {t('my.messages.switch')}
      </label>
      {notice && (
        <p className={notice.ok ? 'sp-notice' : 'sp-error'} role={notice.ok ? 'status' : 'alert'}>
          {message(notice.text) ?? notice.text}
        </p>
      )}
    </Section>
  );
}
