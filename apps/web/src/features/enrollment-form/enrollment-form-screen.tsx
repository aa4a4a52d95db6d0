/**
 * /student-enrollment, the public enrolment form. Plain elements
 * and CSS for phones (budgets in bench/README.md: at most 170 KiB of JS, Lighthouse ≥ 0.95):
 * - every field of the enrolment with the contract's rules and messages, errors after blur or a submit
 *   attempt; semester only for college or university, designation only for company;
 * - the course list from GET /api/course?type=all; installments show one read-only amount each,
 *   full payment one read-only amount equal to the price; those amounts are sent as `emiPrice`;
 * - uploads checked for type and size before anything is sent, with previews, and the signature
 *   drawn or uploaded; the whole form goes as multipart with an upload progress bar;
 * - success: a toast and the thank-you modal with the enrolment number; a failure: 'Network error'
 *   or the server's message, its field errors on the fields, and nothing typed or chosen is lost;
 * - name, email and phone arrive prefilled from `?name=&email=&phone=` (links sent from inquiries).
 *
 * What is below the first screen (course, work, documents, the terms' sanitizer, the upload code
 * and the thank-you modal) loads on the visitor's first scroll, tap, key press or focus, when it
 * is on screen already, or on submit, so a phone's first load stays small.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicCourse } from '@registrar/contract/course';
import type { EnrollmentFields } from '@registrar/contract/enrollment';
import type { SiteInfo } from '@registrar/contract/site';
import type { Terms } from '@registrar/contract/terms';
import { ApiError } from '../../shared/api/api-error';
import { apiFetch } from '../../shared/api/api-fetch';
import { activeLanguage } from '../../shared/i18n/i18n';
import { StudentI18n, T, translateMessage, useMessage, useT } from '../../shared/i18n/translate';
import { useNotify } from '../../shared/ui/notify';
import { publicFailureMessage } from '../../shared/api/public-failure';
import { onFirstMove } from '../../shared/lib/first-move';
import {
  Checkbox,
  EMAIL_INPUT,
  FormKit,
  PHONE_INPUT,
  SelectInput,
  TextArea,
  TextInput,
} from '../../shared/form/form-kit';
import { GST_STATES } from '@registrar/contract/gst-states';
import type { Files, UploadName, Values } from '../../shared/form/enrollment-types';
import { EMPTY_ENROLLMENT } from '../../shared/form/empty-enrollment';
import type { LaterSectionsProps } from './later-sections';
import { EnrollmentPage } from './enrollment-page';
import { LazyPart } from './lazy-part';
import type { EnrollmentCreated } from './submit-enrollment';
import { TERMS_URL, TermsSection } from './terms-section';
import type { ThankYouModalProps } from './thank-you-modal';
import { useIdleAfterPaint } from './use-idle-after-paint';
import { useNearViewport } from './use-near-viewport';
import { firstMessages, useOnTouchedForm } from '../../shared/form/use-on-touched-form';
import { usePublicResource } from './use-public-resource';
import './enrollment-form.css';

export const COURSES_URL = `${apiPaths.courses}?type=all`;
export const SITE_URL = apiPaths.site;
const STATE_OPTIONS = Object.entries(GST_STATES).map(([value, label]) => ({ value, label }));

const loadLaterSections = () => import('./later-sections').then((m) => m.LaterSections);
const loadSendParts = () => import('./send-parts');
type Rules = typeof import('./enrollment-rules');
const loadRules = (): Promise<Rules> => import('./enrollment-rules');

/** The amounts the visitor sees, and sends as `emiPrice`: the course's installments, or its price. */
export function amountsFor(course: PublicCourse | undefined, paymentMethod: string): number[] | undefined {
  if (!course) return undefined;
  if (paymentMethod === 'installment') return course.emiPrice;
  if (paymentMethod === 'full_payment') return [course.price];
  return undefined;
}

function initialValues(params: URLSearchParams): Values {
  const take = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  return {
    ...EMPTY_ENROLLMENT,
    name: take('name', 50),
    email: take('email', 60),
    phoneNumber: take('phone', 10),
  };
}

/**
 * The multipart body: the parsed text fields (phones as strings, emiPrice as JSON), the version of
 * the terms the page showed (the server records it as the student's consent) and the files.
 */
