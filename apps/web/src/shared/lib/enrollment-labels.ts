/** How enrolment values read on screen, for the public form and the staff workspace. */
import type { PaymentMethod, PaymentMode, WorkingStatus } from '@registrar/contract/constants';

export const WORKING_LABELS: Record<WorkingStatus, string> = {
  company: 'Company',
  college: 'College',
  university: 'University',
  other: 'Other',
};

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Cash',
  online_payment: 'Online payment',
  cheque: 'Cheque',
  other: 'Other',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  installment: 'In installments',
  full_payment: 'Full payment',
};

/** The documents' names, shared with the server's history notes. */
export { DOCUMENT_LABELS } from '@registrar/contract/enrollment';
