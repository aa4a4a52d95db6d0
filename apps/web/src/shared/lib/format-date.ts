/**
 * Dates as the staff screens show them: the contract's formatter in `en-IN`, India's time zone (the
 * console stays English). A value that is not a date shows as sent.
 */
import { formatDate as formatDay, formatDateTime as formatMoment } from '@registrar/contract/language';

export const formatDateTime = (iso: string) => formatMoment(iso, 'en');

export const formatDate = (iso: string) => formatDay(iso, 'en');
