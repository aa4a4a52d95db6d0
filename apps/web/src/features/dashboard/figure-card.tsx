/**
 * One figure of the dashboard, as a link to the list it summarizes (already filtered), or to the
 * download of the records behind it. The whole card is the link; its name reads label, figure, hint.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface FigureCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** A route of the app (a filtered list). */
  to?: string;
  /** A file to download instead (e.g. the payments CSV). */
  download?: string;
  tone?: 'default' | 'warning' | 'error' | 'success';
}

const TONE_COLOUR = {
  default: 'primary.main',
  warning: 'warning.main',
  error: 'error.main',
  success: 'success.main',
} as const;

export function FigureCard({ label, value, hint, to, download, tone = 'default' }: FigureCardProps) {
  const body = (
    <Box sx={{ p: 2, borderLeft: 4, borderColor: TONE_COLOUR[tone], height: '100%' }}>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="span"
        sx={{ display: 'block', fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.25, my: 0.5 }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : download ? (
        <CardActionArea component="a" href={download} download sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Paper>
  );
}

/** Cards side by side (a list of FigureCards), one column on a phone; `min` is a card's narrowest width in px. */
export function FigureGrid({ children, label, min = 200 }: { children: ReactNode; label: string; min?: number }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))`,
        '& > li': { minWidth: 0, display: 'grid' },
      }}
    >
      {children}
    </Box>
  );
}
