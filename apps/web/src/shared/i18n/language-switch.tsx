/** The public screens' header bar and its language switch, each language named in its own script. */
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { LANGUAGE_NAMES, LANGUAGES } from '@registrar/contract/language';
import { chooseLanguage } from './i18n';
import './language-switch.css';

export function LanguageSwitch() {
  const { i18n, _ } = useLingui();
  return (
    <div className="lang-switch" role="group" aria-label={_('language.switch')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="lang-switch-option"
          aria-pressed={i18n.locale === language}
          onClick={() => void chooseLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}

/**
 * The header bar of a public page: the institute's name (a no-break space until it is known, so the
 * bar keeps its height) and the language switch. Its classes are `public-header` and `public-brand`,
 * or the page's own (`prefix`) where the page draws its bar its own way.
 */
export function PublicHeader({ brand, prefix = 'public' }: { brand?: ReactNode; prefix?: string | undefined }) {
  return (
    <header className={`${prefix}-header`}>
      <div className="lang-bar">
        <p className={`${prefix}-brand`}>{brand ?? '\u00a0'}</p>
        <LanguageSwitch />
      </div>
    </header>
  );
}
