/**
 * The terms on the desk's form: the current version, read with the student, and the two ways to
 * take their acceptance — on this screen now, or by the link their enrolment mail carries.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DeskTermsChoice, Terms } from '@registrar/contract/terms';
import { useId } from 'react';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';

export function DeskTerms({
  terms,
  failed,
  choice,
  onChoose,
  error,
}: {
  terms: Terms | undefined;
  failed: boolean;
  choice: DeskTermsChoice | '';
  onChoose: (choice: DeskTermsChoice) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const version = terms?.version ?? 0;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ gridColumn: '1 / -1' }}>
      <Typography id={`${id}-title`} variant="h6" component="h2">
        {terms?.name || 'Terms & Conditions'}
        {terms && version > 0 ? ` (version ${version})` : ''}
      </Typography>
      {failed && <Alert severity="error">The terms could not be loaded: reload the page to show them.</Alert>}
      {!terms && !failed && <Skeleton variant="rounded" height={120} aria-label="Loading the terms" />}
      {terms && !terms.description.trim() && (
        <Typography color="text.secondary">The institute has not written its terms yet.</Typography>
      )}
      {terms && terms.description.trim() && (
        <Box
          tabIndex={0}
          role="region"
          aria-label="The terms"
          sx={{ maxHeight: 220, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 2, my: 1 }}
        >
          <SanitizedHtml html={terms.description} />
        </Box>
      )}
      <FormControl error={!!error} sx={{ mt: 1 }}>
        <FormLabel id={`${id}-choice`}>How does the student accept them?</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-choice`}
          value={choice}
          onChange={(event) => onChoose(event.target.value as DeskTermsChoice)}
        >
          <FormControlLabel
            value="desk"
            disabled={!terms}
            control={<Radio />}
            label={`The student has read and accepts them here${version > 0 ? ` (version ${version})` : ''}`}
          />
          <FormControlLabel value="link" control={<Radio />} label="Send a link to accept them on their page" />
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </Box>
  );
}
