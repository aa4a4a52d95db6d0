/**
 * /my/<token>: the student's own page, opened from a link in their mail on a phone, without an
 * account. Plain elements on the shared tokens (no MUI, no shell), like the public forms.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { STUDENT_API, STUDENT_PAGE_PATH, type StudentPage } from '@registrar/contract/student-page';
import { ApiError } from '../../shared/api/api-error';
import { activateLanguage, activeLanguage, chosenLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { StudentI18n } from '../../shared/i18n/translate';
import { fetchStudentPage } from './api/student-page-api';
import { DataRequests } from './student-data-requests';
import { Frame } from './student-page-frame';
import { PaymentsSection } from './student-payments-section';
import { Section, useTexts } from './student-page-texts';
import { StudentPageLoading } from './student-page-loading';
// Paying online and reporting a UPI payment load after the page itself, as its first paint needs neither.
const PaymentClaimSection = lazy(async () => ({
  default: (await import('./payment-claim-section')).PaymentClaimSection,
}));
// The sanitizer comes with it, so only a page with terms to accept loads it.
import { MessagesSwitch } from './student-messages-switch';
const TermsToAccept = lazy(async () => ({ default: (await import('./student-terms-section')).TermsToAccept }));
const OnlinePay = lazy(async () => ({ default: (await import('./student-online-pay')).OnlinePay }));
import './student-page.css';

export { StudentLinkRequestScreen } from './student-link-request-screen';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

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
  const { t, rupees, date, failed } = useTexts();
  const upi = page.installments.filter((i) => i.upi);
  const overdueNext = page.installments.some((i) => i.number === page.nextDue?.number && i.status === 'overdue');
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
            ? t(overdueNext ? 'my.nextDue.overdue' : 'my.nextDue.line', {
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

      {page.termsToAccept && (
        <Suspense fallback={null}>
          <TermsToAccept token={token} terms={page.termsToAccept} />
        </Suspense>
      )}

      <Suspense fallback={null}>
        <OnlinePay token={token} page={page} failed={failed} onPaid={onChanged} />
      </Suspense>

      <Section id="sp-schedule" title={t('my.schedule')}>
        <ol className="sp-list">
          {page.installments.map((i) => (
            <li key={i.number} className="sp-item">
              <div className="sp-row">
                <strong>{t('my.installment', { number: i.number })}</strong>
                <span className={`sp-badge sp-badge-${i.status}`}>{t(`my.installmentStatus.${i.status}`)}</span>
              </div>
              <div className="sp-row sp-muted">
                <span>{t(i.status === 'overdue' ? 'my.overdueSince' : 'my.dueOn', { date: date(i.dueDate) })}</span>
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

      <Suspense fallback={null}>
        <PaymentClaimSection token={token} page={page} onChanged={onChanged} />
      </Suspense>

      <PaymentsSection token={token} page={page} />

      <Section id="sp-statement" title={t('my.statement.title')}>
        <a className="sp-link" href={STUDENT_API.statement(token, activeLanguage())} download>
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

      <MessagesSwitch token={token} on={page.phoneMessages === true} />

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
