/**
 * For a screen whose filters are not the list's own selects (figures that narrow the list, like
 * collections' overdue by age and by course): on a phone they fold behind one "Filters" button that
 * counts the active ones, as the shared list's toolbar does, so the list's first row shows on the
 * first screen; from `sm` up they show as they are.
 */
import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterListIcon from '@mui/icons-material/FilterList';

export function FiltersFold({ active, children }: { active: number; children: ReactNode }) {
  const theme = useTheme();
  const folded = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!folded) return <>{children}</>;
  return (
    <div>
      <Button
        variant={active ? 'contained' : 'outlined'}
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        sx={{ minHeight: 40 }}
      >
        {active ? `Filters (${active})` : 'Filters'}
      </Button>
      <Collapse in={open} id={panelId} role="group" aria-label="Filters" unmountOnExit>
        <Stack spacing={3} sx={{ pt: 2 }}>
          {children}
        </Stack>
      </Collapse>
    </div>
  );
}
