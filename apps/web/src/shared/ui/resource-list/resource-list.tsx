/**
 * The one list screen of the console, react-admin style: a screen declares what it lists (its
 * resource: noun, query hook, search), its title, columns and filters; paging, search and their
 * place in the URL live here.
 *
 *   const COURSES: ListResource<Course, CourseListArgs> = {
 *     noun: { one: 'course', other: 'courses' }, useQuery: useGetCoursesQuery, searchHint: 'By course name' };
 *   <ResourceList title="Courses" resource={COURSES} columns={columns} filters={[statusFilter]}
 *     actions={<Button>Add course</Button>} empty={{ title: 'No courses yet', action: … }} />
 *
 * - Server paging (MUI X DataGrid, paginationMode="server"); 10, 25, 50 or 100 a page.
 * - `?page`, `?limit`, `?search` and each filter are kept in the URL (use-list-params).
 * - Search waits 300 ms after the last keystroke (Enter searches at once) and goes back to page 1;
 *   on a phone the filters fold behind one "Filters" button that counts the active ones.
 * - First load: a skeleton. Nothing found: an empty state with a call to action, or "clear the
 *   search". A failure: the message and Retry. Refetches keep the rows and show a progress bar.
 * - On a phone every row stacks its columns (none hidden, no sideways scroll); from `sm` up,
 *   columns marked `hideBelow: 'md'` step aside below `md`, and minimum widths shrink to fit the
 *   box, so every column, Actions included, shows without a sideways scroll at 1366 px.
 * - A total the server capped (`totalIsCapped`) reads "10,000+".
 * - A page is at most 100 rows, so the grid is not virtualized: every row is in the DOM.
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowHeightParams } from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS, useListParams } from './use-list-params';
import { ListToolbar, type ListFilter } from './list-toolbar';
import { StackedRows } from './stacked-rows';
import { displayedRows, totalLabel } from './total-label';
import { useFitColumns, useWidth } from './fit-columns';
import { SelectionBar, SelectionProvider, selectColumn, useRowSelection } from './selection';

export { SEARCH_DEBOUNCE_MS, type ListFilter } from './list-toolbar';

export type {
  BulkAction,
  BulkDialogAction,
  BulkDialogProps,
  BulkQuestionAction,
  BulkOutcome,
  BulkValues,
  ListEmptyState,
  ListQueryArgs,
  ListQueryResult,
  ListResource,
  ListSelection,
  ResourceColumn,
} from './list-types';
import type { ListEmptyState, ListQueryArgs, ListResource, ListSelection, ResourceColumn } from './list-types';
import { RetryAlert } from '../retry-alert';
import { ScreenHeader } from '../screen-header';

export interface ResourceListProps<Row extends { _id: string }, Args extends ListQueryArgs> {
  title: string;
  description?: ReactNode;
  /** What the list lists: its noun, query hook and search. */
  resource: ListResource<Row, Args>;
  columns: readonly ResourceColumn<Row>[];
  filters?: readonly ListFilter[];
  /** Buttons beside the title, e.g. "Add course". */
  actions?: ReactNode;
  /** What to show when there is nothing at all yet (no search, no filter). */
  empty: ListEmptyState;
  /** Let rows grow with multi-line cells. */
  autoRowHeight?: boolean;
  /** A from/to date filter in the URL, named by this verb ("Enrolled"), folded with the filters. */
  dateFilter?: string;
  /** Row selection and the actions on the selected rows (none allowed to the role: no selection). */
  selection?: ListSelection<Row>;
}

const getRowId = (row: { _id: string }) => row._id;
const autoHeight = (_params: GridRowHeightParams) => 'auto' as const;

/** The query's failure message, else a plain sentence. */
function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : 'Something went wrong';
}

function LoadingRows({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ p: 2 }}>
      <Skeleton variant="rounded" height={40} sx={{ mb: 1.5 }} />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} variant="text" height={44} />
      ))}
    </Box>
  );
}

function EmptyState({ title, description, action }: ListEmptyState) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}

