/** A bordered group of fields under its legend: the installments or the GST of a course, the recipients of an announcement. */
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function FieldGroup({
  legend,
  children,
  ...fieldset
}: Omit<ComponentPropsWithoutRef<'fieldset'>, 'children'> & { legend: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      {...fieldset}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}
