/**
 * A chart with a heading that names it, and "Show as table": the same data in a real table, for
 * screen readers, keyboards and anyone who wants the exact numbers.
 */
import { Component, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { RowHeaderTable } from './row-header-table';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

export interface ChartPanelProps {
  title: string;
  /** One sentence on what the chart shows, read with its name. */
  description: string;
  table: ChartTable;
  /** Extra controls beside the table toggle (e.g. "by source / by status"). */
  controls?: ReactNode;
  /** Nothing to draw: say so instead of an empty chart. */
  emptyText?: string | undefined;
  /** The chart itself, drawn only when it is shown. */
  children: ReactNode;
}

/** The drawing's code failed to load (offline, or a new version was deployed): the table still works. */
class DrawingBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        The chart could not be drawn. Show it as a table, or reload the page.
      </Typography>
    ) : (
      this.props.children
    );
  }
}

export function ChartPanel({ title, description, table, controls, emptyText, children }: ChartPanelProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [asTable, setAsTable] = useState(false);

  let body: ReactNode;
  if (emptyText) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  } else if (asTable) {
    body = (
      <RowHeaderTable
        labelledBy={titleId}
        // The first column names the row; the figures line up on the right.
        columns={table.columns.map((label, i) => ({ label, align: i === 0 ? 'left' : 'right' }))}
        rows={table.rows.map((cells, r) => ({ key: r, cells }))}
      />
    );
  } else {
    body = (
      <Box role="img" aria-labelledby={titleId} aria-describedby={descriptionId} sx={{ width: '100%', minWidth: 0 }}>
        <DrawingBoundary>
          <Suspense fallback={<Skeleton variant="rounded" height={280} />}>{children}</Suspense>
        </DrawingBoundary>
      </Box>
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="h3" variant="h6">
            {title}
          </Typography>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {controls}
          {!emptyText && (
            <Button
              size="small"
              variant={asTable ? 'contained' : 'outlined'}
              startIcon={<TableChartOutlined />}
              aria-pressed={asTable}
              aria-describedby={titleId}
              onClick={() => setAsTable((shown) => !shown)}
            >
              Show as table
            </Button>
          )}
        </Stack>
      </Stack>
      {body}
    </Paper>
  );
}
