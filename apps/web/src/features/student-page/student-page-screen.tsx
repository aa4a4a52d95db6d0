/**
 * /my/<token>: the student's own page, opened from a link in their mail on a phone, without an
 * account. Plain elements on the shared tokens (no MUI, no shell), like the public forms.
 * /my: the form that mails a fresh link; its answer is the same whether the email is known or not.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDate, formatRupees } from '@registrar/contract/language';
import { MESSAGES } from '@registrar/contract/messages';
import {
  STUDENT_API,
  STUDENT_PAGE_PATH,
  type StudentPage,
  type StudentRequestKind,
} from '@registrar/contract/student-page';
import { ApiError } from '../../shared/api/api-error';
import { activateLanguage, activeLanguage, chosenLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { StudentI18n, useMessage, useT } from '../../shared/i18n/translate';
import { fetchStudentPage, requestData, requestLink } from './student-page-api';
import { Frame, LinkRequestHeading } from './student-page-frame';
import { StudentPageLoading } from './student-page-loading';
import './student-page.css';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** What to tell the student when a call failed: an id of ours, or one of the contract's English messages. */
const failure = (err: unknown): { id: 'my.tooMany' } | { english: string } =>
  err instanceof ApiError && !err.isNetworkError
    ? err.status === 429
      ? { id: 'my.tooMany' }
      : { english: err.message || MESSAGES.somethingWentWrong }
    : { english: MESSAGES.networkError };

