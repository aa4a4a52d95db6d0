/**
 * Dates as the staff screens show them: the contract's formatters in `en-IN`, India's time zone (the
 * console stays English). A value that is not a date shows as sent.
 */
import {
  formatDate as formatDay,
  formatDateTime as formatMoment,
  formatMonth as formatCalendarMonth,
  type DateOptions,
} from '@registrar/contract/language';

/** '12 Nov 2026, 2:35 pm'; `{ time: 'medium' }` adds the seconds. */
export const formatDateTime = (iso: string, options?: DateOptions) => formatMoment(iso, 'en', options);

/** '12 Nov 2026'; `{ style: 'long' }` reads '12 November 2026'. A `YYYY-MM-DD` date stays that day. */
export const formatDate = (iso: string, options?: DateOptions) => formatDay(iso, 'en', options);

/** '2026-03' → 'Mar 2026'. */
export const formatMonth = (month: string) => formatCalendarMonth(month, 'en');
