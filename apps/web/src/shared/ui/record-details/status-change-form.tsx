/**
 * Moves a record to another status with an optional note. Only the moves the contract's
 * transitions allow are offered; a record with none says its status is final instead of showing
 * a form. Mount it with `key={status}` so it starts empty after each change.
 */
import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiQueryError } from '../../api/base-api';
import { NoteField } from '../../form/note-field';

const NOTE_MAX = 1000;

export interface StatusChangeFormProps<Status extends string> {
  /** The record in a sentence: "This {noun} is closed: …". */
  noun: string;
  current: Status;
  /** Where `current` may move (the contract's transitions); none means it is final. */
  moves: readonly Status[];
  labels: Readonly<Record<Status, string>>;
  /** What the note is for; the count of characters follows it. */
  noteHint: string;
  saving: boolean;
  /** What saving this move will also do (a mail to the student), said before saving. */
  notice?: ((status: Status) => string | null) | undefined;
  /** Saves the move; a rejection's `message` is shown in the form. */
  save: (status: Status, note: string | undefined) => Promise<unknown>;
  /** More fields the chosen move asks for (a rejection's reason), shown under the note. */
  extra?: ((status: Status) => ReactNode) | undefined;
}

export function StatusChangeForm<Status extends string>({
  noun,
  current,
  moves,
  labels,
  noteHint,
  saving,
  save,
  notice,
  extra,
}: StatusChangeFormProps<Status>) {
  const id = useId();
  const [status, setStatus] = useState<Status | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (moves.length === 0)
    return (
      <Typography color="text.secondary">
        This {noun} is {labels[current].toLowerCase()}: its status cannot change any more.
      </Typography>
    );

  const chosen = status && moves.includes(status) ? status : '';
  const onSubmit = async () => {
    if (!chosen) {
      setError('Choose the new status');
      return;
    }
    setError(null);
    try {
      await save(chosen, note.trim() || undefined);
      setStatus('');
      setNote('');
    } catch (err) {
      setError((err as Partial<ApiQueryError>).message || 'The status could not be changed.');
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Typography id={`${id}-title`} className="visually-hidden" component="span">
        Change status
      </Typography>
      <TextField
        select
        label="New status"
        value={chosen}
        onChange={(event) => {
          setStatus(event.target.value as Status | '');
          setError(null);
        }}
        error={Boolean(error) && !chosen}
        helperText={`Now: ${labels[current]}`}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">Choose…</option>
        {moves.map((move) => (
          <option key={move} value={move}>
            {labels[move]}
          </option>
        ))}
      </TextField>
      <NoteField
        label="Note (optional)"
        max={NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        fullWidth
        helperText={`${noteHint} ${note.length}/${NOTE_MAX}`}
      />
      {chosen && extra?.(chosen)}
      {chosen && notice?.(chosen) && (
        <Alert severity="info" role="status">
          {notice(chosen)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={saving}>
          Update status
        </Button>
      </Box>
    </Stack>
  );
}
