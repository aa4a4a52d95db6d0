/**
 * /my/<token>: the student's own page, opened from a link in their mail on a phone, without an
 * account. Plain elements on the shared tokens (no MUI, no shell), like the public forms.
 * /my: the form that mails a fresh link; its answer is the same whether the email is known or not.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MESSAGES } from '@registrar/contract/messages';
import {
  STUDENT_API,
  STUDENT_PAGE_PATH,
  studentLinkRequestSchema,
  type StudentPage,
  type StudentRequestKind,
} from '@registrar/contract/student-page';
import { ApiError } from '../../shared/api/api-error';
import { formatDate } from '../../shared/lib/format-date';
import { studentPageMessages as t } from './messages';
import { fetchStudentPage, requestData, requestLink } from './student-page-api';
import { Frame, LinkRequestHeading } from './student-page-frame';
import './student-page.css';

const inr = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: rupees % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const failureMessage = (err: unknown) =>
  err instanceof ApiError && !err.isNetworkError
    ? err.status === 429
      ? t.tooMany
      : err.message || MESSAGES.somethingWentWrong
    : MESSAGES.networkError;

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
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Frame>
      <LinkRequestHeading />
      {done ? (
        <p className="sp-notice" role="status">
          {done}
        </p>
      ) : (
        <form className="sp-form" noValidate onSubmit={submit}>
          <label htmlFor="sp-email">{t.emailLabel}</label>
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
              {error}
            </p>
          )}
          <button type="submit" className="sp-button" disabled={busy} aria-busy={busy}>
            {busy ? t.sending : t.send}
          </button>
        </form>
      )}
    </Frame>
  );
}

type Load = { state: 'loading' } | { state: 'ready'; page: StudentPage } | { state: 'failed'; status?: number };

/** /my/<token>: everything the student needs about their enrolment and fees. */
export function StudentPageScreen() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchStudentPage(token, signal).then(
        (page) => setLoad({ state: 'ready', page }),
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

  if (load.state === 'loading')
    return (
      <Frame>
        <h1>{t.pageTitle}</h1>
        <p className="sp-lead" role="status">
          {t.loading}
        </p>
      </Frame>
    );
  if (load.state === 'failed')
    return (
      <Frame>
        {load.status === 404 || load.status === 400 ? (
          <>
            <h1>{t.linkBroken}</h1>
            <p className="sp-lead">{t.linkBrokenLead}</p>
            <a className="sp-button" href={STUDENT_PAGE_PATH}>
              {t.askNewLink}
            </a>
          </>
        ) : (
          <>
            <h1>{t.pageTitle}</h1>
            <p className="sp-error" role="alert">
              {t.loadFailed}
            </p>
            <button
              type="button"
              className="sp-button"
              onClick={() => {
                setLoad({ state: 'loading' });
                void reload();
              }}
            >
              {t.retry}
            </button>
          </>
        )}
      </Frame>
    );
  return <StudentPageView token={token} page={load.page} onChanged={() => void reload()} />;
}

