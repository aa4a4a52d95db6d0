/**
 * The list's search and filters. On a phone they fold behind one "Filters" button that says how
 * many are set, so the first row shows on the first screen; wider, they sit beside the search.
 * The search waits 300 ms after the last keystroke (Enter searches at once).
 */
import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import FilterListIcon from '@mui/icons-material/FilterList';
import { DateRangeFilter, useDateRange } from './date-range-filter';
import { SEARCH_MAX } from './use-list-params';

export const SEARCH_DEBOUNCE_MS = 300;

/** A select shown next to the search box; its value lives in the URL under `name` ('' = all). */
export interface ListFilter {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

function SearchBox({
  label,
  hint,
  value,
  onSearch,
}: {
  label: string;
  hint?: string | undefined;
  value: string | undefined;
  onSearch: (search: string) => void;
}) {
  const [input, setInput] = useState(value ?? '');
  // Back/forward or a link changed the search: show it (but never undo what is being typed).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((value ?? '') !== input.trim()) setInput(value ?? '');
  }

  const pending = input.trim() !== (value ?? '');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => onSearch(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, pending, onSearch]);

  return (
    <TextField
      type="search"
      label={label}
      value={input}
      onChange={(event) => setInput(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onSearch(input);
        }
      }}
      helperText={hint}
      size="small"
      autoComplete="off"
      sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 420 } }}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX, enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface ListToolbarProps {
  nouns: string;
  searchLabel: string;
  searchHint?: string | undefined;
  search: string | undefined;
  onSearch: (search: string) => void;
  filters: readonly ListFilter[];
  filterValues: Record<string, string | undefined>;
  onFilter: (name: string, value: string | undefined) => void;
  /** A from/to date filter named by this verb ("Enrolled"), folded with the others. */
  dateFilter?: string | undefined;
  /** Fold the filters behind one button (a phone). */
  folded: boolean;
}

export function ListToolbar({
  nouns,
  searchLabel,
  searchHint,
  search,
  onSearch,
  filters,
  filterValues,
  onFilter,
  dateFilter,
  folded,
}: ListToolbarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { from, rawTo } = useDateRange();
  const active =
    filters.filter((f) => filterValues[f.name]).length +
    (dateFilter ? Number(Boolean(from)) + Number(Boolean(rawTo)) : 0);
  const hasFilters = filters.length > 0 || Boolean(dateFilter);

  const controls = (
    <>
      {filters.map((filter) => (
        <TextField
          key={filter.name}
          select
          size="small"
          label={filter.label}
          value={filterValues[filter.name] ?? ''}
          onChange={(event) => onFilter(filter.name, event.target.value || undefined)}
          sx={{ flex: '0 1 180px', minWidth: 140 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      ))}
      {dateFilter && <DateRangeFilter verb={dateFilter} />}
    </>
  );

  return (
    <Box role="search" aria-label={`Search ${nouns}`} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack
        direction="row"
        spacing={folded ? 1 : 2}
        useFlexGap
        sx={{ flexWrap: folded ? 'nowrap' : 'wrap', alignItems: 'flex-start' }}
      >
        <SearchBox label={searchLabel} hint={searchHint} value={search} onSearch={onSearch} />
        {folded && hasFilters && (
          <Button
            variant={active ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {active ? `Filters (${active})` : 'Filters'}
          </Button>
        )}
        {!folded && controls}
      </Stack>
      {folded && hasFilters && (
        <Collapse in={open} id={panelId} role="group" aria-label="Filters" unmountOnExit>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', pt: 2 }}>
            {controls}
          </Stack>
        </Collapse>
      )}
    </Box>
  );
}
