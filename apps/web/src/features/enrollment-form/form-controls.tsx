/**
 * Plain form controls of the public enrolment form (no MUI: it would not fit the form's bundle budget). Each one is a label with
 * its required marker, the control, an optional hint and the error, tied together with
 * `aria-describedby`, `aria-invalid` and `aria-required`.
 */
import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useMessage } from '../../shared/i18n/translate';

interface FrameProps {
  label: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
}

/** The marker after a required field's label; the control itself says aria-required. */
export function RequiredMark() {
  return (
    <span className="enr-req" aria-hidden="true">
      {' *'}
    </span>
  );
}

function useDescribed(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: string | undefined;
  errorId: string;
}) {
  const message = useMessage();
  return (
    <>
      {hint && (
        <p id={hintId} className="enr-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="enr-error">
          {message(error)}
        </p>
      )}
    </>
  );
}

function Frame({
  label,
  required,
  hint,
  error,
  render,
}: FrameProps & {
  render: (a11y: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
    'aria-required': true | undefined;
  }) => ReactNode;
}) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error);
  return (
    <div className="enr-field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {render({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type InputProps = FrameProps & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'required'>;

export function TextInput({ label, required, hint, error, className, ...input }: InputProps) {
  return (
    <Frame
      label={label}
      required={required}
      hint={hint}
      error={error}
      render={(a11y) => <input {...input} {...a11y} className={['enr-input', className].filter(Boolean).join(' ')} />}
    />
  );
}

type TextAreaProps = FrameProps & Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'required'>;

export function TextArea({ label, required, hint, error, ...textarea }: TextAreaProps) {
  return (
    <Frame
      label={label}
      required={required}
      hint={hint}
      error={error}
      render={(a11y) => <textarea rows={3} {...textarea} {...a11y} className="enr-input enr-textarea" />}
    />
  );
}

type SelectProps = FrameProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'required'> & {
    options: readonly { value: string; label: string }[];
    /** The first, empty choice ("Choose a course"). */
    prompt: string;
  };

export function SelectInput({ label, required, hint, error, options, prompt, ...select }: SelectProps) {
  return (
    <Frame
      label={label}
      required={required}
      hint={hint}
      error={error}
      render={(a11y) => (
        <select {...select} {...a11y} className="enr-input enr-select">
          <option value="">{prompt}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A required choice among a few options, as radio buttons in a fieldset. */
export function RadioGroup({
  legend,
  name,
  value,
  options,
  required,
  error,
  onChange,
  onBlur,
}: {
  legend: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const message = useMessage();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="enr-radios"
      role="radiogroup"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      aria-required={required ? true : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      <legend>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className="enr-radio-options">
        {options.map((option) => (
          <label key={option.value} className="enr-radio">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="enr-error">
          {message(error)}
        </p>
      )}
    </fieldset>
  );
}
