/**
 * The terms and conditions under the form, through the shared sanitizer. The terms and
 * the sanitizer (DOMPurify, ~12 KiB gzipped) load when the section comes near the screen or the
 * browser falls idle after the first paint, so a phone's first load carries only the form.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { useEffect, useState, type ComponentType } from 'react';
import type { Terms } from '@registrar/contract/terms';
import { useMessage, useT } from '../../shared/i18n/translate';
import type { SanitizedHtmlProps } from '../../shared/ui/sanitized-html';
import { useNearViewport } from './use-near-viewport';
import { usePublicResource } from './use-public-resource';

export const TERMS_URL = apiPaths.terms;

/**
 * `active`: the form above has loaded its lower sections (before that the terms are not really near).
 * `idle`: the browser fell idle after the first paint; the terms load then even if never scrolled to.
 * `onVersion`: told which version of the terms is on screen, which the form sends as its consent.
 */
export function TermsSection({
  active,
  idle = false,
  onVersion,
}: {
  active: boolean;
  idle?: boolean;
  onVersion?: (version: number) => void;
}) {
  const t = useT();
  const message = useMessage();
  const { ref, near: inView } = useNearViewport<HTMLElement>();
  const near = active && (inView || idle);
  const terms = usePublicResource<Terms>(TERMS_URL, near);
  const version = terms.data?.version;
  useEffect(() => {
    if (version !== undefined) onVersion?.(version);
  }, [version, onVersion]);
  const [Html, setHtml] = useState<ComponentType<SanitizedHtmlProps> | null>(null);
  const [sanitizerFailed, setSanitizerFailed] = useState(false);

  useEffect(() => {
    if (!near) return;
    let live = true;
    import('../../shared/ui/sanitized-html').then(
      (module) => live && setHtml(() => module.SanitizedHtml),
      () => live && setSanitizerFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near]);

  let body;
  if (terms.error || sanitizerFailed) {
    body = (
      <p className="enr-notice enr-notice--error">
        {t('enrol.terms.failed', { message: message(terms.error) ?? '' })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => (sanitizerFailed ? window.location.reload() : terms.retry())}
        >
          {t('form.tryAgain')}
        </button>
      </p>
    );
  } else if (terms.data && !terms.data.description.trim()) {
    body = <p className="enr-hint">{t('enrol.terms.none')}</p>;
  } else if (terms.data && Html) {
    body = <Html className="enr-terms-text" html={terms.data.description} />;
  } else {
    body = <p className="enr-hint">{t('enrol.terms.loading')}</p>;
  }

  return (
    <section ref={ref} id="terms" className="enr-card enr-terms" aria-labelledby="terms-title">
      <h2 id="terms-title">{terms.data?.name || t('enrol.terms')}</h2>
      {body}
    </section>
  );
}
