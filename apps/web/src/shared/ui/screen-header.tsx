/** A screen's heading: its h1 with a line under it, and the screen's buttons to its right (below when narrow). */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function ScreenHeader({
  titleId,
  title,
  description,
  actions,
  mb = 2,
}: {
  /** The h1's id, for the section it names (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The space under the heading, in theme spacing. */
  mb?: number;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ mb, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={titleId} variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {description && <Typography color="text.secondary">{description}</Typography>}
      </Box>
      {actions}
    </Stack>
  );
}
