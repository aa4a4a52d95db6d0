/**
 * The frame of the student's pages (brand bar, main), and the top of the link form at /my.
 *
 * The build renders `prerender` into the HTML of /my with student-page-frame.css inlined
 * (apps/web/build/route-pages.ts), so a phone paints the heading and lead before any script has
 * arrived, and React then takes over the same markup. Keep it free of state and effects: what it
 * renders is exactly what is prerendered.
 */
import type { ReactNode } from 'react';
import { studentPageMessages as t } from './messages';
import './student-page-frame.css';

export function Frame({ brand, children }: { brand?: string | undefined; children: ReactNode }) {
  return (
    <div className="sp-page">
      <header className="sp-header">
        <p className="sp-brand">{brand ?? t.brandFallback}</p>
      </header>
      <main className="sp-main" id="main-content">
        {children}
      </main>
    </div>
  );
}

export function LinkRequestHeading() {
  return (
    <>
      <h1>{t.requestTitle}</h1>
      <p className="sp-lead">{t.requestLead}</p>
    </>
  );
}

/** What the build prerenders into the HTML of /my. */
export const prerender = () => (
  <Frame>
    <LinkRequestHeading />
  </Frame>
);
