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
import { planOwedSchedule, rateAddedOnTopBp } from '@registrar/contract/fee-plan';
import { rateToBasisPoints } from '@registrar/contract/gst';
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
  /** The institute charges GST: a tax-exclusive course's fees then carry it on top. */
  gstOn: boolean;
}

const taxTermsOf = (c: PublicCourse) => ({
  taxInclusive: c.taxInclusive,
  gstExempt: c.gstExempt,
  gstRateBp: rateToBasisPoints(c.gstRate),
});
/** The GST rate added on top of the course's price (percent), 0 when none is. */
const rateOnTop = (c: PublicCourse, gstOn: boolean) => rateAddedOnTopBp(taxTermsOf(c), gstOn) / 100;
const toPaise = (rupees: number) => Math.round(rupees * 100);

export function LaterSections({ form, courses, amounts, files, onFile, disabled, gstOn }: LaterSectionsProps) {
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
  const courseOptions = courseList.map((c) => {
    const rate = rateOnTop(c, gstOn);
    const price = formatRupees(c.price, language);
    return {
      value: c._id,
      label: rate
        ? t('enrol.course.optionGst', { name: c.name, price, rate: String(rate) })
        : t('enrol.course.option', { name: c.name, price }),
    };
  });
  const course = courseList.find((c) => c._id === values.courseId);

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
        <FeeAmounts
          amounts={amounts}
          method={values.paymentMethod}
          error={error('emiPrice')}
          course={course}
          gstOn={gstOn}
        />
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
  course,
  gstOn,
}: {
  amounts: number[] | undefined;
  method: string;
  error: string | undefined;
  course: PublicCourse | undefined;
  gstOn: boolean;
}) {
  const t = useT();
  const language = activeLanguage();
  if (!amounts) return <p className="enr-hint enr-fees-empty">{t('enrol.fees.empty')}</p>;
  const installments = method === 'installment';
  const total = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
  const rate = course ? rateOnTop(course, gstOn) : 0;
  // What the student is charged, planned as the server plans it (the tax added per installment).
  const charged =
    course && rate
      ? planOwedSchedule(
          { pricePaise: toPaise(course.price), emiPricePaise: course.emiPrice.map(toPaise), ...taxTermsOf(course) },
          installments ? 'installment' : 'full_payment',
          localIsoDate(),
          gstOn,
        ).reduce((sum, p) => sum + p.amountPaise, 0) / 100
      : 0;
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
      {rate > 0 && (
        <p className="enr-hint enr-gst-note">
          {t('enrol.fees.gstAdded', {
            price: formatRupees(total, language),
            rate: String(rate),
            total: formatRupees(charged, language),
          })}
        </p>
      )}
      <ErrorLine error={error} />
    </fieldset>
  );
}
