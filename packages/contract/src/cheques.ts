/** A cheque (or DD) after it was received: cleared or bounced, once, as an appended event. */
import { z } from 'zod';
import { MESSAGES } from './messages';

export const CHEQUE_STATES = ['received', 'cleared', 'bounced'] as const;
export type ChequeState = (typeof CHEQUE_STATES)[number];
/** The outcomes staff record; `received` is the payment itself. */
export const CHEQUE_OUTCOMES = ['cleared', 'bounced'] as const;
export type ChequeOutcome = (typeof CHEQUE_OUTCOMES)[number];
export const CHEQUE_STATE_LABELS: Record<ChequeState, string> = {
  received: 'Received, not cleared',
  cleared: 'Cleared',
  bounced: 'Bounced',
};

export const CHEQUE_MESSAGES = {
  cleared: 'Cheque marked cleared',
  bounced: 'Cheque marked bounced; the payment is voided and the installment re-opened',
  notACheque: 'Only a cheque payment can be cleared or bounced',
  alreadySettled: 'This cheque already has its outcome',
  voided: 'This payment is voided; its cheque has no outcome to record',
  stateRequired: 'Choose cleared or bounced',
  bounceReasonRequired: 'Say why the cheque bounced',
  onInFuture: 'The date cannot be in the future',
  onBeforeReceived: 'A cheque cannot clear or bounce before it was received',
} as const;

/** `PUT /api/student-enrollment-cheque/{paymentId}`. */
export const chequeOutcomeSchema = z
  .object({
    state: z.enum(CHEQUE_OUTCOMES, { error: CHEQUE_MESSAGES.stateRequired }),
    on: z.iso.date({ error: MESSAGES.dateInvalid }),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.state === 'bounced' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CHEQUE_MESSAGES.bounceReasonRequired });
  });
export type ChequeOutcomeInput = z.infer<typeof chequeOutcomeSchema>;
