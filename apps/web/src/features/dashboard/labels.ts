/** Words for the dashboard's keys: statuses, sources and months (unknown keys are shown as they are). */
import type { Reference } from '@registrar/contract/constants';
import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '@registrar/contract/inquiry-admin';
import { formatDate, formatMonth } from '../../shared/lib/format-date';
import { REFERENCE_LABELS } from '../../shared/lib/inquiry-labels';

const pick = <K extends string>(labels: Record<K, string>, key: string) =>
  Object.hasOwn(labels, key) ? labels[key as K] : key;

export const enrollmentStatusLabel = (key: string) => pick<EnrollmentStatus>(ENROLLMENT_STATUS_LABELS, key);
export const inquiryStatusLabel = (key: string) => pick<InquiryStatus>(INQUIRY_STATUS_LABELS, key);
/** The source an inquirer gave; an old record may have none (the server then sends null or ''). */
export const inquiryReferenceLabel = (key: string | null) =>
  key ? pick<Reference>(REFERENCE_LABELS, key) : 'Not given';

/** '2026-03' → 'Mar 2026'. */
export const monthLabel = (month: string) => formatMonth(month);

/** '2026-03-05' (a calendar date) → '5 Mar 2026'; a full timestamp on its day in India. */
export const dayLabel = (iso: string) => formatDate(iso);
