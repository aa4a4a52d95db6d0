/**
 * One titled part of a record's page (Details, Change status, History…): a region named by its
 * own h2, so screen readers list it and tests find it by that name.
 */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function RecordSection({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
