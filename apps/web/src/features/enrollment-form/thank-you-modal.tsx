/**
 * The thank-you modal of the public forms: updates will come by email, the support phone
 * and email, and (for an enrolment) the enrolment number. Ok reloads the page for a fresh form;
 * Escape does the same, so a sent form is never left filled in to be sent twice. A native
 * `<dialog>` opened with showModal(): focus moves in and stays, the page behind is inert.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { T, useT } from '../../shared/i18n/translate';

export interface ThankYouModalProps {
  title?: string;
  /** What was received, e.g. the enrolment number. */
  children?: ReactNode;
  phone: string | undefined;
  email: string | undefined;
  onOk: () => void;
}

export function ThankYouModal({ title, children, phone, email, onOk }: ThankYouModalProps) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  return (
    <dialog
      ref={dialog}
      className="enr-modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onOk();
      }}
    >
      <div className="enr-modal-mark" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <circle cx="24" cy="24" r="24" fill="#1b6e3a" />
          <path
            d="m14 25 7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h2 id={`${id}-title`}>{title ?? t('thanks.title')}</h2>
      <div id={`${id}-body`} className="enr-modal-body">
        {children}
        <p>{t('enrol.thanks.updates')}</p>
        {(phone || email) && (
          <p>
            <T
              id={`enrol.thanks.${phone ? 'callPhone' : 'callLine'}${email ? 'OrWrite' : ''}`}
              values={{ phone, email }}
              components={{ 0: <a href={`tel:${phone}`} />, 1: <a href={`mailto:${email}`} /> }}
            />
          </p>
        )}
      </div>
      <button type="button" className="enr-button enr-button--primary" onClick={onOk} autoFocus>
        {t('thanks.ok')}
      </button>
    </dialog>
  );
}
