/**
 * The step of a rejection or cancellation that decides what becomes of the money the student paid:
 * refund it now (a mode and the refund's effect, as the refund dialog asks) or keep it as a credit
 * to refund. Nothing is offered when nothing was paid; the server refuses a paid one without it.
 */
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecordedPaymentMode } from '@registrar/contract/constants';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import {
  CLOSING_REFUND_EFFECTS,
  FEE_MESSAGES,
  PAID_MONEY_DECISION_CONSEQUENCES,
  PAID_MONEY_DECISION_LABELS,
  type PaidMoneyDecision,
} from '@registrar/contract/fees';
import { formatRupees } from '../../shared/lib/money';
import { useCan } from '../../shared/session/permissions';
import { ModeField } from './fees/money-form';
import { RefundEffectField } from './fees/refund-effect-field';

export interface PaidMoneyChoice {
  decision: PaidMoneyDecision['decision'] | '';
  paymentMode: RecordedPaymentMode;
  effect: string;
}
export const NO_MONEY_CHOICE: PaidMoneyChoice = { decision: '', paymentMode: 'cash', effect: 'end-enrolment' };

/** What an open enrolment's payments hold, less refunds: paid towards the fee, and any beyond it. */
export const paidOf = (e: Pick<EnrollmentDetail, 'paidAmount' | 'creditToRefund'>) => e.paidAmount + e.creditToRefund;

/** The decision to send, or the contract's message when something paid is left undecided. */
export function paidMoneyOf(paid: number, choice: PaidMoneyChoice): { paidMoney?: PaidMoneyDecision; error?: string } {
  if (paid <= 0) return {};
  if (choice.decision === 'credit') return { paidMoney: { decision: 'credit' } };
  if (choice.decision === 'refund')
    return {
      paidMoney: {
        decision: 'refund',
        paymentMode: choice.paymentMode,
        effect: choice.effect as (typeof CLOSING_REFUND_EFFECTS)[number],
      },
    };
  return { error: FEE_MESSAGES.paidMoneyDecisionRequired };
}

export function PaidMoneyField({
  name,
  paid,
  value,
  onChange,
  error,
}: {
  name: string;
  paid: number;
  value: PaidMoneyChoice;
  onChange: (choice: PaidMoneyChoice) => void;
  error?: string | null | undefined;
}) {
  const id = useId();
  const mayRefund = useCan('fees.refund');
  const canEnd = useCan('enrollments.status');
  if (paid <= 0) return null;
  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">
        {name} has paid {formatRupees(paid)}. Decide here what becomes of it.
      </Alert>
      <FormControl component="fieldset" error={Boolean(error)} required>
        <FormLabel component="legend" id={`${id}-label`}>
          The {formatRupees(paid)} paid
        </FormLabel>
        <RadioGroup
          name={`${id}-decision`}
          aria-labelledby={`${id}-label`}
          value={value.decision}
          onChange={(event) => onChange({ ...value, decision: event.target.value as PaidMoneyChoice['decision'] })}
        >
          {(['refund', 'credit'] as const).map((decision) => {
            const unavailable = decision === 'refund' && !mayRefund;
            return (
              <FormControlLabel
                key={decision}
                value={decision}
                disabled={unavailable}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block' }}>
                      {PAID_MONEY_DECISION_LABELS[decision]}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {unavailable
                        ? FEE_MESSAGES.paidMoneyRefundNeedsRight
                        : PAID_MONEY_DECISION_CONSEQUENCES[decision]}
                    </Typography>
                  </>
                }
              />
            );
          })}
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
      {value.decision === 'refund' && (
        <>
          <ModeField
            label="Refund mode"
            value={value.paymentMode}
            onChange={(event) => onChange({ ...value, paymentMode: event.target.value as RecordedPaymentMode })}
          />
          <RefundEffectField
            value={value.effect}
            error={undefined}
            canEnd={canEnd}
            effects={CLOSING_REFUND_EFFECTS}
            onChange={(event) => onChange({ ...value, effect: event.target.value })}
          />
        </>
      )}
    </Stack>
  );
}
