/**
 * The page around the inquiry form: the brand bar, the heading and the lead paragraph, with the
 * form (children) inside the card and the thank-you dialog (overlay) after it.
 *
 * The build renders `<InquiryPage />` as it first appears (no institute name yet, no form) into
 * the HTML of /student-inquiry with inquiry-page.css inlined (apps/web/build/route-pages.ts), so a
 * phone paints the heading and lead before any script has arrived, and React then takes over the
 * same markup. Keep it free of state and effects: what it renders is exactly what is prerendered.
 */
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@registrar/contract/language';
import { T, useT } from '../../shared/i18n/translate';
import { PublicPageFrame, prerenderPage } from '../../shared/ui/public-page-frame';
import './inquiry-page.css';

interface InquiryPageProps {
  /** From `GET /api/site`; undefined until it has answered. */
  instituteName?: string | undefined;
  children?: ReactNode;
  overlay?: ReactNode;
}

export function InquiryPage({ instituteName, children, overlay }: InquiryPageProps) {
  const t = useT();
  return (
    <PublicPageFrame
      prefix="inq"
      main="card"
      brand={instituteName}
      title={t('inquiry.title')}
      lead={
        <T id="inquiry.lead" components={{ 0: <span aria-hidden="true" />, 1: <span className="visually-hidden" /> }} />
      }
      overlay={overlay}
    >
      {children}
    </PublicPageFrame>
  );
}

/** What the build prerenders into the route's HTML, once per language (the page shows the visitor's). */
export const prerender = (language: Language = DEFAULT_LANGUAGE) => prerenderPage(<InquiryPage />, language);
