/**
 * The password field of the public sign-in screens: the form kit's field (shared/form) with a
 * show/hide button named after the field ('Show password').
 */
import { useState, type ComponentPropsWithRef } from 'react';
import { Field } from '../../shared/form/form-kit';

interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function PasswordField({ label, error, hint, className, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const what = label.toLowerCase();
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      render={(a11y) => (
        <div className="auth-password">
          <input
            {...input}
            {...a11y}
            type={visible ? 'text' : 'password'}
            className={['auth-input', className].filter(Boolean).join(' ')}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="auth-password-toggle"
            aria-label={visible ? `Hide ${what}` : `Show ${what}`}
            aria-controls={a11y.id}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon path={visible ? EYE_OFF : EYE} />
          </button>
        </div>
      )}
    />
  );
}

/** The eye the toggle shows: open while the password is hidden, struck through while it shows. */
const EYE =
  'M12 5C6.5 5 2.3 8.6 1 12c1.3 3.4 5.5 7 11 7s9.7-3.6 11-7c-1.3-3.4-5.5-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z';
const EYE_OFF =
  'M3.3 2 2 3.3l3.2 3.2C3.2 7.9 1.7 9.9 1 12c1.3 3.4 5.5 7 11 7 1.9 0 3.6-.4 5.1-1.1l3.6 3.6 1.3-1.3L3.3 2Zm8.7 14.5A4.5 4.5 0 0 1 7.6 11l1.6 1.6a2.8 2.8 0 0 0 2.2 2.2l1.6 1.6c-.3.1-.7.1-1 .1ZM12 5c-1.4 0-2.7.2-3.9.7l2.1 2.1c.6-.2 1.2-.3 1.8-.3a4.5 4.5 0 0 1 4.5 4.5c0 .6-.1 1.2-.3 1.8l3 3c1.7-1.3 3.1-3 3.8-4.8-1.3-3.4-5.5-7-11-7Zm2.4 6.6-2-2c1 .2 1.8 1 2 2Z';

function EyeIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
