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
import { formatRupees } from '@registrar/contract/language';
import { activeLanguage } from '../../shared/i18n/i18n';
import { useMessage, useT } from '../../shared/i18n/translate';
import { DocumentsSection } from './documents-section';
import { ErrorLine, RadioGroup, SelectInput, TextInput } from '../../shared/form/form-kit';
import type { EnrollmentForm, Files, UploadName } from '../../shared/form/enrollment-types';
import type { PublicResource } from './use-public-resource';

const PLACE_LABELS: Record<WorkingStatus | '', string> = {
  company: 'enrol.place.company',
  college: 'enrol.place.college',
  university: 'enrol.place.university',
  other: 'enrol.place.other',
  '': 'enrol.place.none',
};

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
  const t = useT();
  const message = useMessage();
  const language = activeLanguage();
  const { values, field, error, ref, setValue, touch } = form;
  const paymentMethodOptions = PAYMENT_METHODS.map((value) => ({ value, label: t(`enrol.paymentMethod.${value}`) }));
  const workingOptions = WORKING_STATUS_OPTIONS.map((value) => ({ value, label: t(`enrol.working.${value}`) }));
  const paymentModeOptions = PAYMENT_MODES.map((value) => ({ value, label: t(`enrol.paymentMode.${value}`) }));
  const working = values.currentlyWorking as WorkingStatus | '';
  const today = localIsoDate();
  const courseList = courses.data ?? [];
  const courseOptions = courseList.map((c) => ({
    value: c._id,
    label: t('enrol.course.option', { name: c.name, price: formatRupees(c.price, language) }),
  }));

  return (
    <>
      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>{t('enrol.courseAndFees')}</h2>
        </legend>
        <SelectInput
          label={t('enrol.course')}
          required
          prompt={courses.loading ? t('enrol.course.loading') : t('enrol.course.prompt')}
          options={courseOptions}
          {...field('courseId')}
        />
        {courses.error && (
          <p className="enr-notice enr-notice--error">
            {t('enrol.course.failed', { message: message(courses.error) })}{' '}
            <button type="button" className="link-button" onClick={courses.retry}>
              {t('form.tryAgain')}
            </button>
          </p>
        )}
        {!courses.loading && !courses.error && courseList.length === 0 && (
          <p className="enr-notice">{t('enrol.course.none')}</p>
        )}
        <div className="enr-row">
          <TextInput
            label={t('enrol.startDate')}
            type="date"
            min={today}
            hint={t('enrol.startDate.hint')}
            {...field('startDate')}
          />
          <TextInput label={t('enrol.endDate')} type="date" min={values.startDate || today} {...field('endDate')} />
        </div>
        <RadioGroup
          legend={t('enrol.paymentMethod')}
          name="paymentMethod"
          required
          value={values.paymentMethod}
          options={paymentMethodOptions}
          error={error('paymentMethod')}
          onChange={(v) => setValue('paymentMethod', v)}
          onBlur={() => touch('paymentMethod')}
          firstRef={ref('paymentMethod')}
        />
        <FeeAmounts amounts={amounts} method={values.paymentMethod} error={error('emiPrice')} />
        <SelectInput
          label={t('enrol.paymentMode')}
          prompt={t('enrol.paymentMode.prompt')}
          options={paymentModeOptions}
          {...field('paymentMode')}
        />
      </fieldset>

      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>{t('enrol.work')}</h2>
        </legend>
        <SelectInput
          label={t('enrol.working')}
          required
          prompt={t('enrol.working.prompt')}
          options={workingOptions}
          {...field('currentlyWorking')}
        />
        <TextInput
          label={t(PLACE_LABELS[working] ?? PLACE_LABELS[''])}
          required
          maxLength={200}
          autoComplete="organization"
          {...field('currentlyWorkingPlace')}
        />
        {(working === 'college' || working === 'university') && (
          <TextInput label={t('enrol.semester')} maxLength={50} {...field('currentSem')} />
        )}
        {working === 'company' && (
          <TextInput
            label={t('enrol.designation')}
            maxLength={100}
            autoComplete="organization-title"
            {...field('designation')}
          />
        )}
      </fieldset>

      <fieldset className="enr-card" disabled={disabled}>
        <legend>
          <h2>{t('enrol.documents')}</h2>
        </legend>
        <p className="enr-hint">{t('enrol.documents.hint')}</p>
        <DocumentsSection files={files} error={error} onFile={onFile} onBlur={touch} inputRef={ref} />
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
  const t = useT();
  const language = activeLanguage();
  if (!amounts) return <p className="enr-hint enr-fees-empty">{t('enrol.fees.empty')}</p>;
  const installments = method === 'installment';
  const total = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
  return (
    <fieldset className="enr-fees">
      <legend>
        {installments ? t('enrol.fees.installments', { count: amounts.length }) : t('enrol.fees.amountToPay')}
      </legend>
      <div className="enr-fees-grid">
        {amounts.map((amount, i) => (
          <TextInput
            key={i}
            label={installments ? t('enrol.fees.installment', { number: i + 1 }) : t('enrol.fees.fullAmount')}
            value={formatRupees(amount, language)}
            readOnly
            className="enr-amount"
          />
        ))}
      </div>
      {installments && amounts.length > 1 && (
        <p className="enr-hint">{t('enrol.fees.total', { amount: formatRupees(total, language) })}</p>
      )}
      <ErrorLine error={error} />
    </fieldset>
  );
}
