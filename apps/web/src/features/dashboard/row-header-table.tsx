/** The dashboard's tables: named by a heading, each row headed by its first cell, scrollable sideways. */
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface Column {
  label: string;
  align?: 'left' | 'right';
}

export function RowHeaderTable({
  labelledBy,
  columns,
  rows,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly Column[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
}) {
  return (
    // Focusable: a narrow screen scrolls the table sideways, and keyboards must reach it too.
    <TableContainer tabIndex={0}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} scope="col" align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align={columns[i]?.align}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