/** The page's texts, money and dates in its language (the route loads it before the screen shows). */
function useTexts() {
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

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="sp-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

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

type Load = { state: 'loading' } | { state: 'ready'; page: StudentPage } | { state: 'failed'; status?: number };

/** /my/<token>: everything the student needs about their enrolment and fees. */
export function StudentPageScreen() {
  return (
    <StudentI18n>
      <StudentPageLoader />
    </StudentI18n>
  );
}

function StudentPageLoader() {
  const { t } = useTexts();
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchStudentPage(token, signal).then(
        async (page) => {
          // The student's own language, unless this device has chosen one with the switch.
          if (!chosenLanguage() && page.language !== activeLanguage())
            await activateLanguage(page.language, studentPageCatalogue);
          setLoad({ state: 'ready', page });
        },
        (err: unknown) => {
          if ((err as Error).name !== 'AbortError')
            setLoad({ state: 'failed', status: err instanceof ApiError ? err.status : undefined });
        },
      ),
    [token],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  if (load.state === 'loading') return <StudentPageLoading />;
  if (load.state === 'failed')
    return (
      <Frame>
        {load.status === 404 || load.status === 400 ? (
          <>
            <h1>{t('my.linkBroken')}</h1>
            <p className="sp-lead">{t('my.linkBroken.lead')}</p>
            <a className="sp-button" href={STUDENT_PAGE_PATH}>
              {t('my.askNewLink')}
            </a>
          </>
        ) : (
          <>
            <h1>{t('my.title')}</h1>
            <p className="sp-error" role="alert">
              {t('my.loadFailed')}
            </p>
            <button
              type="button"
              className="sp-button"
              onClick={() => {
                setLoad({ state: 'loading' });
                void reload();
              }}
            >
              {t('my.retry')}
            </button>
          </>
        )}
      </Frame>
    );
  return <StudentPageView token={token} page={load.page} onChanged={() => void reload()} />;
}

function StudentPageView({ token, page, onChanged }: { token: string; page: StudentPage; onChanged: () => void }) {
  const { t, rupees, date } = useTexts();
  const upi = page.installments.filter((i) => i.upi);
  return (
    <Frame brand={page.institute.name}>
      <h1>{t('my.title')}</h1>
      <dl className="sp-facts">
        <div>
          <dt>{t('my.enrollmentNumber')}</dt>
          <dd>{page.enrollmentNumber}</dd>
        </div>
        <div>
          <dt>{t('my.status')}</dt>
          <dd>
            <span className={`sp-badge sp-badge-${page.status}`}>{t(`my.enrollmentStatus.${page.status}`)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('my.course')}</dt>
          <dd>{page.course}</dd>
        </div>
      </dl>

      <div className="sp-card sp-due" aria-live="polite">
        <p className="sp-due-label">{t('my.nextDue')}</p>
        <p className="sp-due-value">
          {page.nextDue
            ? t('my.nextDue.line', {
                number: page.nextDue.number,
                amount: rupees(page.nextDue.amount),
                date: date(page.nextDue.dueDate),
              })
            : t('my.nothingDue')}
        </p>
        <dl className="sp-totals">
          <div>
            <dt>{t('my.totalFee')}</dt>
            <dd>{rupees(page.totalFee)}</dd>
          </div>
          <div>
            <dt>{t('my.paid')}</dt>
            <dd>{rupees(page.paidAmount)}</dd>
          </div>
          <div>
            <dt>{t('my.outstanding')}</dt>
            <dd>{rupees(page.outstanding)}</dd>
          </div>
        </dl>
      </div>

      <Section id="sp-schedule" title={t('my.schedule')}>
        <ol className="sp-list">
          {page.installments.map((i) => (
            <li key={i.number} className="sp-item">
              <div className="sp-row">
                <strong>{t('my.installment', { number: i.number })}</strong>
                <span className={`sp-badge sp-badge-${i.status}`}>{t(`my.installmentStatus.${i.status}`)}</span>
              </div>
              <div className="sp-row sp-muted">
                <span>{t('my.dueOn', { date: date(i.dueDate) })}</span>
                <span>{t('my.paidOf', { paid: rupees(i.paidAmount), amount: rupees(i.amount) })}</span>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      {upi.length > 0 && (
        <Section id="sp-upi" title={t('my.upi.title')}>
          <p className="sp-muted">{t('my.upi.note')}</p>
          <ul className="sp-list">
            {upi.map((i) => {
              const owed = rupees(Math.round((i.amount - i.paidAmount) * 100) / 100);
              return (
                <li key={i.number} className="sp-item sp-upi">
                  <strong>{t('my.installment', { number: i.number })}</strong>
                  <img
                    src={svgDataUrl(i.upi!.svg)}
                    width={168}
                    height={168}
                    alt={t('my.upi.qrAlt', { number: i.number, amount: owed })}
                  />
                  <a className="sp-button sp-upi-button" href={i.upi!.url}>
                    {t('my.upi.button', { amount: owed })}
                  </a>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      <Section id="sp-payments" title={t('my.payments')}>
        {page.payments.length === 0 ? (
          <p className="sp-muted">{t('my.payments.none')}</p>
        ) : (
          <ul className="sp-list">
            {page.payments.map((p) => (
              <li key={p._id} className="sp-item">
                <div className="sp-row">
                  <strong>{rupees(p.amount)}</strong>
                  <span>{date(p.paidOn)}</span>
                </div>
                <div className="sp-row sp-muted">
                  <span>
                    {t('my.receipt', { number: p.receiptNumber })}
                    {p.voided ? ` · ${t('my.voided')}` : ''}
                  </span>
                  <span>
                    {t(`my.paymentMode.${p.paymentMode}`)} · {t('my.installment', { number: p.installmentNumber })}
                  </span>
                </div>
                <a className="sp-link" href={STUDENT_API.receipt(token, p._id)} download>
                  {t('my.receipt.download', { number: p.receiptNumber })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="sp-statement" title={t('my.statement.title')}>
        <a className="sp-link" href={STUDENT_API.statement(token)} download>
          {t('my.statement.download')}
        </a>
      </Section>

      <Section id="sp-announcements" title={t('my.announcements')}>
        {page.announcements.length === 0 ? (
          <p className="sp-muted">{t('my.announcements.none')}</p>
        ) : (
          <ul className="sp-list">
            {page.announcements.map((a, index) => (
              <li key={`${a.sentAt}-${index}`} className="sp-item">
                <div className="sp-row">
                  <strong>{a.title}</strong>
                  <span className="sp-muted">{date(a.sentAt)}</span>
                </div>
                <p className="sp-message">{a.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <DataRequests token={token} page={page} onChanged={onChanged} />

      <Section id="sp-contacts" title={t('my.contacts')}>
        <dl className="sp-facts">
          <div>
            <dt>{t('my.phone')}</dt>
            <dd>
              <a className="sp-link" href={`tel:${page.institute.phone}`}>
                {page.institute.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('my.email')}</dt>
            <dd>
              <a className="sp-link" href={`mailto:${page.institute.email}`}>
                {page.institute.email}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t('my.address')}</dt>
            <dd>{page.institute.address}</dd>
          </div>
        </dl>
      </Section>
      <p className="sp-muted sp-footnote">{t('my.linkValidUntil', { date: date(page.linkExpiresAt) })}</p>
    </Frame>
  );
}

function DataRequests({ token, page, onChanged }: { token: string; page: StudentPage; onChanged: () => void }) {
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
