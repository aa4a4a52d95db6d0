/** The refund dialog's question: what the refund does to the student's dues, each answer's consequence written out. */
import type { ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import {
  REFUND_EFFECTS,
  REFUND_EFFECT_CONSEQUENCES,
  REFUND_EFFECT_LABELS,
  refundEndUnavailable,
  type RefundEffect,
} from '@registrar/contract/fees';

export function RefundEffectField({
  value,
  error,
  onChange,
  canEnd,
  effects = REFUND_EFFECTS,
}: {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Ending the enrolment changes its status: shown to everyone, open only to staff who may (else why not and who can). */
  canEnd: boolean;
  /** The answers offered (a closing decision offers no "credit": its money is all paid towards the fee). */
  effects?: readonly RefundEffect[];
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend" id={`${id}-label`}>
        What does this refund do?
      </FormLabel>
      <RadioGroup name="effect" aria-labelledby={`${id}-label`} value={value} onChange={onChange}>
        {effects.map((effect) => {
          const unavailable = effect === 'end-enrolment' && !canEnd;
          return (
            <FormControlLabel
              key={effect}
              value={effect}
              disabled={unavailable}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {REFUND_EFFECT_LABELS[effect]}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {unavailable ? refundEndUnavailable() : REFUND_EFFECT_CONSEQUENCES[effect]}
                  </Typography>
                </>
              }
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
