/**
 * Plain form fields of the public sign-in screens (no MUI: it would not fit /login's bundle budget, bench/README.md). A label,
 * the input, an optional hint and the error, tied together with `aria-describedby` and
 * `aria-invalid`. `ref` and the handlers come from `useSchemaForm`'s `register`.
 */
import { useId, useState, type ComponentPropsWithRef } from 'react';

interface FieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

function useFieldIds(error: string | undefined, hint: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string;
  hintId: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-error">
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className={['auth-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A password input with a show/hide button named after the field ('Show password'). */
export function PasswordField({ label, error, hint, className, ...input }: Omit<FieldProps, 'type'>) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  const [visible, setVisible] = useState(false);
  const what = label.toLowerCase();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className={['auth-input', className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button
          type="button"
          className="auth-password-toggle"
          aria-label={visible ? `Hide ${what}` : `Show ${what}`}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.3 8.6 1 12c1.3 3.4 5.5 7 11 7s9.7-3.6 11-7c-1.3-3.4-5.5-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"
      />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3.3 2 2 3.3l3.2 3.2C3.2 7.9 1.7 9.9 1 12c1.3 3.4 5.5 7 11 7 1.9 0 3.6-.4 5.1-1.1l3.6 3.6 1.3-1.3L3.3 2Zm8.7 14.5A4.5 4.5 0 0 1 7.6 11l1.6 1.6a2.8 2.8 0 0 0 2.2 2.2l1.6 1.6c-.3.1-.7.1-1 .1ZM12 5c-1.4 0-2.7.2-3.9.7l2.1 2.1c.6-.2 1.2-.3 1.8-.3a4.5 4.5 0 0 1 4.5 4.5c0 .6-.1 1.2-.3 1.8l3 3c1.7-1.3 3.1-3 3.8-4.8-1.3-3.4-5.5-7-11-7Zm2.4 6.6-2-2c1 .2 1.8 1 2 2Z"
      />
    </svg>
  );
}

/** The busy indicator inside a submit button; the button keeps its name ('Login'). */
export function ButtonSpinner() {
  return <span className="auth-spinner" aria-hidden="true" />;
}
