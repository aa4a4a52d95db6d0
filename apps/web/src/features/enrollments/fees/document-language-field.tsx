/**
 * The language a document is printed in for its reader (the statement, the receipts): a small select
 * beside its download, the student's own language chosen at first.
 */
import { useId } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGES, isLanguage, type Language } from '@registrar/contract/language';

/** Staff read the console in English: the names are in English too, the Hindi one with its own script. */
const NAMES: Record<Language, string> = { en: 'English', hi: 'Hindi (हिन्दी)' };

export function DocumentLanguageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Language;
  onChange: (language: Language) => void;
}) {
  const id = useId();
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(event) => {
        if (isLanguage(event.target.value)) onChange(event.target.value);
      }}
      sx={{ minWidth: 170 }}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l} value={l}>
          {NAMES[l]}
        </MenuItem>
      ))}
    </TextField>
  );
}
