/**
 * The frame of a public form's page: the brand bar with the language switch, then the main area
 * with the heading, the lead paragraph and the form, and an overlay (the thank-you dialog) after it.
 * The class names carry the page's prefix (`inq-page`, `enr-header`…), so each page keeps its look.
 *
 * The build prerenders the frame as it first appears into the route's HTML: keep it free of state
 * and effects, so that what it renders is exactly what is prerendered.
 */
import type { ReactElement, ReactNode } from 'react';
import type { Language } from '@registrar/contract/language';
import { activateLanguage } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { StudentI18n } from '../i18n/translate';

interface PublicPageFrameProps {
  /** The class prefix of the page's stylesheet. */
  prefix: string;
  /** The class of the main area, after the prefix ("card" gives `inq-card`). */
  main: string;
  brand: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  overlay?: ReactNode;
}

export function PublicPageFrame({ prefix, main, brand, title, lead, children, overlay }: PublicPageFrameProps) {
  return (
    <div className={`${prefix}-page`}>
      <header className={`${prefix}-header`}>
        <div className="lang-bar">
          <p className={`${prefix}-brand`}>{brand}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main className={`${prefix}-${main}`} id="main-content">
        <h1>{title}</h1>
        <p className={`${prefix}-lead`}>{lead}</p>
        {children}
      </main>
      {overlay}
    </div>
  );
}

/** What the build prerenders into a public page's HTML, in one language (the page shows the visitor's). */
export async function prerenderPage(page: ReactElement, language: Language) {
  await activateLanguage(language);
  return <StudentI18n>{page}</StudentI18n>;
}
