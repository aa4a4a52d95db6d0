/**
 * The front desk's enrolment form (`/student-enrollments/new`, `?inquiry=<id>` to enrol an inquiry):
 * the public form's fields checked by the same contract schema, filled from the inquiry, the
 * joining date (nothing falls due before it), documents taken with the camera or left to follow,
 * the first payment for roles that collect fees, and "Enrol and approve" for roles that may approve.
 * Sends `POST /api/staff-enrollment` (one Idempotency-Key per form) and opens the new enrolment.
 */
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { localIsoDate } from '@registrar/contract/enrollment';
import { GST_STATES, isGstStateCode } from '@registrar/contract/gst-states';
import {
  STAFF_ENROLLMENT_MESSAGES,
  firstPaymentSchema,
  staffEnrollmentSchema,
} from '@registrar/contract/staff-enrollment';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { useGetCoursesQuery } from '../../../shared/api/course-list-api';
import { useGetSiteQuery } from '../../../shared/api/site-api';
import type { Files, UploadName, Values } from '../../../shared/form/enrollment-types';
import { EMPTY_ENROLLMENT } from '../../../shared/form/empty-enrollment';
import { firstMessages, useOnTouchedForm } from '../../../shared/form/use-on-touched-form';
import { formatDate } from '../../../shared/lib/format-date';
import { ENROLLMENTS_PATH } from '../../../shared/lib/paths';
import { formatRupees } from '../../../shared/lib/money';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { useCan } from '../../../shared/session/permissions';
import { useGetCurrentTermsQuery } from '../../../shared/api/current-terms-api';
import type { DeskTermsChoice } from '@registrar/contract/terms';
import { useCreateStaffEnrollmentMutation } from '../api/enrollments-api';
import { EnrollmentTextFields } from '../enrollment-fields';
import { CaptureDocuments } from './capture-documents';
import { DeskTerms } from './desk-terms';
import { FirstPaymentFields, type PaymentValues } from './first-payment-fields';
import { FirstSchedule } from './first-schedule';

/** What an inquiry already knows about the student. */
export interface EnrollmentPrefill {
  inquiryId: string;
  inquiryName: string;
  values: Partial<Values>;
}

const EMPTY: Values = { ...EMPTY_ENROLLMENT, currentlyWorking: 'other', paymentMethod: 'installment' };

/** Every State and Union Territory, the institute's own first: most students at the desk live there. */
function stateOptions(instituteState: string | null | undefined) {
  const all = Object.entries(GST_STATES).map(([value, label]) => ({ value, label }));
  if (!isGstStateCode(instituteState)) return all;
  return [
    { value: instituteState, label: GST_STATES[instituteState] },
    ...all.filter((o) => o.value !== instituteState),
  ];
}

