/** /my: the form that mails a fresh link; its answer is the same whether the email is known or not. */
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@registrar/contract/messages';
import { StudentI18n } from '../../shared/i18n/translate';
import { requestLink } from './api/student-page-api';
import { Frame, LinkRequestHeading } from './student-page-frame';
import { useTexts } from './student-page-texts';
import './student-page.css';

/** /my: type an email, get a fresh link by mail. */
export function StudentLinkRequestScreen() {
  return (
    <StudentI18n>
      <LinkRequest />
    </StudentI18n>
  );
}

function LinkRequest() {
  const { t, message, failed } = useTexts();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first send: the page a student's link opens never needs them.
    const { studentLinkRequestSchema } = await import('@registrar/contract/student-page-schemas');
    const parsed = studentLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.somethingWentWrong);
      return;
    }
    setBusy(true);
    setError('');
    try {
      setDone(await requestLink(parsed.data.email));
    } catch (err) {
      setError(failed(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Frame>
      <LinkRequestHeading />
      {done ? (
        <p className="sp-notice" role="status">
          {message(done)}
        </p>
      ) : (
        <form className="sp-form" noValidate onSubmit={submit}>
          <label htmlFor="sp-email">{t('my.email')}</label>
          <input
            id="sp-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sp-email-error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && (
            <p id="sp-email-error" className="sp-error" role="alert">
              {message(error)}
            </p>
          )}
          <button type="submit" className="sp-button" disabled={busy} aria-busy={busy}>
            {busy ? t('my.sending') : t('my.send')}
          </button>
        </form>
      )}
    </Frame>
  );
}
