/**
 * The frame of a public form's page: the brand bar with the language switch, then the main area
 * with the heading, the lead paragraph and the form, and an overlay (the thank-you dialog) after it.
 * The class names carry the page's prefix (`inq-page`, `enr-main`…), so each page keeps its look;
 * the brand bar is the public pages' own unless the page names its prefix in `header`.
 *
 * The build prerenders the frame as it first appears into the route's HTML: keep it free of state
 * and effects, so that what it renders is exactly what is prerendered.
 */
import type { ReactElement, ReactNode } from 'react';
import type { Language } from '@registrar/contract/language';
import { activateLanguage } from '../i18n/i18n';
import { PublicHeader } from '../i18n/language-switch';
import { StudentI18n } from '../i18n/translate';

interface PublicPageFrameProps {
  /** The class prefix of the page's stylesheet. */
  prefix: string;
  /** The class of the main area, after the prefix ("card" gives `inq-card`). */
  main: string;
  /** The class prefix of the brand bar, for a page that draws it its own way (`enr-header`). */
  header?: string;
  brand: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  overlay?: ReactNode;
}

export function PublicPageFrame({ prefix, main, header, brand, title, lead, children, overlay }: PublicPageFrameProps) {
  return (
    <div className={`${prefix}-page`}>
      <PublicHeader prefix={header} brand={brand} />
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
