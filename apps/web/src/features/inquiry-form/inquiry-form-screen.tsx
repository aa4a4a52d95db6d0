/**
 * /student-inquiry: the public inquiry form for prospective students
 * on their phones. Plain elements and CSS on the shared tokens (no MUI, no shell: a phone on a slow network loads little).
 *
 * - Every field of the inquiry; areas of interest from `GET /api/area-of-interest`; friend fields
 *   only when the reference is a friend; a hidden honeypot for bots.
 * - The contract's schema and messages; errors after blur or a submit attempt.
 * - Submit: `POST /api/inquiry` with a busy button. Success: a toast and the thank-you modal (Ok
 *   reloads). Failure: 'Network error' when nothing answered, else the server's message, with the
 *   server's field errors on their fields. Nothing typed is lost.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { INQUIRY_WORKING_AS_OPTIONS, REFERENCE_OPTIONS } from '@registrar/contract/constants';
import { INQUIRY_MESSAGES } from '@registrar/contract/answer-messages';
import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from '../../shared/api/api-error';
import { activeLanguage } from '../../shared/i18n/i18n';
import { StudentI18n, T, useMessage, useT } from '../../shared/i18n/translate';
import { useNotify } from '../../shared/ui/notify';
import {
  ButtonSpinner,
  Checkbox,
  EMAIL_INPUT,
  FormKit,
  Group,
  PHONE_INPUT,
  SelectInput,
  TextArea,
  TextInput,
} from '../../shared/form/form-kit';
import { postInquiry, useAreasOfInterest, useSiteInfo, type AreaOfInterest } from './api/inquiry-form-api';
import { ThankYouDialog } from './thank-you-dialog';
import { InquiryPage } from './inquiry-page';
import { EMPTY_INQUIRY, useInquiryForm } from './use-inquiry-form';
import './inquiry-form.css';

const CURRENTLY_AT_HINT = {
  '': 'inquiry.currentlyAt.hint',
  college: 'inquiry.currentlyAt.college',
  university: 'inquiry.currentlyAt.university',
  company: 'inquiry.currentlyAt.company',
} as const;

/** What to tell the visitor when the call failed. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && !err.isNetworkError) return err.message || MESSAGES.somethingWentWrong;
  return MESSAGES.networkError;
}

interface AreasProps {
  areas: ReturnType<typeof useAreasOfInterest>;
  selected: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
  onLeave: () => void;
  firstRef: (element: HTMLElement | null) => void;
}

/** Areas of interest: a group of checkboxes, one per course on offer. */
function AreasOfInterest({ areas, selected, error, onChange, onLeave, firstRef }: AreasProps) {
  const t = useT();
  const message = useMessage();
  const errorId = 'inq-areas-error';
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...selected.filter((n) => n !== name), name] : selected.filter((n) => n !== name));

  let body;
  if (areas.state === 'loading') {
    body = (
      <div className="inq-areas-loading" role="status">
        <span className="inq-spinner inq-spinner--dark" aria-hidden="true" /> {t('inquiry.areas.loading')}
      </div>
    );
  } else if (areas.state === 'failed') {
    body = (
      <div className="inq-notice inq-notice--error" role="alert">
        <p>{t('inquiry.areas.failed', { message: message(areas.message) })}</p>
        <button type="button" className="inq-button inq-button--secondary" onClick={areas.reload}>
          {t('form.tryAgain')}
        </button>
      </div>
    );
  } else if (areas.data.length === 0) {
    body = <p className="inq-hint">{t('inquiry.areas.none')}</p>;
  } else {
    body = (
      <ul className="inq-checks">
        {areas.data.map((area: AreaOfInterest, index) => (
          <li key={area._id}>
            <Checkbox
              ref={index === 0 ? firstRef : undefined}
              name="areaOfInterest"
              value={area.name}
              checked={selected.includes(area.name)}
              onChange={(event) => toggle(area.name, event.target.checked)}
              aria-describedby={error ? errorId : undefined}
            >
              <span>{area.name}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Group
      className="inq-fieldset"
      legend={t('inquiry.areas')}
      required
      error={error}
      errorId={errorId}
      onLeave={onLeave}
    >
      <p className="inq-hint">{t('inquiry.areas.hint')}</p>
      {body}
    </Group>
  );
}

/** /student-inquiry in the visitor's language (the route loads it before the screen shows). */
export function InquiryFormScreen() {
  return (
    <StudentI18n>
      <InquiryForm />
    </StudentI18n>
  );
}

function InquiryForm() {
  const t = useT();
  const message = useMessage();
  const notify = useNotify();
  const [searchParams] = useSearchParams();
  const areas = useAreasOfInterest();
  const site = useSiteInfo();
  const { values, setValue, touch, error, ref, field, submit, setServerErrors, rules } = useInquiryForm({
    ...EMPTY_INQUIRY,
    courseId: searchParams.get('courseId') ?? '',
  });
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const failed = (err: unknown) => {
    const english = failureMessage(err);
    notify(message(english)!, 'error');
    setFailure(english); // in the language on screen, even after a switch
    if (err instanceof ApiError) setServerErrors(err.fieldErrors);
  };

  const onSubmit = () =>
    submit((inquiry) => {
      setSending(true);
      setFailure(null);
      return postInquiry({ ...inquiry, language: activeLanguage() }, honeypotRef.current?.value ?? '')
        .then((answer) => {
          notify(message(answer || INQUIRY_MESSAGES.received)!, 'success');
          setSentTo(inquiry.email);
          if (site.state === 'failed') site.reload();
        })
        .catch(failed)
        .finally(() => setSending(false));
    }, failed);

  const instituteName = site.state === 'ready' ? site.data.instituteName : '';
  useEffect(() => {
    document.title = t('inquiry.docTitle', { institute: instituteName || t('form.brandFallback') });
  }, [instituteName, t]);

  const courses = areas.state === 'ready' ? areas.data : [];
  const courseOptions = courses.map((c) => ({ value: c._id, label: c.name }));
  // A course id from a link that is not (or no longer) on offer is left out rather than refused.
  const courseIdValue = courses.some((c) => c._id === values.courseId) ? values.courseId : '';
  const isFriend = values.reference === 'friend';
  const workingAsOptions = INQUIRY_WORKING_AS_OPTIONS.map((value) => ({
    value,
    label: t(`inquiry.workingAs.${value}`),
  }));
  const referenceOptions = REFERENCE_OPTIONS.map((value) => ({ value, label: t(`inquiry.reference.${value}`) }));
  const contact = site.state === 'ready' ? site.data : undefined;

  return (
    <InquiryPage
      instituteName={contact?.instituteName}
      overlay={
        sentTo !== null && <ThankYouDialog email={sentTo} site={contact} onOk={() => window.location.reload()} />
      }
    >
      <FormKit prefix="inq" errorFirst requiredWords={t('form.required')} message={message}>
        <form
          className="inq-form"
          noValidate
          aria-busy={sending}
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <TextInput label={t('inquiry.name')} required autoComplete="name" maxLength={100} {...field('name')} />
          <TextArea
            label={t('inquiry.address')}
            required
            autoComplete="street-address"
            rows={3}
            maxLength={500}
            {...field('address')}
          />
          <div className="inq-row">
            <TextInput label={t('inquiry.email')} required {...EMAIL_INPUT} {...field('email')} />
            <TextInput
              label={t('inquiry.phone')}
              required
              {...PHONE_INPUT}
              hint={t('inquiry.phoneHint')}
              {...field('phoneNumber')}
            />
          </div>
          <div className="inq-row">
            <SelectInput
              label={t('inquiry.workingAs')}
              prompt={t('inquiry.workingAs.prompt')}
              options={workingAsOptions}
              {...field('currentlyWorkingAs')}
            />
            <TextInput
              label={t('inquiry.currentlyAt')}
              hint={t(CURRENTLY_AT_HINT[values.currentlyWorkingAs])}
              maxLength={200}
              {...field('currentlyAt')}
            />
          </div>

          <AreasOfInterest
            areas={areas}
            selected={values.areaOfInterest}
            error={error('areaOfInterest')}
            onChange={(next) => setValue('areaOfInterest', next)}
            onLeave={() => touch('areaOfInterest')}
            firstRef={ref('areaOfInterest')}
          />

          <SelectInput
            label={t('inquiry.course')}
            prompt={t('inquiry.course.prompt')}
            options={courseOptions}
            {...field('courseId')}
            value={courseIdValue}
          />

          <SelectInput
            label={t('inquiry.reference')}
            required
            prompt={t('inquiry.reference.prompt')}
            options={referenceOptions}
            {...field('reference')}
          />
          {isFriend && (
            <div className="inq-row">
              <TextInput label={t('inquiry.friendName')} autoComplete="off" maxLength={100} {...field('friendName')} />
              <TextInput
                label={t('inquiry.friendArea')}
                hint={t('inquiry.friendArea.hint')}
                autoComplete="off"
                maxLength={200}
                {...field('friendWorkingArea')}
              />
            </div>
          )}

          {/* For bots only: people never see or hear it, and the server ignores an inquiry that fills it. */}
          <div className="inq-honeypot" aria-hidden="true">
            <label htmlFor="inq-middle-name">Middle name</label>
            <input
              ref={honeypotRef}
              id="inq-middle-name"
              type="text"
              name={rules?.INQUIRY_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>

          {failure && (
            <p className="inq-notice inq-notice--error" role="alert">
              {message(failure)}
            </p>
          )}
          <p className="inq-hint">
            <T id="form.privacyNote" components={{ 0: <a href="/privacy" /> }} />
          </p>
          <button type="submit" className="inq-button inq-submit" aria-disabled={sending || undefined}>
            {sending && <ButtonSpinner />}
            {sending ? t('inquiry.sending') : t('inquiry.submit')}
          </button>
          <p role="status" className="visually-hidden">
            {sending ? t('inquiry.sendingStatus') : ''}
          </p>
        </form>
      </FormKit>
    </InquiryPage>
  );
}
