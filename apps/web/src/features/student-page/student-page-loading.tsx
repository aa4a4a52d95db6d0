/**
 * /my/<token> while the student's page is on its way: the frame, the heading and a status line.
 * The build renders `prerender` into the HTML of /my/<token> (apps/web/build/route-pages.ts), so a
 * phone paints it before any script has arrived and React takes over the same markup. Keep it free
 * of state and effects: what it renders is exactly what is prerendered.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { DEFAULT_LANGUAGE, type Language } from '@registrar/contract/language';
import { activateLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { StudentI18n, useT } from '../../shared/i18n/translate';
import { Frame } from './student-page-frame';

export function StudentPageLoading() {
  const t = useT();
  return (
    <Frame>
      <h1>{t('my.title')}</h1>
      <p className="sp-lead" role="status">
        {t('my.loading')}
      </p>
    </Frame>
  );
}

/** The page's data, fetched with the HTML (the server puts the link's token in the path). */
export const preloadFetch = apiPaths.studentPage;

/** What the build prerenders into the HTML of /my/<token>, once per language (the page shows the visitor's). */
export async function prerender(language: Language = DEFAULT_LANGUAGE) {
  await activateLanguage(language, studentPageCatalogue);
  return (
    <StudentI18n>
      <StudentPageLoading />
    </StudentI18n>
  );
}
