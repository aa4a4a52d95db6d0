/**
 * The enrolment's text fields as staff fill them (edit dialog and the front-desk form), bound to a
 * `useOnTouchedForm` over the contract's schema so the messages are the public form's.
 */
import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, PAYMENT_MODES, WORKING_STATUS_OPTIONS } from '@registrar/contract/constants';
import type { TextName, Values } from '../../shared/form/enrollment-types';
import type { useOnTouchedForm } from '../../shared/form/use-on-touched-form';
import { PAYMENT_METHOD_LABELS, PAYMENT_MODE_LABELS, WORKING_LABELS } from '../../shared/lib/enrollment-labels';

type Form = Pick<ReturnType<typeof useOnTouchedForm<Values, unknown>>, 'bind' | 'error' | 'ref' | 'values'>;
type Option = { value: string; label: string };

export function EnrollmentTextFields({
  form,
  courseOptions,
  joiningDate,
  feesLocked = false,
  stateOptions,
  children,
}: {
  form: Form;
  courseOptions: Option[];
  /** GST is on: the student's State is asked from these (the place of supply). */
  stateOptions?: Option[] | undefined;
  /** Course, payment method and joining date re-plan what the student owes: shown, not editable, without fees.record. */
  feesLocked?: boolean;
  /** Extra props of the joining date (required, min) where the form needs them. */
  joiningDate?: Partial<TextFieldProps>;
  /** What goes between the course fields and the work fields (the schedule's preview). */
  children?: ReactNode;
}) {
  const { bind, error, ref } = form;
  const text = (name: TextName, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      {...bind(name)}
      inputRef={ref(name)}
      error={Boolean(error(name))}
      fullWidth
      {...props}
      // After the props: a field's own hint gives way to its error.
      helperText={error(name) ?? props.helperText}
      slotProps={{ inputLabel: { shrink: true }, ...props.slotProps }}
    />
  );
  const select = (
    name: TextName,
    label: string,
    options: Option[],
    empty?: string,
    props: Partial<TextFieldProps> = {},
  ) =>
    text(name, label, {
      ...props,
      select: true,
      slotProps: { select: { native: true }, inputLabel: { shrink: true } },
      children: [...(empty !== undefined ? [{ value: '', label: empty }] : []), ...options].map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      )),
    });
  const working = form.values.currentlyWorking;
  const locked: Partial<TextFieldProps> = feesLocked ? { disabled: true } : {};
  return (
    <>
      {text('name', 'Full name', { required: true, slotProps: { htmlInput: { maxLength: 50 } } })}
      {text('email', 'Email', { required: true, type: 'email' })}
      {text('phoneNumber', 'Phone number', { required: true, type: 'tel' })}
      {text('alterNativePhoneNumber', 'Alternative phone number', { type: 'tel' })}
      {text('currentAddress', 'Current address', { required: true, multiline: true, minRows: 2 })}
      {text('permanentAddress', 'Permanent address', { required: true, multiline: true, minRows: 2 })}
      {feesLocked && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          Course, payment method and joining date change what the student owes; only staff who record fees can change
          them.
        </Typography>
      )}
      {select(
        'courseId',
        'Course',
        courseOptions,
        !courseOptions.length ? 'Loading courses…' : form.values.courseId ? undefined : 'Choose the course',
        locked,
      )}
      {select(
        'paymentMethod',
        'Payment method',
        PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
        undefined,
        locked,
      )}
      {text('startDate', 'Joining date', { type: 'date', ...joiningDate, ...locked })}
      {text('endDate', 'End date', { type: 'date' })}
      {select(
        'paymentMode',
        'Payment mode',
        PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] })),
        'Not decided',
      )}
      {select(
        'currentlyWorking',
        'Currently working at',
        WORKING_STATUS_OPTIONS.map((w) => ({ value: w, label: WORKING_LABELS[w] })),
        working ? undefined : 'Choose one',
      )}
      {text('currentlyWorkingPlace', 'Currently working place', { required: true })}
      {stateOptions &&
        select('state', 'State or Union Territory', stateOptions, 'Choose the State', {
          required: true,
          helperText: "The student's State decides the GST on their invoices.",
        })}
      {(working === 'college' || working === 'university') && text('currentSem', 'Current semester')}
      {working === 'company' && text('designation', 'Designation')}
      {children}
    </>
  );
}
