/** Words for the dashboard's keys: statuses, sources and months (unknown keys are shown as they are). */
import type { Reference } from '@registrar/contract/constants';
import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '@registrar/contract/inquiry-admin';
import { REFERENCE_LABELS } from '../../shared/lib/inquiry-labels';

const pick = <K extends string>(labels: Record<K, string>, key: string) =>
  Object.hasOwn(labels, key) ? labels[key as K] : key;

export const enrollmentStatusLabel = (key: string) => pick<EnrollmentStatus>(ENROLLMENT_STATUS_LABELS, key);
export const inquiryStatusLabel = (key: string) => pick<InquiryStatus>(INQUIRY_STATUS_LABELS, key);
/** The source an inquirer gave; an old record may have none (the server then sends null or ''). */
export const inquiryReferenceLabel = (key: string | null) =>
  key ? pick<Reference>(REFERENCE_LABELS, key) : 'Not given';

const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' → 'Mar 2026'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? monthFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : month;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-05' (a calendar date) → '5 Mar 2026'; a full timestamp in local time. */
export function dayLabel(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return dateFormat.format(Date.UTC(y, m - 1, d));
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
