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
import './inquiry-page.css';

interface InquiryPageProps {
  /** From `GET /api/site`; undefined until it has answered. */
  instituteName?: string | undefined;
  children?: ReactNode;
  overlay?: ReactNode;
}

export function InquiryPage({ instituteName, children, overlay }: InquiryPageProps) {
  return (
    <div className="inq-page">
      <header className="inq-header">
        <p className="inq-brand">{instituteName ?? '\u00a0'}</p>
      </header>
      <main className="inq-card" id="main-content">
        <h1>Ask about a course</h1>
        <p className="inq-lead">
          Tell us a little about yourself and what you would like to learn. Our admissions team will reply by email.
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        {children}
      </main>
      {overlay}
    </div>
  );
}

/** What the build prerenders into the route's HTML. */
export const prerender = () => <InquiryPage />;
