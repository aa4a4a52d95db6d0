/**
 * The page around the enrolment form: the brand bar, the heading and the lead paragraph, with the
 * form and the terms (children) in the main area and the thank-you modal (overlay) after it.
 *
 * The build renders `<EnrollmentPage />` as it first appears (no institute name yet, no form) into
 * the HTML of /student-enrollment with enrollment-page.css inlined (apps/web/build/route-pages.ts),
 * so a phone paints the heading and lead before any script has arrived, and React then takes over
 * the same markup. Keep it free of state and effects: what it renders is exactly what is prerendered.
 */
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@registrar/contract/language';
import { activateLanguage } from '../../shared/i18n/i18n';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { StudentI18n, T, useT } from '../../shared/i18n/translate';
import './enrollment-page.css';

interface EnrollmentPageProps {
  /** From `GET /api/site`; undefined until it has answered. */
  instituteName?: string | undefined;
  children?: ReactNode;
  overlay?: ReactNode;
}

export function EnrollmentPage({ instituteName, children, overlay }: EnrollmentPageProps) {
  const t = useT();
  return (
    <div className="enr-page">
      <header className="enr-header">
        <div className="lang-bar">
          <p className="enr-brand">
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path
                fill="#fff"
                d="M16 7 4 13l12 6 9-4.5V21h2v-7.5L16 7Zm-7 9.8V21c0 1.7 3.1 4 7 4s7-2.3 7-4v-4.2l-7 3.5-7-3.5Z"
              />
            </svg>
            {instituteName || t('form.brandFallback')}
          </p>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main-content" className="enr-main">
        <h1>{t('enrol.title')}</h1>
        <p className="enr-lead">
          <T id="enrol.lead" components={{ 0: <span className="enr-required" /> }} />
        </p>
        {children}
      </main>
      {overlay}
    </div>
  );
}

/** What the build prerenders into the route's HTML, once per language (the page shows the visitor's). */
export async function prerender(language: Language = DEFAULT_LANGUAGE) {
  await activateLanguage(language);
  return (
    <StudentI18n>
      <EnrollmentPage />
    </StudentI18n>
  );
}
