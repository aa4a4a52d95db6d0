/**
 * An outlined small table in a focusable region, so the keyboard can scroll it sideways when a
 * narrow window makes it wider than its box.
 */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';

type TableName = { label: string; labelledBy?: undefined } | { label: string; labelledBy: string };

/** `label` names the table (and, with ", scrollable", its region); `labelledBy` names the table by a heading instead. */
export function ScrollableTable({ label, labelledBy, children }: TableName & { children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table size="small" {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label })}>
        {children}
      </Table>
    </TableContainer>
  );
}
