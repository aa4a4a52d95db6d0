/**
 * A from/to date filter kept in the URL (`?from=2026-03-01&to=2026-03-31`) beside the shared
 * list's own filters; `to` before `from` is ignored and says so. Changing either goes to page 1.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateField } from '../date-field';
import type { ListEmptyState } from './list-types';

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (value: string | null) => (value && ISO_DATE.test(value) ? value : undefined);

export function useDateRange() {
  const [params, setParams] = useSearchParams();
  const from = dateParam(params.get('from'));
  const rawTo = dateParam(params.get('to'));
  const toBeforeFrom = Boolean(from && rawTo && rawTo < from);
  const to = toBeforeFrom ? undefined : rawTo;
  const set = useCallback(
    (name: 'from' | 'to', value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  /** Both ends at once (a preset), or neither when both are empty. */
  const setRange = useCallback(
    (range: { from: string; to: string }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of ['from', 'to'] as const)
          if (range[name]) next.set(name, range[name]);
          else next.delete(name);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const clear = useCallback(() => setRange({ from: '', to: '' }), [setRange]);
  return { from, to, rawTo, toBeforeFrom, set, setRange, clear };
}

/** `verb` names what the dates are about: "Received" gives "Received from", "Received to". */
export function DateRangeFilter({ verb }: { verb: string }) {
  const { from, rawTo, toBeforeFrom, set } = useDateRange();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={`${verb} between`}>
      <DateField label={`${verb} from`} value={from ?? ''} onChange={(event) => set('from', event.target.value)} />
      <DateField
        label={`${verb} to`}
        value={rawTo ?? ''}
        onChange={(event) => set('to', event.target.value)}
        error={toBeforeFrom}
        helperText={toBeforeFrom ? 'Before the start date: ignored' : undefined}
        slotProps={{ htmlInput: { min: from } }}
      />
    </Box>
  );
}

/**
 * The empty state of a list filtered by dates: with dates chosen, "No {nouns} in these dates" and
 * a button that clears them (the shared list's own "Clear filters" does not know the dates);
 * with none, `empty`.
 */
export function useDateRangeEmptyState(nouns: string, empty: ListEmptyState): ListEmptyState {
  const { from, rawTo, clear } = useDateRange();
  if (!from && !rawTo) return empty;
  return {
    title: `No ${nouns} in these dates`,
    description: 'Try a wider date range.',
    action: (
      <Button variant="outlined" onClick={clear}>
        Clear dates
      </Button>
    ),
  };
}
