/** Money and dates of the fee screens: owed amounts in exact paise, today's date on this device. */
import type { Installment } from '@registrar/contract/enrollment-admin';
import { localIsoDate } from '@registrar/contract/enrollment';
import { paymentSchema, type Payment } from '@registrar/contract/fees';

/** What an installment still owes, in rupees, computed in paise so 10000 − 4000.5 is exact. */
export const owedOn = (installment: Pick<Installment, 'amount' | 'paidAmount'>): number =>
  Math.max(0, Math.round(installment.amount * 100) - Math.round(installment.paidAmount * 100)) / 100;

/** A payment can be recorded against it (not yet paid in full). */
export const isOpen = (installment: Installment) => installment.status !== 'paid' && owedOn(installment) > 0;

/** Its amount and due date can change: nothing has been paid on it (the server refuses otherwise). */
export const isEditable = (installment: Installment) => installment.paidAmount === 0 && installment.status !== 'paid';

/** Today on this device, `YYYY-MM-DD`: the latest a payment may be dated. */
export const today = () => localIsoDate();

/** The enrolment's payments (the detail types them loosely); anything unreadable is left out. */
export function readPayments(raw: readonly unknown[]): Payment[] {
  return raw.flatMap((item) => {
    const parsed = paymentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