export function ResourceList<Row extends { _id: string }, Args extends ListQueryArgs>({
  title,
  description,
  resource: { noun, useQuery, searchLabel, searchHint },
  columns,
  filters = [],
  actions,
  empty,
  autoRowHeight = false,
  dateFilter,
  selection,
}: ResourceListProps<Row, Args>) {
  const titleId = useId();
  const gridBox = useRef<HTMLDivElement>(null);
  const filterNames = useMemo(() => filters.map((f) => f.name), [filters]);
  const {
    page,
    limit,
    search,
    filters: filterValues,
    setPage,
    setLimit,
    setSearch,
    setFilter,
    clearSearchAndFilters,
  } = useListParams(filterNames);

  const args: Record<string, string | number> = { page, limit };
  if (search) args.search = search;
  for (const [name, value] of Object.entries(filterValues)) if (value) args[name] = value;
  const { data, isFetching, isError, error, refetch } = useQuery(args as unknown as Args);

  // A page past the end (the last row of the last page was deleted, or an old link): go to the last page.
  useEffect(() => {
    if (!data || isFetching) return;
    const last = Math.max(1, data.totalPages);
    if (page > last) setPage(last, { replace: true });
  }, [data, isFetching, page, setPage]);

  const selecting = Boolean(selection?.actions.length);
  const rowSelection = useRowSelection<Row>(data?.items, JSON.stringify(args));
  const rowLabel = selection?.rowLabel;
  const listColumns = useMemo(
    () => (selecting && rowLabel ? [selectColumn(rowLabel), ...columns] : columns),
    [selecting, rowLabel, columns],
  );

  const theme = useTheme();
  const belowSm = useMediaQuery(theme.breakpoints.down('sm'));
  const belowMd = useMediaQuery(theme.breakpoints.down('md'));
  const { gridColumns, visibility } = useMemo(() => {
    const model: GridColumnVisibilityModel = {};
    const cols = listColumns.map(({ hideBelow, ...col }) => {
      if (hideBelow === 'md' && belowMd) model[col.field] = false;
      return { sortable: false, ...col } as GridColDef<Row>;
    });
    return { gridColumns: cols, visibility: model };
  }, [listColumns, belowMd]);
  const fitted = useFitColumns(gridColumns, visibility, useWidth(gridBox));
  const totalIsCapped = Boolean(data?.totalIsCapped);

  const filterActive = Object.values(filterValues).some(Boolean);
  const filtered = Boolean(search) || filterActive;

  let body: ReactNode;
  if (isError) {
    body = (
      <RetryAlert onRetry={refetch} sx={{ m: 2 }}>
        <AlertTitle>The {noun.other} could not be loaded</AlertTitle>
        {errorMessage(error)}
      </RetryAlert>
    );
  } else if (!data) {
    body = <LoadingRows label={`Loading ${noun.other}`} />;
  } else if (data.total === 0 && !isFetching) {
    body = filtered ? (
      <EmptyState
        title={search ? `No ${noun.other} match “${search}”` : `No ${noun.other} match these filters`}
        description="Check the spelling, or try fewer words."
        action={
          <Button variant="outlined" onClick={clearSearchAndFilters}>
            {!filterActive ? 'Clear search' : search ? 'Clear search and filters' : 'Clear filters'}
          </Button>
        }
      />
    ) : (
      <EmptyState {...empty} />
    );
  } else if (belowSm) {
    body = (
      <StackedRows<Row>
        labelledBy={titleId}
        rows={data.items}
        columns={listColumns}
        page={page}
        limit={limit}
        total={data.total}
        totalIsCapped={totalIsCapped}
        loading={isFetching}
        onPage={setPage}
        onLimit={setLimit}
      />
    );
  } else {
    body = (
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid<Row>
          aria-labelledby={titleId}
          rows={data.items}
          columns={fitted}
          getRowId={getRowId}
          columnVisibilityModel={visibility}
          paginationMode="server"
          rowCount={data.total}
          pageSizeOptions={PAGE_SIZE_OPTIONS as unknown as number[]}
          paginationModel={{ page: page - 1, pageSize: limit }}
          onPaginationModelChange={(model) => {
            if (model.pageSize !== limit) setLimit(model.pageSize);
            else if (model.page + 1 !== page) setPage(model.page + 1);
          }}
          loading={isFetching}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          localeText={{
            paginationDisplayedRows: ({ from, to, count }) => displayedRows({ from, to, count, totalIsCapped }),
          }}
          getRowHeight={autoRowHeight ? autoHeight : undefined}
          // A page holds at most 100 rows: render them all, so find-in-page and screen readers see every row.
          disableVirtualization
          disableColumnMenu
          disableColumnSorting
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          sx={{
            border: 0,
            '& .MuiDataGrid-cell': autoRowHeight ? { py: 1 } : undefined,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            // The last column's resize handle sticks out past the grid and made it scroll sideways.
            '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
          }}
        />
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      // The shell's <main> already pads the screen.
      sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}
    >
      <ScreenHeader
        titleId={titleId}
        title={title}
        description={description}
        actions={
          actions && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {actions}
            </Stack>
          )
        }
      />

      <SelectionProvider value={rowSelection as never}>
        <Paper ref={gridBox} variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
          <ListToolbar
            nouns={noun.other}
            searchLabel={searchLabel ?? `Search ${noun.other}`}
            searchHint={searchHint}
            search={search}
            onSearch={setSearch}
            filters={filters}
            filterValues={filterValues}
            onFilter={setFilter}
            dateFilter={dateFilter}
            folded={belowSm}
          />
          {selecting && selection && data && (
            <SelectionBar selection={rowSelection} config={selection} phone={belowSm && data.items.length > 0} />
          )}
          {body}
          <p className="visually-hidden" role="status" aria-live="polite">
            {data && !isFetching && !isError
              ? `${totalLabel(data.total, totalIsCapped)} ${data.total === 1 && !totalIsCapped ? noun.one : noun.other}${search ? ` matching “${search}”` : ''}`
              : ''}
          </p>
        </Paper>
      </SelectionProvider>
    </Box>
  );
}