export function NewEnrollmentScreen({ prefill, backTo }: { prefill?: EnrollmentPrefill | undefined; backTo: string }) {
  const id = useId();
  const navigate = useNavigate();
  const mayRecord = useCan('fees.collect');
  const mayApprove = useCan('enrollments.status');
  // One key for this form: a retry after a lost answer gets the same enrolment and receipt.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Which submit button was pressed: read by the submit handler in the same event, so a ref.
  const approveRef = useRef(false);
  const [approving, setApproving] = useState(false);
  const { data: courses } = useGetCoursesQuery({ page: 1, limit: 100 });
  const [create, { isLoading }] = useCreateStaffEnrollmentMutation();
  const [files, setFiles] = useState<Files>({});
  const [fileProblems, setFileProblems] = useState<Partial<Record<UploadName, string>>>({});
  const [paying, setPaying] = useState(false);
  const [payment, setPayment] = useState<PaymentValues>({
    amount: '',
    paymentMode: 'cash',
    paidOn: localIsoDate(),
    reference: '',
    utr: '',
    chequeDate: '',
  });
  const [paymentErrors, setPaymentErrors] = useState<Partial<Record<keyof PaymentValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { data: terms, isError: termsFailed } = useGetCurrentTermsQuery();
  // No default: the counsellor says how the student accepts, so nothing claims consent unasked.
  const [termsChoice, setTermsChoice] = useState<DeskTermsChoice | ''>('');
  // Its own choice, never ticked for the student: without it fee messages go by mail only.
  const [messagesConsent, setMessagesConsent] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();

  const { data: site } = useGetSiteQuery();
  const gstOn = site ? site.gstEnabled === true : undefined;
  const form = useOnTouchedForm<Values, unknown>({ ...EMPTY, ...prefill?.values }, (values) => {
    const parsed = staffEnrollmentSchema.safeParse({ ...values, inquiryId: prefill?.inquiryId });
    const errors = firstMessages(parsed.error?.issues ?? []);
    // With GST on the place of supply is the student's State, so it is asked, not assumed.
    if (gstOn && !values.state) errors.state = STAFF_ENROLLMENT_MESSAGES.stateRequired;
    return { data: parsed.success && !errors.state ? parsed.data : undefined, errors };
  });
  const activeCourses = (courses?.items ?? []).filter((c) => c.active);
  const course = activeCourses.find((c) => c._id === form.values.courseId);
  const firstAmount = course ? (form.values.paymentMethod === 'installment' ? course.emiPrice[0] : course.price) : null;

  const checkPayment = () => {
    if (!paying) return { ok: true, value: undefined };
    const parsed = firstPaymentSchema.safeParse({
      amount: Number(payment.amount),
      paymentMode: payment.paymentMode,
      paidOn: payment.paidOn,
      reference: payment.reference || undefined,
      utr: payment.utr || undefined,
      chequeDate: payment.paymentMode === 'cheque' ? payment.chequeDate || undefined : undefined,
    });
    setPaymentErrors(parsed.success ? {} : (firstMessages(parsed.error.issues) as typeof paymentErrors));
    return { ok: parsed.success, value: parsed.data };
  };

  // Asked on every press, valid form or not, so the choice is never the last thing found missing.
  const askTerms = () => {
    if (!termsChoice) setTermsError(STAFF_ENROLLMENT_MESSAGES.termsChoice);
  };

  const onSubmit = form.handleSubmit(async () => {
    setFailure(null);
    const pay = checkPayment();
    if (!pay.ok || !termsChoice) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(form.values)) if (value !== '') body.append(key, value);
    if (prefill) body.append('inquiryId', prefill.inquiryId);
    if (pay.value) body.append('firstPayment', JSON.stringify(pay.value));
    if (approveRef.current) body.append('approve', 'true');
    body.append('termsAcceptance', termsChoice);
    body.append('messagesConsent', String(messagesConsent));
    // The version on screen: terms changed meanwhile are refused rather than recorded as accepted.
    if (termsChoice === 'desk' && terms) body.append('termsVersion', String(terms.version));
    for (const [key, file] of Object.entries(files)) body.append(key, file, file.name);
    try {
      const created = await create({ body, idempotencyKey }).unwrap();
      if (created.data.paymentProblem) setFailure(created.data.paymentProblem);
      await navigate(`${ENROLLMENTS_PATH}/${created.data._id}`, { replace: true });
    } catch (err) {
      const failed = err as Partial<ApiQueryError>;
      setFailure(failed.message || 'The enrolment could not be saved.');
      const errors = failed.fieldErrors ?? [];
      const onPayment = errors.filter((e) => e.path.startsWith('firstPayment.'));
      if (onPayment.length)
        setPaymentErrors(Object.fromEntries(onPayment.map((e) => [e.path.slice('firstPayment.'.length), e.message])));
      form.setServerErrors(errors.filter((e) => !e.path.startsWith('firstPayment.')));
    }
  });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
        New enrolment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {prefill
          ? `From the inquiry of ${prefill.inquiryName}: check what they told us and fill in the rest.`
          : 'For a student at the desk. The same rules as the public form apply.'}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <EnrollmentTextFields
            form={form}
            courseOptions={activeCourses.map((c) => ({ value: c._id, label: c.name }))}
            stateOptions={gstOn ? stateOptions(site?.instituteState) : undefined}
            joiningDate={{
              required: true,
              helperText: form.values.startDate
                ? `The first installment falls due on ${formatDate(form.values.startDate)}, not before.`
                : 'Nothing falls due before this date.',
              slotProps: { inputLabel: { shrink: true }, htmlInput: { min: localIsoDate() } },
            }}
          >
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FirstSchedule
                course={course}
                paymentMethod={form.values.paymentMethod}
                startDate={form.values.startDate}
                gstOn={gstOn}
              />
            </Box>
          </EnrollmentTextFields>
          <CaptureDocuments
            files={files}
            problems={fileProblems}
            onChoose={(field, file, problem) => {
              setFileProblems((p) => ({ ...p, [field]: problem ?? undefined }));
              setFiles((f) => {
                const next = { ...f };
                if (file && !problem) next[field] = file;
                else if (!file) delete next[field];
                return next;
              });
            }}
          />
          <DeskTerms
            terms={terms}
            failed={termsFailed}
            choice={termsChoice}
            onChoose={(choice) => {
              setTermsChoice(choice);
              setTermsError(undefined);
            }}
            error={termsError}
          />
          <FormControlLabel
            sx={{ my: 1 }}
            control={<Checkbox checked={messagesConsent} onChange={(e) => setMessagesConsent(e.target.checked)} />}
            label="The student agrees to fee receipts and reminders on WhatsApp and SMS (mail is sent either way)"
          />
          {mayRecord && (
            <FirstPaymentFields
              on={paying}
              onToggle={(on) => {
                setPaying(on);
                if (on && !payment.amount && firstAmount) setPayment((p) => ({ ...p, amount: String(firstAmount) }));
              }}
              values={payment}
              onChange={setPayment}
              errors={paymentErrors}
              hint={firstAmount ? `The first installment is ${formatRupees(firstAmount)}` : 'Choose the course first'}
            />
          )}
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={backTo} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant={mayApprove ? 'outlined' : 'contained'}
            loading={isLoading && !approving}
            disabled={isLoading}
            onClick={() => {
              askTerms();
              approveRef.current = false;
              setApproving(false);
            }}
          >
            Enrol
          </Button>
          {mayApprove && (
            <Button
              type="submit"
              form={`${id}-form`}
              variant="contained"
              loading={isLoading && approving}
              disabled={isLoading}
              onClick={() => {
                askTerms();
                approveRef.current = true;
                setApproving(true);
              }}
            >
              Enrol and approve
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
