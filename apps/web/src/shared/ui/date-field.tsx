/** A small date input whose label always sits above it (an empty date input shows its own mask). */
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export function DateField({ slotProps, ...props }: Omit<TextFieldProps, 'type' | 'size'>) {
  return (
    <TextField
      type="date"
      size="small"
      sx={{ width: 170 }}
      {...props}
      slotProps={{ ...slotProps, inputLabel: { shrink: true } }}
    />
  );
}
