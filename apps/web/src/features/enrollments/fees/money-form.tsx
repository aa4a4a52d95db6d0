/**
 * The parts every money dialog of the fee panel is made of (in shared/ui/form-dialog's FormDialog),
 * so a payment, a refund, a concession, a void and an installment change look, validate and fail
 * alike: the amount in rupees, the date, the mode, the reason, and the send that keeps one
 * idempotency key per opening and puts the server's field errors on their fields.
 */
import { useState, type ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { LEDGER_PAYMENT_MODES, PAYMENT_MODE_NAMES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { FEE_REASON_MAX } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';

/** A field of a money dialog: `error` (the contract's message) stands in for the `help` below it. */
export type MoneyFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  error?: string | undefined;
  help?: string | undefined;
};

function MoneyField({ error, help, ...field }: MoneyFieldProps) {
  return <TextField required fullWidth error={Boolean(error)} helperText={error ?? help} {...field} />;
}

/** What the amount field says under it until something is wrong. */
export const AMOUNT_HELP = 'In rupees; at most 2 decimals.';

/** Rupees with paise: a ₹ before it and the decimal keypad on a phone; focused first. */
export function AmountField(props: MoneyFieldProps) {
  return (
    <MoneyField
      label="Amount"
      type="number"
      autoFocus
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        htmlInput: { inputMode: 'decimal', step: '0.01', min: '0' },
      }}
      {...props}
    />
  );
}

/** A day, `YYYY-MM-DD`; `latest` is the last one the picker offers (today for money already moved). */
export function DateField({ latest, ...props }: MoneyFieldProps & { latest?: string }) {
  return (
    <MoneyField
      type="date"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: latest ? { max: latest } : {} }}
      {...props}
    />
  );
}

/**
 * How the money moved (cash, UPI, …); `choose` adds an empty first choice for "none yet"; `also` a
 * mode kept only for old rows (online payment), so a refund of one can default to it.
 */
export function ModeField({
  choose,
  also,
  ...props
}: MoneyFieldProps & { choose?: string; also?: RecordedPaymentMode }) {
  const modes: readonly RecordedPaymentMode[] =
    also && !(LEDGER_PAYMENT_MODES as readonly string[]).includes(also)
      ? [...LEDGER_PAYMENT_MODES, also]
      : LEDGER_PAYMENT_MODES;
  return (
    <MoneyField select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} {...props}>
      {choose !== undefined && <option value="">{choose}</option>}
      {modes.map((mode) => (
        <option key={mode} value={mode}>
          {PAYMENT_MODE_NAMES[mode]}
        </option>
      ))}
    </MoneyField>
  );
}

/** Why the ledger changes: kept with the change for good, as long as the contract allows. */
export function ReasonField({ multiline = true, ...props }: MoneyFieldProps) {
  return (
    <MoneyField
      label="Reason"
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: FEE_REASON_MAX } }}
      {...props}
    />
  );
}

/** The amount as typed: empty is no number, so the contract says "must be more than 0". */
export const typedAmount = (text: string) => (text === '' ? Number.NaN : Number(text));

/**
 * Sends one money write. The idempotency key is made once per mounting, so mount the dialog anew
 * for each opening: a double click or a retry after a timeout then records once. The server's
 * errors on `fields` go to `onFieldError` (`focus` for the first of them); anything else becomes
 * `failure`. `send` answers whether the write went through.
 */
export function useMoneySubmit(fields: readonly string[], fallback: string) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (
    write: (idempotencyKey: string) => Promise<unknown>,
    onFieldError: (field: string, message: string, focus: boolean) => void,
  ) => {
    setFailure(null);
    try {
      await write(idempotencyKey);
      return true;
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      const placed = (error.fieldErrors ?? []).filter((f) => fields.includes(f.path));
      placed.forEach((f, i) => onFieldError(f.path, f.message, i === 0));
      if (placed.length === 0) setFailure(error.message || fallback);
      return false;
    }
  };
  return { failure, send, clearFailure: () => setFailure(null) };
}

type Errors = Record<string, string | undefined>;

/**
 * The typed values and each field's error (gone as soon as the field is typed in again), and the
 * submit: the errors found show and nothing is sent, or the write is sent once.
 */
export function useMoneyValues<V extends Record<string, string>>(initial: V, fallback: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const { failure, send } = useMoneySubmit(Object.keys(initial), fallback);
  const bind = (field: keyof V & string) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
  });
  const submit = async (found: Errors, write: ((idempotencyKey: string) => Promise<unknown>) | null) => {
    if (!write || Object.values(found).some(Boolean)) {
      setErrors(found);
      return false;
    }
    return send(write, (field, message) => setErrors((e) => ({ ...e, [field]: message })));
  };
  return { values, bind, failure, submit };
}
