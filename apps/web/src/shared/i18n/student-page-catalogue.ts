/** The student's page's part of the catalogue (`my.*`): a module of its own, so the forms' code does not name it. */
import type { CataloguePart } from './i18n';

export const studentPageCatalogue: CataloguePart = {
  en: () => import('@registrar/contract/locales/en.json?lingui=my'),
  hi: () => import('@registrar/contract/locales/hi.json?lingui=my'),
};
