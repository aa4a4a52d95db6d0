/**
 * Enrolling a walk-in from the console: the public form's rules, the inquiry it converts, files
 * that may follow, and the first payment recorded through the fee service once the enrolment stands.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { can, type Role } from '@registrar/contract/permissions';
import {
  STAFF_ENROLLMENT_EXTRA_FIELDS,
  STAFF_ENROLLMENT_MESSAGES,
  filesToFollow,
  staffEnrollmentSchema,
  type StaffEnrollmentCreated,
} from '@registrar/contract/staff-enrollment';
import type { Db } from '../db/database';
import { badRequest, conflict, forbidden } from '../lib/http-errors';
import { toPaise } from '../lib/money';
import { courseRepository } from '../repositories/course-repository';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { inquiryRepository } from '../repositories/inquiry-repository';
import { planOwed } from './enrollment-fee-schedule';
import { validationError } from './enrollment-record';
import type { EnrollmentService } from './enrollment-service';
import { formatInr, type FeeService } from './fee-service';
import type { StagedFile } from './uploads/multipart-reader';

const OPEN_INQUIRY = new Set(['new', 'contacted', 'follow_up']);

export async function enrolFromConsole(
  deps: { db: Db; enrollments: EnrollmentService; fees: FeeService },
  form: { fields: Record<string, string>; files: StagedFile[] },
  staff: { id: string; role: Role },
): Promise<StaffEnrollmentCreated & { unmoved: string[] }> {
  // A role that may not record fees is told so before anything about the form's values.
  if (form.fields.firstPayment && !can(staff.role, 'fees.record'))
    throw forbidden(STAFF_ENROLLMENT_MESSAGES.paymentNotAllowed);
  const parsed = staffEnrollmentSchema.safeParse(form.fields);
  if (!parsed.success)
    throw validationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  const { inquiryId, firstPayment, courseId, paymentMethod, startDate } = parsed.data;

  if (inquiryId) {
    const inquiry = await inquiryRepository.byId(deps.db, inquiryId);
    if (!inquiry) throw validationError([{ path: 'inquiryId', message: STAFF_ENROLLMENT_MESSAGES.inquiryNotFound }]);
    if (!OPEN_INQUIRY.has(inquiry.status)) throw conflict(STAFF_ENROLLMENT_MESSAGES.inquiryClosed);
  }
  if (firstPayment) {
    if (firstPayment.paidOn > localIsoDate())
      throw badRequest(FEE_MESSAGES.paidOnInFuture, [
        { path: 'firstPayment.paidOn', message: FEE_MESSAGES.paidOnInFuture },
      ]);
    // The first installment is what the course asks first; more than that is refused before enrolling.
    const course = await courseRepository.byId(deps.db, courseId).catch(() => undefined);
    const first = course && (await planOwed(deps.db, course, paymentMethod, startDate))[0];
    if (first && toPaise(firstPayment.amount) > first.amountPaise) {
      const message = `${FEE_MESSAGES.amountTooMuch} (${formatInr(first.amountPaise)})`;
      throw badRequest(message, [{ path: 'firstPayment.amount', message }]);
    }
  }

  const publicFields = Object.fromEntries(
    Object.entries(form.fields).filter(([k]) => !STAFF_ENROLLMENT_EXTRA_FIELDS.includes(k)),
  );
  const created = await deps.enrollments.create(publicFields, form.files, null, { staffId: staff.id, inquiryId });
  let receiptNumber: string | null = null;
  let paymentProblem: string | null = null;
  if (firstPayment) {
    // The enrolment is committed with its files: a payment refused now is reported, never undoes it.
    try {
      const [first] = await enrollmentRepository.schedule(deps.db, created.id);
      receiptNumber = await deps.fees.recordPayment(created.id, first!.id, firstPayment, staff.id);
    } catch (err) {
      paymentProblem = err instanceof Error ? err.message : String(err);
    }
  }
  return {
    _id: created.id,
    enrollmentNumber: created.enrollmentNumber,
    receiptNumber,
    paymentProblem,
    documentsToFollow: filesToFollow(new Set(form.files.map((f) => f.field))),
    unmoved: created.unmoved,
  };
}
