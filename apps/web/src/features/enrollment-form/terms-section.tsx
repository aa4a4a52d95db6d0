/**
 * The terms and conditions under the form, through the shared sanitizer. The terms and
 * the sanitizer (DOMPurify, ~12 KiB gzipped) load when the section comes near the screen or the
 * browser falls idle after the first paint, so a phone's first load carries only the form.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { Terms } from '@registrar/contract/terms';
import type { SanitizedHtmlProps } from '../../shared/ui/sanitized-html';
import { useNearViewport } from './use-near-viewport';
import { usePublicResource } from './use-public-resource';

export const TERMS_URL = '/api/cms/terms_condition';

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
        The terms could not be loaded. {terms.error ?? ''}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => (sanitizerFailed ? window.location.reload() : terms.retry())}
        >
          Try again
        </button>
      </p>
    );
  } else if (terms.data && !terms.data.description.trim()) {
    body = <p className="enr-hint">The terms and conditions have not been published yet.</p>;
  } else if (terms.data && Html) {
    body = <Html className="enr-terms-text" html={terms.data.description} />;
  } else {
    body = <p className="enr-hint">Loading the terms…</p>;
  }

  return (
    <section ref={ref} id="terms" className="enr-card enr-terms" aria-labelledby="terms-title">
      <h2 id="terms-title">{terms.data?.name || 'Terms & Conditions'}</h2>
      {body}
    </section>
  );
}