function buildBody(fields: EnrollmentFields, termsVersion: number, files: Files, messagesConsent: boolean): FormData {
  const body = new FormData();
  // The language on screen: the student's mails and fee statement use it.
  for (const [key, value] of Object.entries({ ...fields, termsVersion, messagesConsent, language: activeLanguage() })) {
    if (value !== undefined) body.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  for (const [key, file] of Object.entries(files)) body.append(key, file, file.name);
  return body;
}

/** /student-enrollment in the visitor's language (the route loads it before the screen shows). */
export function EnrollmentFormScreen() {
  return (
    <StudentI18n>
      <EnrollmentForm />
    </StudentI18n>
  );
}

function EnrollmentForm() {
  const t = useT();
  const message = useMessage();
  const notify = useNotify();
  const [searchParams] = useSearchParams();
  const [defaults] = useState(() => initialValues(searchParams));
  const courses = usePublicResource<PublicCourse[]>(COURSES_URL);
  const site = usePublicResource<SiteInfo>(SITE_URL);
  const [files, setFiles] = useState<Files>({});
  const [sameAddress, setSameAddress] = useState(false);
  const [messagesConsent, setMessagesConsent] = useState(false);
  const [started, setStarted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{
    result: EnrollmentCreated;
    Modal: ComponentType<ThankYouModalProps>;
  } | null>(null);
  // The terms version on screen; a submit before the terms were shown reads the current one.
  const termsVersion = useRef<number | undefined>(undefined);
  const onTermsVersion = useCallback((version: number) => {
    termsVersion.current = version;
  }, []);
  const later = useNearViewport<HTMLDivElement>('0px');
  const idle = useIdleAfterPaint();

  // The visitor's first scroll, tap or key press loads the rest of the form (so does focusing a
  // field, the rest being on screen already, or the browser falling idle after the first paint):
  // by the time they reach it, it is there.
  useEffect(() => {
    if (started) return;
    const start = () => setStarted(true);
    const events = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
    for (const type of events) window.addEventListener(type, start, { passive: true, once: true });
    return () => {
      for (const type of events) window.removeEventListener(type, start);
    };
  }, [started]);

  const courseList = courses.data ?? [];

  // The contract's rules (enrollment-rules.ts) load on the visitor's first move: nothing is judged
  // before a field has been left, and a submit that comes first waits for them.
  const rules = useRef<Rules | undefined>(undefined);
  const [, setRulesLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const stop = onFirstMove(() => {
      loadRules().then(
        (loaded) => {
          rules.current = loaded;
          if (live) setRulesLoaded(true);
        },
        () => undefined, // retried on submit, which reports a failure
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const form = useOnTouchedForm<Values, EnrollmentFields>(defaults, (values) => {
    if (!rules.current) return { errors: {} };
    const { enrollmentFieldsSchema, missingEnrollmentFiles } = rules.current;
    const course = courseList.find((c) => c._id === values.courseId);
    const amounts = amountsFor(course, values.paymentMethod);
    const parsed = enrollmentFieldsSchema.safeParse({
      ...values,
      emiPrice: amounts ? JSON.stringify(amounts) : undefined,
    });
    const errors = firstMessages(parsed.error?.issues ?? []);
    for (const { path, message } of missingEnrollmentFiles(new Set(Object.keys(files)))) errors[path] = message;
    // While the institute charges GST the invoice needs the student's State (the API keeps it optional).
    if (site.data?.gstEnabled && !values.state) errors.state = t('enrol.stateRequired');
    return { data: parsed.success && Object.keys(errors).length === 0 ? parsed.data : undefined, errors };
  });
  const { values, field, setValue, touch } = form;

  // Course-list failures show the error's message, in the language on screen when it came.
  useEffect(() => {
    if (courses.error) notify(translateMessage(courses.error)!, 'error');
  }, [courses.error, notify]);

  const course = courseList.find((c) => c._id === values.courseId);
  const uploading = progress !== null;

  const setFile = (name: UploadName, file: File | null) => {
    setFiles((current) => {
      const next = { ...current };
      if (file) next[name] = file;
      else delete next[name];
      return next;
    });
    form.changed(name);
    touch(name);
  };

  const onCurrentAddress = (value: string) => {
    setValue('currentAddress', value);
    if (sameAddress) setValue('permanentAddress', value);
  };

  const onSameAddress = (checked: boolean) => {
    setSameAddress(checked);
    if (checked) setValue('permanentAddress', values.currentAddress);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    setStarted(true);
    setFailure(null);
    if (!rules.current) {
      try {
        rules.current = await loadRules();
      } catch (err) {
        const english = publicFailureMessage(err);
        notify(message(english)!, 'error');
        setFailure(english);
        return;
      }
    }
    // A refused submit focuses the first field that needs attention.
    await form.submit(async (fields) => {
      setProgress(0);
      try {
        const { submitEnrollment, ThankYouModal } = await loadSendParts();
        termsVersion.current ??= (await apiFetch<Terms>(TERMS_URL)).data.version;
        const result = await submitEnrollment(
          buildBody(fields, termsVersion.current, files, messagesConsent),
          setProgress,
        );
        notify(message(result.message) ?? result.message, 'success');
        setCreated({ result, Modal: ThankYouModal });
      } catch (err) {
        const english = publicFailureMessage(err);
        notify(message(english)!, 'error');
        setFailure(english);
        if (err instanceof ApiError && err.fieldErrors.length > 0) form.setServerErrors(err.fieldErrors);
      } finally {
        setProgress(null);
      }
    });
  };

  const laterProps: LaterSectionsProps = {
    form,
    courses,
    amounts: amountsFor(course, values.paymentMethod),
    files,
    onFile: setFile,
    disabled: uploading,
    gstOn: site.data?.gstEnabled === true,
  };

  return (
    <EnrollmentPage
      instituteName={site.data?.instituteName}
      overlay={
        created && (
          <created.Modal
            phone={site.data?.contactPhone}
            email={site.data?.contactEmail}
            onOk={() => window.location.reload()}
          >
            <p>
              {t('enrol.thanks.received')}
              {created.result.enrollmentNumber && (
                <>
                  {' '}
                  <T
                    id="enrol.thanks.number"
                    values={{ number: created.result.enrollmentNumber }}
                    components={{ 0: <strong className="enr-number" /> }}
                  />
                </>
              )}
            </p>
          </created.Modal>
        )
      }
    >
      <FormKit prefix="enr" message={message}>
        <form
          className="enr-form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          onFocus={() => setStarted(true)}
          aria-busy={uploading}
        >
          <fieldset className="enr-card" disabled={uploading}>
            <legend>
              <h2>{t('enrol.details')}</h2>
            </legend>
            <TextInput label={t('enrol.name')} required autoComplete="name" maxLength={50} {...field('name')} />
            <TextInput label={t('enrol.email')} required {...EMAIL_INPUT} maxLength={60} {...field('email')} />
            <TextInput
              label={t('enrol.phone')}
              required
              {...PHONE_INPUT}
              maxLength={10}
              hint={t('enrol.phoneHint')}
              {...field('phoneNumber')}
            />
            <TextInput
              label={t('enrol.altPhone')}
              type="tel"
              inputMode="numeric"
              maxLength={10}
              {...field('alterNativePhoneNumber')}
            />
            <Checkbox checked={messagesConsent} onChange={(e) => setMessagesConsent(e.target.checked)}>
              {/* Its words never wait for the site's name: a label that grew would move the form under the thumb. */}
              {t('enrol.messagesConsent')}
            </Checkbox>
            <TextArea
              label={t('enrol.currentAddress')}
              required
              autoComplete="street-address"
              maxLength={500}
              {...field('currentAddress')}
              onChange={(e) => onCurrentAddress(e.target.value)}
            />
            <Checkbox checked={sameAddress} onChange={(e) => onSameAddress(e.target.checked)}>
              {t('enrol.sameAddress')}
            </Checkbox>
            <TextArea
              label={t('enrol.permanentAddress')}
              required
              maxLength={500}
              readOnly={sameAddress}
              {...field('permanentAddress')}
            />
            {site.data?.gstEnabled && (
              <>
                <SelectInput
                  label={t('enrol.state')}
                  required
                  prompt={t('enrol.state.prompt')}
                  options={STATE_OPTIONS}
                  {...field('state')}
                />
                <TextInput label={t('enrol.gstin')} maxLength={15} autoCapitalize="characters" {...field('gstin')} />
              </>
            )}
          </fieldset>

          <div ref={later.ref} className="enr-later">
            {later.near || started || idle ? (
              <LazyPart<LaterSectionsProps> what={t('enrol.restOfForm')} load={loadLaterSections} props={laterProps} />
            ) : (
              <p className="enr-hint enr-later-wait">{t('enrol.loadingPart', { what: t('enrol.restOfForm') })}</p>
            )}
          </div>

          <div className="enr-submit">
            {failure && <p className="enr-notice enr-notice--error">{message(failure)}</p>}
            {uploading && (
              <div>
                <div
                  className="enr-progress"
                  role="progressbar"
                  aria-label={t('enrol.uploadProgress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  aria-valuetext={progress < 100 ? t('enrol.uploaded', { progress }) : t('enrol.uploadedSaving')}
                >
                  <span style={{ width: `${progress}%` }} />
                </div>
                <p className="enr-hint" aria-hidden="true">
                  {progress < 100 ? t('enrol.uploading', { progress }) : t('enrol.saving')}
                </p>
              </div>
            )}
            <p className="enr-hint">
              <T id="enrol.consent" components={{ 0: <a href="#terms" />, 1: <a href="/privacy" /> }} />
            </p>
            <button type="submit" className="enr-button enr-button--primary enr-button--wide" disabled={uploading}>
              {uploading ? t('enrol.sending', { progress }) : t('enrol.submit')}
            </button>
          </div>
        </form>
      </FormKit>

      <TermsSection active={later.near || started || idle} idle={idle} onVersion={onTermsVersion} />
    </EnrollmentPage>
  );
}
