/**
 * The day book's two writes: cash leaving the drawer (a bank deposit or a handover, or the opening
 * balance entered once) and closing the day on the cash counted. Mount each anew per opening.
 */
import { useState, type ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  CASH_BOOK_MESSAGES,
  CASH_ENTRY_LABELS,
  cashBookCloseInputSchema,
  cashBookEntryInputSchema,
  type CashBook,
  type CashEntryKind,
} from '@registrar/contract/day-book';
import Typography from '@mui/material/Typography';
import { FEE_REASON_MAX } from '@registrar/contract/fees';
import { firstMessages } from '../../shared/form/use-on-touched-form';
import { formatRupees } from '../../shared/lib/money';
import { formatDate } from '../../shared/lib/format-date';
import { FormDialog } from '../../shared/ui/form-dialog';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useAddCashBookEntryMutation, useCloseCashBookMutation } from './api/payments-api';

type Errors = Record<string, string | undefined>;
const typedAmount = (text: string) => (text === '' ? Number.NaN : Number(text));

/** The typed values, each field's error (gone when it is typed in again) and the send that puts the server's on its field. */
function useDialogForm<V extends Record<string, string>>(initial: V, fallback: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const bind = (field: keyof V & string) => ({
    value: values[field],
    error: Boolean(errors[field]),
    helperText: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
  });
  const submit = async (found: Errors, write: (() => Promise<unknown>) | null) => {
    setFailure(null);
    if (!write || Object.values(found).some(Boolean)) {
      setErrors(found);
      return false;
    }
    try {
      await write();
      return true;
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      const placed = (error.fieldErrors ?? []).filter((f) => f.path in initial);
      setErrors(Object.fromEntries(placed.map((f) => [f.path, f.message])));
      if (placed.length === 0) setFailure(error.message || fallback);
      return false;
    }
  };
  return { values, bind, failure, submit };
}

function Amount({ helperText, ...props }: TextFieldProps) {
  return (
    <TextField
      required
      fullWidth
      type="number"
      autoFocus
      helperText={helperText ?? 'In rupees; at most 2 decimals.'}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
        htmlInput: { inputMode: 'decimal', step: '0.01', min: '0' },
      }}
      {...props}
    />
  );
}

function Reason({ help, helperText, ...props }: TextFieldProps & { help: string }) {
  return (
    <TextField
      required
      fullWidth
      multiline
      minRows={2}
      label="Reason"
      helperText={helperText ?? help}
      slotProps={{ htmlInput: { maxLength: FEE_REASON_MAX } }}
      {...props}
    />
  );
}

/** A deposit, a handover or the opening balance on `date`; `closed` asks an admin's reason. */
export function CashEntryDialog({
  date,
  kind: initialKind,
  closed,
  onClose,
}: {
  date: string;
  kind: CashEntryKind;
  closed: boolean;
  onClose: () => void;
}) {
  const [add, { isLoading }] = useAddCashBookEntryMutation();
  const { values, bind, failure, submit } = useDialogForm(
    { kind: initialKind as string, amount: '', party: '', reference: '', reason: '' },
    'The entry could not be recorded.',
  );
  const opening = values.kind === 'opening';
  const save = async () => {
    const parsed = cashBookEntryInputSchema.safeParse({
      date,
      kind: values.kind,
      amount: typedAmount(values.amount),
      party: opening ? undefined : values.party,
      reference: values.reference,
      reason: values.reason,
    });
    const found: Record<string, string | undefined> = parsed.success ? {} : firstMessages(parsed.error.issues);
    if (!opening && !values.party.trim()) found.party = CASH_BOOK_MESSAGES.partyRequired;
    if (closed && !values.reason.trim()) found.reason = CASH_BOOK_MESSAGES.backDatedReasonRequired;
    const body = parsed.success ? parsed.data : null;
    if (await submit(found, body && (() => add(body).unwrap()))) onClose();
  };
  return (
    <FormDialog
      open
      title={opening ? CASH_ENTRY_LABELS.opening : `Cash out of the drawer, ${formatDate(date)}`}
      description={
        opening
          ? 'The cash in the drawer at the start of this day, entered once: every later day opens from the day before.'
          : 'Cash taken out of the drawer: deposited in a bank, or handed to a person.'
      }
      submitLabel="Record"
      busy={isLoading}
      failure={failure}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {!opening && (
        <TextField
          select
          required
          fullWidth
          label="What"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...bind('kind')}
        >
          <option value="deposit">{CASH_ENTRY_LABELS.deposit}</option>
          <option value="handover">{CASH_ENTRY_LABELS.handover}</option>
        </TextField>
      )}
      <Amount label="Amount" {...bind('amount')} />
      {!opening && (
        <TextField required fullWidth label={values.kind === 'deposit' ? 'Bank' : 'Handed to'} {...bind('party')} />
      )}
      {!opening && (
        <TextField
          fullWidth
          label="Reference"
          {...bind('reference')}
          helperText={bind('reference').helperText ?? 'The deposit slip or receipt number, if any.'}
        />
      )}
      {closed && <Reason {...bind('reason')} help="This day is closed: say why the entry is added to it." />}
    </FormDialog>
  );
}

/** Closes the day on the cash counted; a difference from the books needs its reason. */
export function CloseDayDialog({ book, onClose }: { book: CashBook; onClose: () => void }) {
  const [close, { isLoading }] = useCloseCashBookMutation();
  const { values, bind, failure, submit } = useDialogForm(
    { counted: String(book.expected), reason: '' },
    'The day could not be closed.',
  );
  const counted = typedAmount(values.counted);
  const difference = Number.isFinite(counted) ? Math.round((counted - book.expected) * 100) / 100 : 0;
  const save = async () => {
    const parsed = cashBookCloseInputSchema.safeParse({ date: book.date, counted, reason: values.reason });
    const found: Record<string, string | undefined> = parsed.success ? {} : firstMessages(parsed.error.issues);
    if (difference !== 0 && !values.reason.trim()) found.reason = CASH_BOOK_MESSAGES.differenceReasonRequired;
    const body = parsed.success ? parsed.data : null;
    if (await submit(found, body && (() => close(body).unwrap()))) onClose();
  };
  return (
    <FormDialog
      open
      title={`Close the day, ${formatDate(book.date)}`}
      description={`The books expect ${formatRupees(book.expected)} in the drawer. Count the cash and enter what you counted.`}
      submitLabel="Close the day"
      busy={isLoading}
      failure={failure}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Amount label="Cash counted" {...bind('counted')} />
      <Typography role="status">Difference: {formatRupees(difference)}</Typography>
      {difference !== 0 && <Reason {...bind('reason')} help="Why the cash counted differs from the books." />}
    </FormDialog>
  );
}
