/**
 * The thank-you modal: updates will come by email; the support phone and email from
 * configuration (`GET /api/site`); Ok reloads the page for a fresh form. A native modal <dialog>:
 * the page behind it is inert, Tab stays inside, Escape (like Ok) closes it. Where `showModal` is
 * missing (old browsers, jsdom) it opens in place and this component keeps Tab inside itself.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { SiteInfo } from '@registrar/contract/site';
import { T, useT } from '../../shared/i18n/translate';

interface ThankYouDialogProps {
  email: string;
  site: SiteInfo | undefined;
  onOk: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

export function ThankYouDialog({ email, site, onOk }: ThankYouDialogProps) {
  const t = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    okRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onOk();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="inq-dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape on a native modal: close the same way as Ok.
        event.preventDefault();
        onOk();
      }}
    >
      <h2 id={`${id}-title`} className="inq-dialog-title">
        {t('thanks.title')}
      </h2>
      <div id={`${id}-body`}>
        <p>
          {email ? (
            <T id="inquiry.thanks.receivedTo" values={{ email }} components={{ 0: <strong className="inq-break" /> }} />
          ) : (
            t('inquiry.thanks.received')
          )}
        </p>
        {site && (site.contactPhone || site.contactEmail) ? (
          <>
            <p>{t('inquiry.thanks.help')}</p>
            <ul className="inq-contact">
              {site.contactPhone && (
                <li>
                  <T
                    id="inquiry.thanks.phone"
                    values={{ phone: site.contactPhone }}
                    components={{ 0: <a href={`tel:${site.contactPhone.replace(/[^\d+]/g, '')}`} /> }}
                  />
                </li>
              )}
              {site.contactEmail && (
                <li>
                  <T
                    id="inquiry.thanks.email"
                    values={{ email: site.contactEmail }}
                    components={{ 0: <a className="inq-break" href={`mailto:${site.contactEmail}`} /> }}
                  />
                </li>
              )}
            </ul>
          </>
        ) : null}
      </div>
      <div className="inq-dialog-actions">
        <button ref={okRef} type="button" className="inq-button" onClick={onOk}>
          {t('thanks.ok')}
        </button>
      </div>
    </dialog>
  );
}
