/**
 * A record page's body: the record's own sections on the left, what staff do with it on the right
 * (one column below the large breakpoint).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export function RecordColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
