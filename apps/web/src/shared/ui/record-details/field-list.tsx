/**
 * A record's fields as a definition list: label beside value from the small breakpoint up, label
 * above value on a phone. An empty value says "Not given" rather than leaving a gap.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type FieldRow = [label: string, value: ReactNode];

export function FieldList({ rows }: { rows: readonly FieldRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 200px) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.5 },
        '& dt': { fontWeight: 600, color: 'text.secondary', mt: { xs: 1.25, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>
            {value === '' || value === null || value === undefined ? (
              <Typography component="span" color="text.secondary">
                Not given
              </Typography>
            ) : (
              value
            )}
          </dd>
        </Box>
      ))}
    </Box>
  );
}
