/**
 * What a decision says besides its status: the reason of a rejection (quick picks or their own
 * words; the student is told it), and the message that goes to the student with the mail.
 */
import { useId, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { NoteField } from '../../shared/form/note-field';

const OWN_WORDS = 'own';

/** A rejection's reason: one of the quick picks, or "Another reason" with a box for it. */
export function RejectionReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (reason: string) => void;
  error?: string | null | undefined;
}) {
  const id = useId();
  const picked = (REJECTION_REASONS as readonly string[]).includes(value);
  const [own, setOwn] = useState(value !== '' && !picked);
  return (
    <Stack spacing={1.5}>
      <TextField
        id={`${id}-pick`}
        select
        required
        label="Reason for the rejection (the student is told)"
        value={own ? OWN_WORDS : picked ? value : ''}
        onChange={(event) => {
          const choice = event.target.value;
          setOwn(choice === OWN_WORDS);
          onChange(choice === OWN_WORDS ? '' : choice);
        }}
        error={Boolean(error) && !own}
        helperText={!own && error ? error : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">Choose…</option>
        {REJECTION_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
        <option value={OWN_WORDS}>Another reason…</option>
      </TextField>
      {own && (
        <TextField
          required
          label="The reason, in your words"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(error)}
          helperText={error || undefined}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          fullWidth
        />
      )}
    </Stack>
  );
}

/** The message mailed to the student with the decision. */
export function StudentMessageField({ value, onChange }: { value: string; onChange: (message: string) => void }) {
  return (
    <NoteField
      label="Message to the student (optional)"
      max={1000}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText="Mailed to the student with the decision."
      fullWidth
    />
  );
}

/** The note kept in the history for colleagues. */
export function InternalNoteField({ value, onChange }: { value: string; onChange: (note: string) => void }) {
  return (
    <NoteField
      label="Internal note (never sent)"
      max={1000}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText="Kept in the history for colleagues; the student never sees it."
      fullWidth
    />
  );
}
