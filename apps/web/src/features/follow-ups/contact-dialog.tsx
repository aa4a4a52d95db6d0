/**
 * "Log call": how the student was reached, what came of it, a note, and — unless the inquiry is
 * closed or converted — when to follow up next (the server refuses a contact without it).
 * "Not interested" offers to close the inquiry instead of asking for a date.
 */
import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FOLLOW_UP_MESSAGES, closesInquiry, needsNextFollowUp } from '@registrar/contract/follow-ups';
import {
  CONTACT_CHANNELS,
  CONTACT_CHANNEL_LABELS,
  CONTACT_OUTCOMES,
  CONTACT_OUTCOME_LABELS,
  type ContactChannel,
  type ContactOutcome,
} from '@registrar/contract/inquiry-contact';
import type { InquiryStatus } from '@registrar/contract/inquiry-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { ChoiceField } from '../../shared/form/choice-field';
import { useAddInquiryContactMutation } from './api/follow-ups-api';
import { fromLocalInput, toLocalInput, tomorrowMorning } from './when';
import { NoteField } from '../../shared/form/note-field';

export interface ContactTarget {
  _id: string;
  name: string;
  status: InquiryStatus;
}

interface Props {
  open: boolean;
  inquiry: ContactTarget;
  /** Preset when the dialog opens after a call or WhatsApp button. */
  channel?: ContactChannel | undefined;
  onClose: () => void;
}

type Errors = Partial<Record<'outcome' | 'nextFollowUpAt' | 'form', string>>;

export function ContactDialog({ open, inquiry, channel: preset, onClose }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [channel, setChannel] = useState<ContactChannel>(preset ?? 'call');
  const [outcome, setOutcome] = useState<ContactOutcome | ''>('');
  const [note, setNote] = useState('');
  const [next, setNext] = useState(() => toLocalInput(tomorrowMorning()));
  const [errors, setErrors] = useState<Errors>({});
  const [addContact, { isLoading }] = useAddInquiryContactMutation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [close, setClose] = useState(true);
  const closing = closesInquiry({ outcome, closeInquiry: close }) && needsNextFollowUp(inquiry.status);
  const asksNext = needsNextFollowUp(inquiry.status) && !closing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!outcome) found.outcome = FOLLOW_UP_MESSAGES.outcomeRequired;
    const nextFollowUpAt = asksNext ? fromLocalInput(next) : undefined;
    if (asksNext && !nextFollowUpAt) found.nextFollowUpAt = FOLLOW_UP_MESSAGES.nextFollowUpRequired;
    setErrors(found);
    if (Object.keys(found).length || !outcome) return;
    try {
      await addContact({
        id: inquiry._id,
        idempotencyKey,
        contact: {
          channel,
          outcome,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(nextFollowUpAt ? { nextFollowUpAt } : {}),
          ...(closing ? { closeInquiry: true } : {}),
        },
      }).unwrap();
      onClose();
    } catch (err) {
      const failure = err as Partial<ApiQueryError>;
      const fields: Errors = {};
      for (const e of failure.fieldErrors ?? [])
        if (e.path === 'outcome' || e.path === 'nextFollowUpAt') fields[e.path] = e.message;
      setErrors(Object.keys(fields).length ? fields : { form: failure.message || 'The contact could not be saved.' });
    }
  };

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} fullScreen={fullScreen} aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Log call with {inquiry.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 420 } }}>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <ChoiceField
              label="Channel"
              choices={CONTACT_CHANNELS}
              labels={CONTACT_CHANNEL_LABELS}
              value={channel}
              onChange={(event) => setChannel(event.target.value as ContactChannel)}
              required
            />
            <ChoiceField
              label="Outcome"
              choices={CONTACT_OUTCOMES}
              labels={CONTACT_OUTCOME_LABELS}
              value={outcome}
              onChange={(event) => setOutcome(event.target.value as ContactOutcome)}
              required
              error={Boolean(errors.outcome)}
              helperText={errors.outcome}
            />
            <NoteField label="Note" max={1000} value={note} onChange={(event) => setNote(event.target.value)} />
            {outcome === 'not_interested' && needsNextFollowUp(inquiry.status) && (
              <FormControlLabel
                control={<Checkbox checked={close} onChange={(event) => setClose(event.target.checked)} />}
                label="Close the inquiry: no more follow-ups"
              />
            )}
            {asksNext ? (
              <TextField
                label="Next follow-up"
                type="datetime-local"
                value={next}
                onChange={(event) => setNext(event.target.value)}
                required
                error={Boolean(errors.nextFollowUpAt)}
                helperText={errors.nextFollowUpAt ?? 'When to call or write again.'}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : (
              <Alert severity="info">
                {closing
                  ? 'Saving closes the inquiry: no next follow-up is needed.'
                  : 'This inquiry is closed or converted: no next follow-up is needed.'}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Save contact
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