function StudentPageView({ token, page, onChanged }: { token: string; page: StudentPage; onChanged: () => void }) {
  const upi = page.installments.filter((i) => i.upi);
  return (
    <Frame brand={page.institute.name}>
      <h1>{t.pageTitle}</h1>
      <dl className="sp-facts">
        <div>
          <dt>{t.enrollmentNumber}</dt>
          <dd>{page.enrollmentNumber}</dd>
        </div>
        <div>
          <dt>{t.status}</dt>
          <dd>
            <span className={`sp-badge sp-badge-${page.status}`}>{t.statuses[page.status]}</span>
          </dd>
        </div>
        <div>
          <dt>{t.course}</dt>
          <dd>{page.course}</dd>
        </div>
      </dl>

      <div className="sp-card sp-due" aria-live="polite">
        <p className="sp-due-label">{t.nextDue}</p>
        <p className="sp-due-value">
          {page.nextDue
            ? t.nextDueLine(page.nextDue.number, inr(page.nextDue.amount), formatDate(page.nextDue.dueDate))
            : t.nothingDue}
        </p>
        <dl className="sp-totals">
          <div>
            <dt>{t.totalFee}</dt>
            <dd>{inr(page.totalFee)}</dd>
          </div>
          <div>
            <dt>{t.paid}</dt>
            <dd>{inr(page.paidAmount)}</dd>
          </div>
          <div>
            <dt>{t.outstanding}</dt>
            <dd>{inr(page.outstanding)}</dd>
          </div>
        </dl>
      </div>

      <Section id="sp-schedule" title={t.scheduleTitle}>
        <ol className="sp-list">
          {page.installments.map((i) => (
            <li key={i.number} className="sp-item">
              <div className="sp-row">
                <strong>{t.installment(i.number)}</strong>
                <span className={`sp-badge sp-badge-${i.status}`}>{t.installmentStates[i.status]}</span>
              </div>
              <div className="sp-row sp-muted">
                <span>{t.dueOn(formatDate(i.dueDate))}</span>
                <span>{t.paidOf(inr(i.paidAmount), inr(i.amount))}</span>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      {upi.length > 0 && (
        <Section id="sp-upi" title={t.upiTitle}>
          <p className="sp-muted">{t.upiNote}</p>
          <ul className="sp-list">
            {upi.map((i) => {
              const owed = inr(Math.round((i.amount - i.paidAmount) * 100) / 100);
              return (
                <li key={i.number} className="sp-item sp-upi">
                  <strong>{t.installment(i.number)}</strong>
                  <img src={svgDataUrl(i.upi!.svg)} width={168} height={168} alt={t.upiQrAlt(i.number, owed)} />
                  <a className="sp-button sp-upi-button" href={i.upi!.url}>
                    {t.upiButton(owed)}
                  </a>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      <Section id="sp-payments" title={t.paymentsTitle}>
        {page.payments.length === 0 ? (
          <p className="sp-muted">{t.noPayments}</p>
        ) : (
          <ul className="sp-list">
            {page.payments.map((p) => (
              <li key={p._id} className="sp-item">
                <div className="sp-row">
                  <strong>{inr(p.amount)}</strong>
                  <span>{formatDate(p.paidOn)}</span>
                </div>
                <div className="sp-row sp-muted">
                  <span>
                    {t.receipt} {p.receiptNumber}
                    {p.voided ? ` · ${t.voided}` : ''}
                  </span>
                  <span>
                    {t.paymentModes[p.paymentMode]} · {t.installment(p.installmentNumber)}
                  </span>
                </div>
                <a className="sp-link" href={STUDENT_API.receipt(token, p._id)} download>
                  {t.downloadReceipt(p.receiptNumber)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="sp-statement" title={t.statementTitle}>
        <a className="sp-link" href={STUDENT_API.statement(token)} download>
          {t.downloadStatement}
        </a>
      </Section>

      <Section id="sp-announcements" title={t.announcementsTitle}>
        {page.announcements.length === 0 ? (
          <p className="sp-muted">{t.noAnnouncements}</p>
        ) : (
          <ul className="sp-list">
            {page.announcements.map((a, index) => (
              <li key={`${a.sentAt}-${index}`} className="sp-item">
                <div className="sp-row">
                  <strong>{a.title}</strong>
                  <span className="sp-muted">{formatDate(a.sentAt)}</span>
                </div>
                <p className="sp-message">{a.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <DataRequests token={token} page={page} onChanged={onChanged} />

      <Section id="sp-contacts" title={t.contactsTitle}>
        <dl className="sp-facts">
          <div>
            <dt>{t.phone}</dt>
            <dd>
              <a className="sp-link" href={`tel:${page.institute.phone}`}>
                {page.institute.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t.email}</dt>
            <dd>
              <a className="sp-link" href={`mailto:${page.institute.email}`}>
                {page.institute.email}
              </a>
            </dd>
          </div>
          <div>
            <dt>{t.address}</dt>
            <dd>{page.institute.address}</dd>
          </div>
        </dl>
      </Section>
      <p className="sp-muted sp-footnote">{t.linkValidUntil(formatDate(page.linkExpiresAt))}</p>
    </Frame>
  );
}

function DataRequests({ token, page, onChanged }: { token: string; page: StudentPage; onChanged: () => void }) {
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
      setNotice({ ok: false, text: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="sp-requests" title={t.requestsTitle}>
      <p className="sp-muted">{t.requestsLead}</p>
      {page.requests.length > 0 && (
        <ul className="sp-list">
          {page.requests.map((r) => (
            <li key={`${r.kind}-${r.createdAt}`} className="sp-item sp-row">
              <span>
                {t.requestKinds[r.kind]} <span className="sp-muted">({t.requestedOn(formatDate(r.createdAt))})</span>
              </span>
              <span className={`sp-badge sp-badge-${r.state}`}>{t.requestStates[r.state]}</span>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p className={notice.ok ? 'sp-notice' : 'sp-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {confirming ? (
        <div className="sp-confirm" role="group" aria-labelledby="sp-confirm-text">
          <p id="sp-confirm-text">{t.confirmErasure}</p>
          <div className="sp-actions">
            <button type="button" className="sp-button sp-danger" disabled={busy} onClick={() => void ask('erasure')}>
              {t.confirmYes}
            </button>
            <button type="button" className="sp-button sp-secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
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
            {t.askExport}
          </button>
          <button
            type="button"
            className="sp-button sp-secondary"
            disabled={busy || open.has('erasure')}
            onClick={() => setConfirming(true)}
          >
            {t.askErasure}
          </button>
        </div>
      )}
    </Section>
  );
}
