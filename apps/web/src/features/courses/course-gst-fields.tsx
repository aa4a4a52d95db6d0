/**
 * A course's GST fields: SAC, rate, whether the price includes the tax, where it is delivered
 * (the place of supply of an online course is the student's State) and whether it is exempt.
 * They matter only while the institute has GST switched on; the defaults suit private coaching.
 */
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CourseInput } from '@registrar/contract/course';
import { DELIVERY_MODES, GST_RATES } from '@registrar/contract/gst';
import { muiField } from '../../shared/form/mui-field';
import { ChoiceField } from '../../shared/form/choice-field';
import { FieldGroup } from '../../shared/form/field-group';

export const GST_FIELDS = ['sac', 'gstRate', 'taxInclusive', 'deliveryMode', 'gstExempt'] as const;
export const GST_DEFAULTS = {
  sac: '999293',
  gstRate: 18,
  taxInclusive: true,
  deliveryMode: 'classroom',
  gstExempt: false,
} as const;

const DELIVERY_NAMES: Record<(typeof DELIVERY_MODES)[number], string> = {
  classroom: 'In a classroom',
  online: 'Online',
};

function Toggle({
  control,
  name,
  label,
  help,
}: {
  control: Control<CourseInput>;
  name: 'taxInclusive' | 'gstExempt';
  label: string;
  help: string;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            )}
          />
        }
        label={label}
      />
      <FormHelperText sx={{ mx: 0 }}>{help}</FormHelperText>
    </Box>
  );
}

export function CourseGstFields({
  control,
  register,
  errors,
}: {
  control: Control<CourseInput>;
  register: UseFormRegister<CourseInput>;
  errors: FieldErrors<CourseInput>;
}) {
  const select = { select: { native: true }, inputLabel: { shrink: true } };
  const registered = muiField(register, errors);
  return (
    <FieldGroup legend="GST">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Used on tax invoices while GST is switched on for the institute.
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="SAC"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            sx={{ flex: 1 }}
            {...registered('sac', '999293: commercial training and coaching.')}
          />
          <TextField
            select
            label="GST rate"
            slotProps={select}
            sx={{ flex: 1 }}
            {...registered('gstRate', undefined, { valueAsNumber: true })}
          >
            {GST_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}%
              </option>
            ))}
          </TextField>
          <ChoiceField
            native
            label="Delivered"
            choices={DELIVERY_MODES}
            labels={DELIVERY_NAMES}
            sx={{ flex: 1 }}
            {...registered('deliveryMode')}
          />
        </Stack>
        <Toggle
          control={control}
          name="taxInclusive"
          label="The price includes GST"
          help="Off: the tax is added to what the student owes on top of the price."
        />
        <Toggle
          control={control}
          name="gstExempt"
          label="Exempt from GST"
          help="Education leading to a recognised qualification: a bill of supply instead of a tax invoice."
        />
      </Stack>
    </FieldGroup>
  );
}
