/** The title and message of an announcement, shared by the one-student and the bulk dialogs. */
import TextField from '@mui/material/TextField';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

export const TITLE_MAX = 150;
export const MESSAGE_MAX = 5000;

export interface AnnouncementText {
  title: string;
  message: string;
}

export function AnnouncementFields<T extends AnnouncementText>({
  register,
  errors,
  messageLength,
  autoFocus = true,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<AnnouncementText>;
  messageLength: number;
  autoFocus?: boolean;
}) {
  const reg = register as unknown as UseFormRegister<AnnouncementText>;
  return (
    <>
      <TextField
        label="Title"
        required
        autoFocus={autoFocus}
        autoComplete="off"
        error={Boolean(errors.title)}
        helperText={errors.title?.message ?? 'The subject of the email, e.g. "Batch timings from Monday".'}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        fullWidth
        {...reg('title')}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={5}
        maxRows={14}
        error={Boolean(errors.message)}
        helperText={errors.message?.message ?? `A blank line starts a new paragraph. ${messageLength}/${MESSAGE_MAX}`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        fullWidth
        {...reg('message')}
      />
    </>
  );
}
