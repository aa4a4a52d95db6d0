/** A free-text note kept with a record (a call, a decision, a status change): a few lines, cut at `max`. */
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export function NoteField({ max, ...field }: Omit<TextFieldProps, 'multiline' | 'slotProps'> & { max: number }) {
  return <TextField multiline minRows={2} slotProps={{ htmlInput: { maxLength: max } }} {...field} />;
}
