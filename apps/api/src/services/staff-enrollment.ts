/**
 * Enrolling a walk-in from the console: the public form's rules, the inquiry it converts, files
 * that may follow, the first payment recorded through the fee service once the enrolment stands,
 * and the approval when asked. Under an Idempotency-Key a retry answers what the first did.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { GST_MESSAGES } from '@registrar/contract/gst';
import { can, type Role } from '@registrar/contract/permissions';
import {
  STAFF_ENROLLMENT_EXTRA_FIELDS,
  STAFF_ENROLLMENT_MESSAGES,
  filesToFollow,
  staffEnrollmentSchema,
  type StaffEnrollment,
  type StaffEnrollmentCreated,
} from '@registrar/contract/staff-enrollment';
import type { Db, Executor } from '../db/database';
import { badRequest, conflict, forbidden, HttpError } from '../lib/http-errors';
import { idempotentRequest, type IdempotentRequest } from '../lib/idempotency';
import { toPaise } from '../lib/money';
import { courseRepository } from '../repositories/course-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { inquiryRepository } from '../repositories/inquiry-repository';
import { paymentRepository } from '../repositories/payment-repository';
import { planOwed } from './enrollment-fee-schedule';
import { validationError } from './enrollment-record';
import type { EnrollmentService } from './enrollment-service';
import { formatInr, type FeeService } from './fee-service';
import { gstRepository } from '../repositories/gst-repository';
import type { StagedFile } from './uploads/multipart-reader';

const OPEN_INQUIRY = new Set(['new', 'contacted', 'follow_up']);
const SCOPE = 'staff-enrollment';

type Deps = { db: Db; enrollments: EnrollmentService; fees: FeeService };
type Form = { fields: Record<string, string>; files: StagedFile[] };
type Staff = { id: string; role: Role };
/** `repeated`: a retry answered from its key; its files are not kept. */
type Enrolled = StaffEnrollmentCreated & { unmoved: string[]; repeated: boolean };

/** Thrown inside the enrolment's transaction when a simultaneous first request holds the key. */
class AlreadyAnswered extends Error {}

export async function enrolFromConsole(deps: Deps, form: Form, staff: Staff, key?: string): Promise<Enrolled> {
  // A role that may not take money or approve is told so before anything about the form's values.
  if (form.fields.firstPayment && !can(staff.role, 'fees.collect'))
    throw forbidden(STAFF_ENROLLMENT_MESSAGES.paymentNotAllowed);
  if (form.fields.approve === 'true' && !can(staff.role, 'enrollments.status'))
    throw forbidden(STAFF_ENROLLMENT_MESSAGES.approveNotAllowed);
  const parsed = staffEnrollmentSchema.safeParse(form.fields);
  if (!parsed.success)
    throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  // The same form (its text and the files it carried) under the same key is a retry.
  const request = idempotentRequest(key, {
    fields: form.fields,
    files: form.files.map((f) => `${f.field}:${f.size}`).sort(),
  });
  if (request) {
    const prior = await answerOf(deps.db, request);
    if (prior) return { ...(await finish(deps, parsed.data, staff, prior, request)), unmoved: [], repeated: true };
  }
  await checkBeforeEnrolling(deps.db, parsed.data);

  const publicFields = Object.fromEntries(
    Object.entries(form.fields).filter(([k]) => !STAFF_ENROLLMENT_EXTRA_FIELDS.includes(k)),
  );
  const { inquiryId, termsAcceptance } = parsed.data;
  let created: Awaited<ReturnType<EnrollmentService['create']>>;
  try {
    created = await deps.enrollments.create(publicFields, form.files, null, {
      staffId: staff.id,
      inquiryId,
      terms: termsAcceptance,
      ...(request && { once: keyClaim(request, form) }),
    });
  } catch (err) {
    const prior = err instanceof AlreadyAnswered && request && (await answerOf(deps.db, request));
    if (prior) return { ...(await finish(deps, parsed.data, staff, prior, request)), unmoved: [], repeated: true };
    throw err;
  }
  const answer = await finish(
    deps,
    parsed.data,
    staff,
    {
      _id: created.id,
      enrollmentNumber: created.enrollmentNumber,
      receiptNumber: null,
      paymentProblem: null,
      documentsToFollow: filesToFollow(new Set(form.files.map((f) => f.field))),
    },
    request,
  );
  return { ...answer, unmoved: created.unmoved, repeated: false };
}

