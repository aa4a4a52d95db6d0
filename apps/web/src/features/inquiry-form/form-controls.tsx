/**
 * Plain form controls of the public inquiry form (no MUI: it would not fit the form's bundle budget). Each ties its label, hint and
 * error together with `aria-describedby` / `aria-invalid`; required ones carry `aria-required` and
 * a visible asterisk whose meaning screen readers hear as "required".
 */
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useMessage, useT } from '../../shared/i18n/translate';

function ids(id: string, hint: ReactNode, error: string | undefined) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

export function RequiredMark() {
  const t = useT();
  return (
    <>
      <span className="inq-required" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="visually-hidden"> {t('form.required')}</span>
    </>
  );
}

function Notes({ hint, hintId, error, errorId }: { hint: ReactNode; hintId: string; error?: string; errorId: string }) {
  const message = useMessage();
  return (
    <>
      {error && (
        <p id={errorId} className="inq-error">
          {message(error)}
        </p>
      )}
      {hint && (
        <p id={hintId} className="inq-hint">
          {hint}
        </p>
      )}
    </>
  );
}

interface CommonProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
}

type InputProps = CommonProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'required'>;

export function TextInput({ label, required, hint, error, className, ...input }: InputProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = ids(id, hint, error);
  return (
    <div className="inq-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        {...input}
        id={id}
        className={['inq-input', className].filter(Boolean).join(' ')}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type TextAreaProps = CommonProps & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'required'>;

export function TextArea({ label, required, hint, error, ...textarea }: TextAreaProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = ids(id, hint, error);
  return (
    <div className="inq-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="inq-input inq-textarea"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type SelectProps = CommonProps &
  Omit<ComponentPropsWithRef<'select'>, 'id' | 'required' | 'children'> & {
    options: readonly { value: string; label: string }[];
    placeholder: string;
  };

export function Select({ label, required, hint, error, options, placeholder, ...select }: SelectProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = ids(id, hint, error);
  return (
    <div className="inq-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <select
        {...select}
        id={id}
        className="inq-input inq-select"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The message and spinner inside a busy submit button; the button keeps its name. */
export function ButtonSpinner() {
  return <span className="inq-spinner" aria-hidden="true" />;
}
