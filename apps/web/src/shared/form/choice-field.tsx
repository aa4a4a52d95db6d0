/**
 * A select of a fixed list of values (most often the contract's), each shown by its label. `native`
 * gives the browser's own list (a phone's picker), with the label kept above the field.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type ChoiceFieldProps<V extends string> = Omit<TextFieldProps, 'select' | 'children' | 'slotProps'> & {
  choices: readonly V[];
  labels: Readonly<Record<V, string>>;
  native?: boolean;
};

export function ChoiceField<V extends string>({ choices, labels, native = false, ...field }: ChoiceFieldProps<V>) {
  return (
    <TextField
      select
      {...field}
      {...(native && { slotProps: { select: { native: true }, inputLabel: { shrink: true } } })}
    >
      {choices.map((value) =>
        native ? (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ) : (
          <MenuItem key={value} value={value}>
            {labels[value]}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}
