/**
 * The frame of the student's pages (brand bar with the language switch, main), and the top of the
 * link form at /my.
 *
 * The build renders `prerender` into the HTML of /my with student-page-frame.css inlined
 * (apps/web/build/route-pages.ts), so a phone paints the heading and lead before any script has
 * arrived, and React then takes over the same markup. Keep it free of state and effects: what it
 * renders is exactly what is prerendered.
 */
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@registrar/contract/language';
import { activateLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { PublicHeader } from '../../shared/i18n/language-switch';
import { StudentI18n, useT } from '../../shared/i18n/translate';
import './student-page-frame.css';

export function Frame({ brand, children }: { brand?: string | undefined; children: ReactNode }) {
  return (
    <div className="sp-page">
      <PublicHeader brand={brand} />
      <main className="sp-main" id="main-content">
        {children}
      </main>
    </div>
  );
}

export function LinkRequestHeading() {
  const t = useT();
  return (
    <>
      <h1>{t('my.request.title')}</h1>
      <p className="sp-lead">{t('my.request.lead')}</p>
    </>
  );
}

/** What the build prerenders into the HTML of /my, once per language (the page shows the visitor's). */
export async function prerender(language: Language = DEFAULT_LANGUAGE) {
  await activateLanguage(language, studentPageCatalogue);
  return (
    <StudentI18n>
      <Frame>
        <LinkRequestHeading />
      </Frame>
    </StudentI18n>
  );
}
