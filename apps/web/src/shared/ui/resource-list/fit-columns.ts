/**
 * Columns that fit their box: when the visible columns' minimum widths add up to more than the
 * box is wide (a console with its side menu at 1366 px), each minimum shrinks in proportion —
 * the Actions column's excepted, its buttons need their room — so no column is cut off and the
 * table never scrolls sideways; cells wrap or end in an ellipsis instead.
 */
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';

/** The grid's own default minimum width and its narrowest sensible column. */
const DEFAULT_MIN = 50;
const NARROWEST = 64;
const SLACK = 18;

/** The width of `ref`'s element, kept up to date. */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function fitColumns<Row extends object>(
  columns: GridColDef<Row>[],
  visibility: GridColumnVisibilityModel,
  width: number,
): GridColDef<Row>[] {
  if (!width) return columns;
  const shown = columns.filter((c) => visibility[c.field] !== false);
  const minOf = (c: GridColDef<Row>) => c.minWidth ?? DEFAULT_MIN;
  // A column of one fixed width (the selection's checkboxes) keeps it, as Actions does.
  const isFixed = (c: GridColDef<Row>) =>
    c.type === 'actions' || (c.maxWidth !== undefined && c.maxWidth === c.minWidth);
  const fixed = shown.filter(isFixed).reduce((s, c) => s + minOf(c), 0);
  const flexible = shown.filter((c) => !isFixed(c)).reduce((s, c) => s + minOf(c), 0);
  // The grid's borders and, should rows overflow its height, a vertical scrollbar's width.
  const room = width - SLACK - fixed;
  if (flexible <= room) return columns;
  const scale = room / flexible;
  return columns.map((c) => (isFixed(c) ? c : { ...c, minWidth: Math.max(NARROWEST, Math.floor(minOf(c) * scale)) }));
}

export function useFitColumns<Row extends object>(
  columns: GridColDef<Row>[],
  visibility: GridColumnVisibilityModel,
  width: number,
): GridColDef<Row>[] {
  return useMemo(() => fitColumns(columns, visibility, width), [columns, visibility, width]);
}