/** Claims the key in the enrolment's own transaction and stores the first answer with the row. */
function keyClaim(request: IdempotentRequest, form: Form) {
  return {
    claim: async (tx: Executor) => {
      if (await paymentRepository.claimKey(tx, SCOPE, request.key, request.hash)) throw new AlreadyAnswered();
    },
    created: (tx: Executor, row: { id: string; enrollmentNumber: string }) =>
      paymentRepository.storeAnswer(tx, SCOPE, request.key, {
        _id: row.id,
        enrollmentNumber: row.enrollmentNumber,
        receiptNumber: null,
        paymentProblem: null,
        documentsToFollow: filesToFollow(new Set(form.files.map((f) => f.field))),
      } satisfies StaffEnrollmentCreated),
  };
}

/** The answer a key was first given; the same key with another form is refused (422). */
async function answerOf(db: Db, request: IdempotentRequest): Promise<StaffEnrollmentCreated | null> {
  const prior = await paymentRepository.keyAnswer(db, SCOPE, request.key);
  if (!prior) return null;
  if (prior.requestHash !== request.hash)
    throw new HttpError(422, ERROR_CODES.conflict, FEE_MESSAGES.idempotencyKeyReused);
  return (prior.response as StaffEnrollmentCreated | null) ?? null;
}

/** The State asked when GST is on, the inquiry open and the first payment no more than the first installment, before anyone is enrolled. */
async function checkBeforeEnrolling(db: Db, form: StaffEnrollment) {
  const { inquiryId, firstPayment, courseId, paymentMethod, startDate } = form;
  // With GST on the student's State is the place of supply; the desk form always asks it.
  if (!form.state && (await gstRepository.settings(db))?.enabled)
    throw validationError([{ path: 'state', message: STAFF_ENROLLMENT_MESSAGES.stateRequired }]);
  if (inquiryId) {
    const inquiry = await inquiryRepository.byId(db, inquiryId);
    if (!inquiry) throw validationError([{ path: 'inquiryId', message: STAFF_ENROLLMENT_MESSAGES.inquiryNotFound }]);
    if (!OPEN_INQUIRY.has(inquiry.status)) throw conflict(STAFF_ENROLLMENT_MESSAGES.inquiryClosed);
  }
  if (firstPayment) {
    if (firstPayment.paidOn > localIsoDate())
      throw badRequest(FEE_MESSAGES.paidOnInFuture, [
        { path: 'firstPayment.paidOn', message: FEE_MESSAGES.paidOnInFuture },
      ]);
    // The same refusal a typed payment gets, before anyone is enrolled rather than after.
    if (await gstRepository.dateFiled(db, firstPayment.paidOn))
      throw badRequest(GST_MESSAGES.paidInFiledPeriod, [
        { path: 'firstPayment.paidOn', message: GST_MESSAGES.paidInFiledPeriod },
      ]);
    // The first installment is what the course asks first; more than that is refused before enrolling.
    const course = await courseRepository.byId(db, courseId).catch(() => undefined);
    const first = course && (await planOwed(db, course, paymentMethod, startDate))[0];
    if (first && toPaise(firstPayment.amount) > first.amountPaise) {
      const message = `${FEE_MESSAGES.amountTooMuch} (${formatInr(first.amountPaise)})`;
      throw badRequest(message, [{ path: 'firstPayment.amount', message }]);
    }
  }
}

/**
 * What follows the committed enrolment: the first payment (under the request's key, so a retry
 * finds the receipt instead of paying twice) and the approval. Each step is safe to run again;
 * a refusal is reported, never undoes the enrolment.
 */
async function finish(
  deps: Deps,
  form: StaffEnrollment,
  staff: Staff,
  answer: StaffEnrollmentCreated,
  request: IdempotentRequest | undefined,
): Promise<StaffEnrollmentCreated> {
  let { receiptNumber, paymentProblem } = answer;
  if (form.firstPayment && !receiptNumber) {
    try {
      const [first] = await enrollmentRepository.schedule(deps.db, answer._id);
      const paymentKey = request && { key: `${SCOPE}:${request.key}`, hash: request.hash };
      receiptNumber = await deps.fees.recordPayment(answer._id, first!.id, form.firstPayment, staff.id, paymentKey);
      paymentProblem = null;
    } catch (err) {
      paymentProblem = err instanceof Error ? err.message : String(err);
    }
  }
  if (form.approve) {
    const row = await enrollmentRepository.byId(deps.db, answer._id);
    if (row?.enrollment.status === 'pending') await deps.enrollments.applyStatus(answer._id, 'approved', {}, staff.id);
  }
  const done = { ...answer, receiptNumber, paymentProblem };
  if (request) await paymentRepository.storeAnswer(deps.db, SCOPE, request.key, done);
  return done;
}
