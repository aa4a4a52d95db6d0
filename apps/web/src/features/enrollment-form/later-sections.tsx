/**
 * The lower part of the enrolment form: course and fees, work or study, and the documents. Its
 * code loads as soon as the visitor starts filling in the form or scrolls towards it
 * (enrollment-form-screen.tsx), so a phone's first load carries only what is on its screen.
 */
import {
  PAYMENT_METHODS,
  PAYMENT_MODES,
  WORKING_STATUS_OPTIONS,
  type WorkingStatus,
} from '@registrar/contract/constants';
import type { PublicCourse } from '@registrar/contract/course';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatRupees } from '../../shared/lib/money';
import { DocumentsSection } from './documents-section';
import { RadioGroup, SelectInput, TextInput } from './form-controls';
import type { EnrollmentForm, Files, UploadName } from '../../shared/form/enrollment-types';
import { PAYMENT_METHOD_LABELS, PAYMENT_MODE_LABELS, WORKING_LABELS } from '../../shared/lib/enrollment-labels';
import type { PublicResource } from './use-public-resource';

const PLACE_LABELS: Record<WorkingStatus | '', string> = {
  company: 'Company name',
  college: 'College name',
  university: 'University name',
  other: 'Where you work or study',
  '': 'Currently working place',
};
const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const WORKING_OPTIONS = WORKING_STATUS_OPTIONS.map((value) => ({ value, label: WORKING_LABELS[value] }));
const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((value) => ({ value, label: PAYMENT_MODE_LABELS[value] }));

export interface LaterSectionsProps {
  form: EnrollmentForm;
  courses: PublicResource<PublicCourse[]>;
  /** The amounts of the chosen course and payment method (what is sent as emiPrice). */
  amounts: number[] | undefined;
  files: Files;
  onFile: (name: UploadName, file: File | null) => void;
  disabled: boolean;
}

export function LaterSections({ form, courses, amounts, files, onFile, disabled }: LaterSectionsProps) {
  const { values, bind, error, setValue, touch } = form;
  const working = values.currentlyWorking as WorkingStatus | '';
  const today = localIsoDate();
  const courseList = courses.data ?? [];
  const courseOptions = courseList.map((c) => ({ value: c._id, label: `${c.name} (${formatRupees(c.price)})` }));

  return (
    <>
      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>Course and fees</h2>
        </legend>
        <SelectInput
          label="Course"
          required
          prompt={courses.loading ? 'Loading courses…' : 'Choose a course'}
          options={courseOptions}
          error={error('courseId')}
          {...bind('courseId')}
        />
        {courses.error && (
          <p className="enr-notice enr-notice--error">
            The courses could not be loaded: {courses.error}{' '}
            <button type="button" className="link-button" onClick={courses.retry}>
              Try again
            </button>
          </p>
        )}
        {!courses.loading && !courses.error && courseList.length === 0 && (
          <p className="enr-notice">No course is open for enrolment right now. Please check again later.</p>
        )}
        <div className="enr-row">
          <TextInput
            label="Joining date"
            type="date"
            min={today}
            hint="Today or later"
            error={error('startDate')}
            {...bind('startDate')}
          />
          <TextInput
            label="End date"
            type="date"
            min={values.startDate || today}
            error={error('endDate')}
            {...bind('endDate')}
          />
        </div>
        <RadioGroup
          legend="How will you pay?"
          name="paymentMethod"
          required
          value={values.paymentMethod}
          options={PAYMENT_METHOD_OPTIONS}
          error={error('paymentMethod')}
          onChange={(v) => setValue('paymentMethod', v)}
          onBlur={() => touch('paymentMethod')}
        />
        <FeeAmounts amounts={amounts} method={values.paymentMethod} error={error('emiPrice')} />
        <SelectInput
          label="Payment mode"
          prompt="Not decided yet"
          options={PAYMENT_MODE_OPTIONS}
          error={error('paymentMode')}
          {...bind('paymentMode')}
        />
      </fieldset>

      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>Work or study</h2>
        </legend>
        <SelectInput
          label="Currently working at"
          required
          prompt="Choose one"
          options={WORKING_OPTIONS}
          error={error('currentlyWorking')}
          {...bind('currentlyWorking')}
        />
        <TextInput
          label={PLACE_LABELS[working] ?? PLACE_LABELS['']}
          required
          maxLength={200}
          autoComplete="organization"
          error={error('currentlyWorkingPlace')}
          {...bind('currentlyWorkingPlace')}
        />
        {(working === 'college' || working === 'university') && (
          <TextInput label="Current semester" maxLength={50} error={error('currentSem')} {...bind('currentSem')} />
        )}
        {working === 'company' && (
          <TextInput
            label="Designation"
            maxLength={100}
            autoComplete="organization-title"
            error={error('designation')}
            {...bind('designation')}
          />
        )}
      </fieldset>

      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>Documents</h2>
        </legend>
        <p className="enr-hint">Clear photos or scans, so every detail can be read.</p>
        <DocumentsSection files={files} error={error} onFile={onFile} onBlur={touch} />
      </fieldset>
    </>
  );
}

/** Installments: one read-only amount each; full payment: one read-only amount, the price. */
function FeeAmounts({
  amounts,
  method,
  error,
}: {
  amounts: number[] | undefined;
  method: string;
  error: string | undefined;
}) {
  if (!amounts)
    return <p className="enr-hint enr-fees-empty">Choose a course and how you will pay to see the amounts.</p>;
  const installments = method === 'installment';
  const total = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
  return (
    <fieldset className="enr-fees">
      <legend>
        {installments ? `${amounts.length} ${amounts.length === 1 ? 'installment' : 'installments'}` : 'Amount to pay'}
      </legend>
      <div className="enr-fees-grid">
        {amounts.map((amount, i) => (
          <TextInput
            key={i}
            label={installments ? `Installment ${i + 1}` : 'Full amount'}
            value={formatRupees(amount)}
            readOnly
            className="enr-amount"
          />
        ))}
      </div>
      {installments && amounts.length > 1 && <p className="enr-hint">Total {formatRupees(total)}</p>}
      {error && <p className="enr-error">{error}</p>}
    </fieldset>
  );
}
