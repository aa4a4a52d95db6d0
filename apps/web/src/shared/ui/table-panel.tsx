/** An outlined section named by its heading, holding a table, or a line saying there is nothing yet. */
import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function TablePanel({
  title,
  heading,
  mb,
  empty,
  children,
}: {
  title: ReactNode;
  heading: 'h2' | 'h3';
  /** The space under the panel, in theme spacing. */
  mb?: number;
  /** What to say in place of the table; null when there are rows. */
  empty: ReactNode | null;
  /** The table, given the heading's id to name itself by. */
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ mb, minWidth: 0 }}>
      <Typography id={titleId} component={heading} variant="h6" sx={{ px: 2, pt: 2, pb: 1 }}>
        {title}
      </Typography>
      {empty !== null ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {empty}
        </Typography>
      ) : (
        children(titleId)
      )}
    </Paper>
  );
}
