/** The visible language switch of the public screens: each language named in its own script. */
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
