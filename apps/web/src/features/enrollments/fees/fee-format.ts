/** Money and dates of the fee screens: owed amounts in exact paise, today's date on this device. */
import type { Installment } from '@registrar/contract/enrollment-admin';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Payment } from '@registrar/contract/fees';

/** Rupees as whole paise, so differences and comparisons of amounts are exact. */
export const paise = (rupees: number) => Math.round(rupees * 100);

/** More than `limit` rupees, compared in paise (8000.01 is more than 8000; 0.1 + 0.2 is not more than 0.3). */
export const isMoreThan = (amount: number, limit: number) => paise(amount) > paise(limit);

/** What an installment still owes, in rupees, computed in paise so 10000 − 4000.5 is exact. */
export const owedOn = (installment: Pick<Installment, 'amount' | 'paidAmount'>): number =>
  Math.max(0, paise(installment.amount) - paise(installment.paidAmount)) / 100;

/** What a payment has left to refund, in rupees (nothing once voided), computed in paise. */
export const refundableOn = (p: Payment) => (p.voided ? 0 : Math.max(0, paise(p.amount) - paise(p.refunded)) / 100);

/** A payment can be recorded against it (not yet paid in full). */
export const isOpen = (installment: Installment) => installment.status !== 'paid' && owedOn(installment) > 0;

/** Its amount and due date can change: nothing has been paid on it (the server refuses otherwise). */
export const isEditable = (installment: Installment) => installment.paidAmount === 0 && installment.status !== 'paid';

/** Today on this device, `YYYY-MM-DD`: the latest a payment may be dated. */
export const today = () => localIsoDate();

/** Amounts line up in columns and never break between the rupee sign and the figure. */
export const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
