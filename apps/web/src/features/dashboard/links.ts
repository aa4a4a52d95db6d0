/**
 * Where each dashboard figure leads: the list it summarizes, already filtered. The
 * lists keep their filters in the URL (`?status=…`, `?paymentState=…`, `?from=…&to=…`).
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import type { PaymentState } from '@registrar/contract/fees';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { INQUIRIES_PATH } from '../../shared/lib/paths';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

export const enrollmentsWithStatus = (status: string) => withQuery(ENROLLMENTS_PATH, { status });
export const enrollmentsWithPaymentState = (paymentState: PaymentState) =>
  withQuery(ENROLLMENTS_PATH, { paymentState });
export const enrollmentPage = (id: string) => `${ENROLLMENTS_PATH}/${encodeURIComponent(id)}`;

export const inquiriesWithStatus = (status: string) => withQuery(INQUIRIES_PATH, { status });
export const inquiriesBetween = (from: string, to: string) => withQuery(INQUIRIES_PATH, { from, to });
/** The inquiries list with several filters at once (the funnel's cells). */
export const inquiriesWhere = (query: Record<string, string>) => withQuery(INQUIRIES_PATH, query);
export const inquiryPage = (id: string) => `${INQUIRIES_PATH}/${encodeURIComponent(id)}`;

/** Today, the Monday of this week and the 1st of this month, as the server counts them (local dates). */
export function periodStarts(now = new Date()): { today: string; weekStart: string; monthStart: string } {
  const today = localIsoDate(now);
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  return { today, weekStart: localIsoDate(monday), monthStart: `${today.slice(0, 7)}-01` };
}
