/**
 * Plain form controls of the public screens (no MUI: it would not fit their bundle budgets,
 * bench/README.md). Each ties its label, hint and error together with `aria-describedby`,
 * `aria-invalid` and `aria-required`; the state comes from ./use-on-touched-form.ts (`form.field(name)`).
 *
 * How they look is ./public-form.css (what the public forms share) and the screen's own stylesheet:
 * `<FormKit prefix="inq">` names the classes of its stylesheet
 * (`inq-field`, `inq-input`, `inq-hint`, `inq-error`, `inq-required`…) and says where the error
 * line goes, what a required marker says and how the contract's messages are translated.
 */
import { createContext, useContext, useId, type ComponentPropsWithRef, type ReactNode, type Ref } from 'react';
import './public-form.css';

export interface FormLook {
  /** The class prefix of the screen's stylesheet. */
  prefix: string;
  /** The error line above the hint, and first in `aria-describedby`. */
  errorFirst?: boolean | undefined;
  /** What screen readers hear after a required field's asterisk; without it, `aria-required` says it alone. */
  requiredWords?: string | undefined;
  /** The contract's English messages in the page's language; shown as they come without it. */
  message?: ((english: string) => string | undefined) | undefined;
}

const Look = createContext<FormLook>({ prefix: 'form' });

/** The look of every control below it. */
export function FormKit({ children, ...look }: FormLook & { children: ReactNode }) {
  return <Look value={look}>{children}</Look>;
}

function useFormLook(): FormLook {
  return useContext(Look);
}

/** The non-empty names, space-separated (class names, ids). */
const spaced = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The marker after a required field's label; the control itself says aria-required. */
export function RequiredMark() {
  const { prefix, requiredWords } = useFormLook();
  return (
    <>
      <span className={`${prefix}-required`} aria-hidden="true">
        {' *'}
      </span>
      {requiredWords && <span className="visually-hidden"> {requiredWords}</span>}
    </>
  );
}

/** A field's error, in the page's language; nothing when there is none. */
export function ErrorLine({ id, error, role }: { id?: string | undefined; error: string | undefined; role?: 'alert' }) {
  const { prefix, message } = useFormLook();
  if (!error) return null;
  return (
    <p id={id} className={`${prefix}-error`} role={role}>
      {message ? message(error) : error}
    </p>
  );
}

/** The busy indicator inside a submit button; the button keeps its name. */
export function ButtonSpinner() {
  const { prefix } = useFormLook();
  return <span className={`${prefix}-spinner`} aria-hidden="true" />;
}

interface FieldProps {
  label: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
}

export interface ControlA11y {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

/**
 * A label with its required marker, the control `render` draws with the ids and aria attributes it
 * is given (and the stylesheet's prefix, for its class), and the hint and error under it.
 */
export function Field({
  label,
  required,
  hint,
  error,
  render,
}: FieldProps & { render: (a11y: ControlA11y, prefix: string) => ReactNode }) {
  const { prefix, errorFirst } = useFormLook();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''];
  if (errorFirst) described.reverse();
  const hintLine = hint && (
    <p id={hintId} className={`${prefix}-hint`}>
      {hint}
    </p>
  );
  const errorLine = <ErrorLine id={errorId} error={error} />;
  const a11y: ControlA11y = {
    id,
    'aria-describedby': spaced(...described) || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={`${prefix}-field`}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {render(a11y, prefix)}
      {errorFirst ? errorLine : hintLine}
      {errorFirst ? hintLine : errorLine}
    </div>
  );
}

/** A control's props parted: what its `Field` shows, and what goes on the control itself. */
function parted<P extends FieldProps>({ label, required, hint, error, ...control }: P) {
  return { field: { label, required, hint, error }, control };
}

type InputProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'required'>;

export function TextInput({ className, ...props }: InputProps) {
  const { field, control } = parted(props);
  return (
    <Field
      {...field}
      render={(a11y, prefix) => <input {...control} {...a11y} className={spaced(`${prefix}-input`, className)} />}
    />
  );
}

type TextAreaProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'required'>;

export function TextArea({ className, ...props }: TextAreaProps) {
  const { field, control } = parted(props);
  const textarea = (a11y: ControlA11y, prefix: string) => (
    <textarea rows={3} {...control} {...a11y} className={spaced(`${prefix}-input`, `${prefix}-textarea`, className)} />
  );
  return <Field {...field} render={textarea} />;
}

type SelectProps = FieldProps &
  Omit<ComponentPropsWithRef<'select'>, 'id' | 'required' | 'children'> & {
    options: readonly { value: string; label: string }[];
    /** The first, empty choice ("Choose a course"). */
    prompt: string;
  };

export function SelectInput({ options, prompt, className, ...props }: SelectProps) {
  const { field, control } = parted(props);
  const select = (a11y: ControlA11y, prefix: string) => (
    <select {...control} {...a11y} className={spaced(`${prefix}-input`, `${prefix}-select`, className)}>
      <option value="">{prompt}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return <Field {...field} render={select} />;
}

/** How an email address is typed on a phone: the email keyboard, no capitals, no spelling fixes. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'off',
  spellCheck: false,
} as const;

/** A phone number: the number pad, and the browser's saved national number. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' } as const;

/** A checkbox inside its label; `children` is the label's text. */
export function Checkbox({
  children,
  ...input
}: Omit<ComponentPropsWithRef<'input'>, 'type'> & { children: ReactNode }) {
  const { prefix } = useFormLook();
  return (
    <label className={`${prefix}-check`}>
      <input {...input} type="checkbox" />
      {children}
    </label>
  );
}

type GroupProps = Omit<ComponentPropsWithRef<'fieldset'>, 'onBlur'> & {
  legend: ReactNode;
  required?: boolean | undefined;
  error?: string | undefined;
  /** The error line's id, for controls inside that name it too. */
  errorId: string;
  /** The focus left the group (not just moved between its controls): the field counts as touched. */
  onLeave: () => void;
};

/** A fieldset of choices with its legend, required marker and error line. */
export function Group({ legend, required, error, errorId, onLeave, children, ...fieldset }: GroupProps) {
  return (
    <fieldset
      {...fieldset}
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <legend>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {children}
      <ErrorLine id={errorId} error={error} />
    </fieldset>
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
  firstRef,
}: {
  legend: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The first option: what takes the focus when the choice is in error. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const { prefix } = useFormLook();
  const errorId = `${useId()}-error`;
  return (
    <Group
      className={`${prefix}-radios`}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-required={required ? true : undefined}
      legend={legend}
      required={required}
      error={error}
      errorId={errorId}
      onLeave={onBlur}
    >
      <div className={`${prefix}-radio-options`}>
        {options.map((option, index) => (
          <label key={option.value} className={`${prefix}-radio`}>
            <input
              ref={index === 0 ? firstRef : undefined}
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
    </Group>
  );
}
