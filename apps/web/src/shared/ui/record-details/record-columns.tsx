/**
 * A record page's body: the record's own sections on the left, what staff do with it on the right
 * (one column below the large breakpoint). An editor with a side panel lays out the same way.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export function RecordColumns({
  children,
  wide = 'minmax(0, 3fr) minmax(0, 2fr)',
}: {
  children: ReactNode;
  /** The two columns from the large breakpoint up (grid-template-columns). */
  wide?: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: wide },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
