/**
 * The list on a phone: each row a block of "column: value" lines, every column kept (money and
 * state included) instead of a table scrolling sideways or columns stepping aside; paged below.
 * Cells come from the same column definitions as the grid (renderCell, valueGetter, valueFormatter,
 * the actions column's buttons).
 */
import { Fragment, isValidElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import type { GridActionsCellItemProps, GridRenderCellParams, GridRowParams } from '@mui/x-data-grid';
import type { ResourceColumn } from './list-types';
import { PAGE_SIZE_OPTIONS } from './use-list-params';
import { displayedRows } from './total-label';

// The grid's API is not there outside the grid; no column of ours reads it.
const NO_API = undefined as never;

function actionButtons<Row extends { _id: string }>(column: ResourceColumn<Row>, row: Row): ReactNode {
  const getActions = (column as { getActions?: (params: GridRowParams<Row>) => ReactNode[] }).getActions;
  const items = getActions?.({ row, id: row._id, columns: [] } as unknown as GridRowParams<Row>) ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {items.map((item, i) => {
        if (!isValidElement<GridActionsCellItemProps>(item)) return null;
        const { icon, label, onClick, title, disabled } = item.props as GridActionsCellItemProps & {
          title?: string;
          disabled?: boolean;
        };
        return (
          <IconButton
            key={item.key ?? i}
            aria-label={typeof label === 'string' ? label : undefined}
            title={title}
            disabled={disabled}
            size="small"
            onClick={onClick as never}
          >
            {icon as ReactNode}
          </IconButton>
        );
      })}
    </Box>
  );
}

function cell<Row extends { _id: string }>(column: ResourceColumn<Row>, row: Row): ReactNode {
  if (column.type === 'actions') return actionButtons(column, row);
  const raw = (row as Record<string, unknown>)[column.field];
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, NO_API) : raw;
  if (column.renderCell)
    return column.renderCell({
      row,
      value,
      formattedValue: value,
      id: row._id,
      field: column.field,
      colDef: column,
      hasFocus: false,
      tabIndex: -1,
    } as unknown as GridRenderCellParams<Row>);
  const shown = column.valueFormatter ? column.valueFormatter(value as never, row, column, NO_API) : value;
  return shown === null || shown === undefined ? '' : String(shown);
}

export interface StackedRowsProps<Row extends { _id: string }> {
  labelledBy: string;
  rows: readonly Row[];
  columns: readonly ResourceColumn<Row>[];
  page: number;
  limit: number;
  total: number;
  totalIsCapped: boolean;
  loading: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function StackedRows<Row extends { _id: string }>({
  labelledBy,
  rows,
  columns,
  page,
  limit,
  total,
  totalIsCapped,
  loading,
  onPage,
  onLimit,
}: StackedRowsProps<Row>) {
  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading" />}</Box>
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row._id}
            data-testid="list-row"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(84px, max-content) minmax(0, 1fr)', gap: 0.75 }}
            >
              {columns.map((column) => (
                <Fragment key={column.field}>
                  <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary', alignSelf: 'center' }}>
                    {column.headerName}
                  </Box>
                  <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
                    {cell(column, row)}
                  </Box>
                </Fragment>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS as unknown as number[]}
        onPageChange={(_event, next) => onPage(next + 1)}
        onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
        labelRowsPerPage="Rows"
        labelDisplayedRows={({ from, to, count }) => displayedRows({ from, to, count, totalIsCapped })}
      />
    </Box>
  );
}
