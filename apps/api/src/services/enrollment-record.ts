/** An enrolment as the staff's list and detail show it, and the field errors its forms answer with. */
import { apiUrl } from '@registrar/contract/api-paths';
import { ENROLLMENT_FILE_FIELDS, type EnrollmentFields } from '@registrar/contract/enrollment';
import { type EnrollmentRecord } from '@registrar/contract/enrollment-admin';
import { ERROR_CODES, type FieldError } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import { HttpError } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { type EnrollmentListRow } from '../repositories/enrollment-repository';

export const ENROLLMENT_FILE_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(ENROLLMENT_FILE_FIELDS));

/** Where the browser fetches a stored document. */
export const fileUrl = (id: string) => apiUrl('file', id);

export function toEnrollmentRecord(row: EnrollmentListRow): EnrollmentRecord {
  const e = row.enrollment;
  const total = Number(row.totalFeePaise);
  const paidPaise = Number(row.paidPaise);
  const overdue = Number(row.overduePaise);
  // A rejected or cancelled enrolment keeps its ledger but owes nothing more.
  const owes = !['rejected', 'cancelled'].includes(e.status);
  return {
    _id: e.id,
    enrollmentNumber: e.enrollmentNumber,
    status: e.status,
    name: e.name,
    email: e.email,
    phoneNumber: e.phoneNumber,
    alterNativePhoneNumber: e.alterNativePhoneNumber,
    currentAddress: e.currentAddress,
    permanentAddress: e.permanentAddress,
    startDate: e.startDate,
    endDate: e.endDate,
    courseId: e.courseId,
    course: { _id: row.course.id, name: row.course.name, price: toRupees(row.course.pricePaise) },
    currentlyWorking: e.currentlyWorking as EnrollmentRecord['currentlyWorking'],
    currentlyWorkingPlace: e.currentlyWorkingPlace,
    currentSem: e.currentSem,
    designation: e.designation,
    paymentMode: (e.paymentMode as EnrollmentRecord['paymentMode']) ?? null,
    paymentMethod: e.paymentMethod as EnrollmentRecord['paymentMethod'],
    companyAddress: e.companyAddress,
    termsVersion: e.termsVersion,
    language: e.language,
    state: e.state,
    gstin: e.gstin,
    totalFee: toRupees(total),
    paidAmount: toRupees(paidPaise),
    outstanding: owes ? toRupees(Math.max(0, total - paidPaise)) : 0,
    overdueAmount: toRupees(overdue),
    paymentState: overdue > 0 ? 'overdue' : owes && total > paidPaise ? 'due' : 'paid_up',
    profilePictureUrl: row.profilePictureId ? fileUrl(row.profilePictureId) : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function validationError(errors: FieldError[]): HttpError {
  return new HttpError(400, ERROR_CODES.validation, errors[0]?.message ?? MESSAGES.validationFailed, errors);
}

/** The student's own answers that every way in (form, console, import, edit) stores alike. */
type StudentAnswers = Pick<
  EnrollmentFields,
  | 'name'
  | 'email'
  | 'phoneNumber'
  | 'alterNativePhoneNumber'
  | 'currentAddress'
  | 'permanentAddress'
  | 'startDate'
  | 'endDate'
  | 'currentlyWorking'
  | 'currentlyWorkingPlace'
  | 'currentSem'
  | 'designation'
  | 'paymentMode'
  | 'paymentMethod'
> & { state?: string | undefined };

/** Those answers as enrolment columns: an answer left out is stored as null. */
export const studentColumns = (v: StudentAnswers) => ({
  name: v.name,
  email: v.email,
  phoneNumber: v.phoneNumber,
  alterNativePhoneNumber: v.alterNativePhoneNumber ?? null,
  currentAddress: v.currentAddress,
  permanentAddress: v.permanentAddress,
  startDate: v.startDate ?? null,
  endDate: v.endDate ?? null,
  currentlyWorking: v.currentlyWorking,
  currentlyWorkingPlace: v.currentlyWorkingPlace,
  currentSem: v.currentSem ?? null,
  designation: v.designation ?? null,
  paymentMode: v.paymentMode ?? null,
  paymentMethod: v.paymentMethod,
  state: v.state ?? null,
});

/** The enrolment number of the n-th enrolment, in the year of `day` (YYYY-MM-DD). */
export const enrollmentNumber = (day: string, n: number) => `ENR-${day.slice(0, 4)}-${String(n).padStart(5, '0')}`;
