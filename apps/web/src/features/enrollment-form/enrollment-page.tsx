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
import { T, useT } from '../../shared/i18n/translate';
import { BrandMark } from '../../shared/ui/brand-mark';
import { PublicPageFrame, prerenderPage } from '../../shared/ui/public-page-frame';
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
    <PublicPageFrame
      prefix="enr"
      main="main"
      header="enr"
      brand={
        <>
          <BrandMark />
          {instituteName || t('form.brandFallback')}
        </>
      }
      title={t('enrol.title')}
      lead={<T id="enrol.lead" components={{ 0: <span className="enr-required" /> }} />}
      overlay={overlay}
    >
      {children}
    </PublicPageFrame>
  );
}

/** What the build prerenders into the route's HTML, once per language (the page shows the visitor's). */
export const prerender = (language: Language = DEFAULT_LANGUAGE) => prerenderPage(<EnrollmentPage />, language);
