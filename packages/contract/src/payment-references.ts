/**
 * The references that identify a payment outside Registrar — a bank's UTR, a cheque — and the one
 * rule for each, used by every door that records money (staff entry, the student's claim, a bank
 * statement, an import) and by the forms that collect them.
 */
import type { z } from 'zod';
import type { RecordedPaymentMode } from './constants';

export const PAYMENT_REFERENCE_MESSAGES = {
  utrInvalid: 'A UTR is 12 digits (UPI, IMPS) or 16 to 22 letters and digits (NEFT, RTGS)',
  upiUtrInvalid: 'A UPI reference (UTR) is 12 digits',
  utrNotForMode: 'A UTR belongs to a UPI payment or a bank transfer',
  utrTaken: 'This UTR is already recorded on another payment',
  chequeNotForMode: 'Cheque details belong to a cheque payment',
  chequeNumberInvalid: 'A cheque or DD number is 6 digits',
  chequeDateRequired: 'Enter the date written on the cheque',
} as const;

/** UPI and IMPS references: 12 digits. */
export const UPI_UTR_PATTERN = /^\d{12}$/;
/** NEFT and RTGS references: 16 to 22 letters and digits (e.g. `HDFCN52026112612345678`). */
export const NEFT_RTGS_UTR_PATTERN = /^[A-Z0-9]{16,22}$/;
export const CHEQUE_NUMBER_PATTERN = /^\d{6}$/;
export const BANK_NAME_MAX = 100;

/** A UTR as people copy it from statements and apps: spaces dropped, letters upper-cased. */
export const normaliseUtr = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The modes whose money carries a bank reference. */
export const MODES_WITH_UTR: readonly RecordedPaymentMode[] = ['upi', 'bank_transfer', 'online_payment'];

/** Whether `utr` (normalised) is a valid reference for money that came by `mode`. */
export function isUtrFor(utr: string, mode: RecordedPaymentMode): boolean {
  if (!MODES_WITH_UTR.includes(mode)) return false;
  if (mode === 'upi') return UPI_UTR_PATTERN.test(utr);
  return UPI_UTR_PATTERN.test(utr) || NEFT_RTGS_UTR_PATTERN.test(utr);
}

/** The message for a UTR that does not fit `mode`, or null when it fits. */
export function utrProblem(utr: string, mode: RecordedPaymentMode): string | null {
  if (!MODES_WITH_UTR.includes(mode)) return PAYMENT_REFERENCE_MESSAGES.utrNotForMode;
  if (isUtrFor(utr, mode)) return null;
  return mode === 'upi' ? PAYMENT_REFERENCE_MESSAGES.upiUtrInvalid : PAYMENT_REFERENCE_MESSAGES.utrInvalid;
}

export interface PaymentReferences {
  paymentMode: RecordedPaymentMode;
  utr?: string | undefined;
  chequeNumber?: string | undefined;
  bankName?: string | undefined;
  chequeDate?: string | undefined;
}

/** A zod refinement: the UTR fits the mode; cheque details only on a cheque, its number well formed. */
export function checkPaymentReferences(value: PaymentReferences, ctx: z.RefinementCtx): void {
  if (value.utr !== undefined) {
    const problem = utrProblem(value.utr, value.paymentMode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['utr'], message: problem });
  }
  const cheque = value.chequeNumber ?? value.bankName ?? value.chequeDate;
  if (cheque !== undefined && value.paymentMode !== 'cheque')
    ctx.addIssue({
      code: 'custom',
      path: [
        value.chequeNumber !== undefined ? 'chequeNumber' : value.bankName !== undefined ? 'bankName' : 'chequeDate',
      ],
      message: PAYMENT_REFERENCE_MESSAGES.chequeNotForMode,
    });
  if (value.chequeNumber !== undefined && !CHEQUE_NUMBER_PATTERN.test(value.chequeNumber))
    ctx.addIssue({ code: 'custom', path: ['chequeNumber'], message: PAYMENT_REFERENCE_MESSAGES.chequeNumberInvalid });
}

/** A zod refinement for the desk, which has the cheque in hand: its date is asked, not optional. */
export function requireChequeDate(value: Pick<PaymentReferences, 'paymentMode' | 'chequeDate'>, ctx: z.RefinementCtx) {
  if (value.paymentMode === 'cheque' && !value.chequeDate)
    ctx.addIssue({ code: 'custom', path: ['chequeDate'], message: PAYMENT_REFERENCE_MESSAGES.chequeDateRequired });
}
