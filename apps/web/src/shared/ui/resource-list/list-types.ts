/** Types the list's parts share, apart from the list itself so none of them imports it back. */
import type { ComponentType, ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Page } from '@registrar/contract/envelope';

/** What an RTK Query `use…Query` hook returns, as far as the list needs it. */
export interface ListQueryResult<Row> {
  data?: Page<Row> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** What the list passes to the query hook: the URL's page, limit, search and filter values. */
export interface ListQueryArgs {
  page: number;
  limit: number;
  search?: string;
}

/**
 * What a list screen lists, declared once beside the screen as react-admin declares a resource:
 * the noun its messages use ("No courses match"), the query hook that pages it, and its search.
 */
export interface ListResource<Row, Args extends ListQueryArgs> {
  /** Singular and plural of one row. */
  noun: { one: string; other: string };
  useQuery: (args: Args) => ListQueryResult<Row>;
  /** The search box's label; "Search {noun.other}" unless said. */
  searchLabel?: string;
  /** Says what the search looks at, e.g. "By course name". */
  searchHint?: string;
}

/** A DataGrid column that can step aside on small screens. */
export type ResourceColumn<Row extends { _id: string }> = GridColDef<Row> & { hideBelow?: 'sm' | 'md' };

/** What the list says when it has no rows and no search or filter is set. */
export interface ListEmptyState {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** What a bulk action answers: how many rows it did, and each row it did not with why. */
export interface BulkOutcome {
  done: number;
  skipped: readonly { id: string; reason: string }[];
}

/** The values an action's own fields hold (a title and message, a note, an owner). */
export type BulkValues = Record<string, string>;

interface BulkActionBase {
  key: string;
  /** The button: "Send reminders". */
  label: string;
  icon?: ReactNode;
  /** The outcome's verb: "5 sent". */
  doneLabel: string;
}

/**
 * An action on the selected rows. The list asks first with the count ("Send reminders to 7
 * students?"), shows the action's fields in that question, then reports what it did and why
 * each other row was skipped.
 */
export interface BulkQuestionAction extends BulkActionBase {
  question: (count: number) => string;
  /** The confirm button: "Send". */
  confirmLabel: string;
  destructive?: boolean;
  fields?: (values: BulkValues, set: (name: string, value: string) => void) => ReactNode;
  /** Whether the fields are filled in enough to run. */
  ready?: (values: BulkValues) => boolean;
  run: (ids: string[], values: BulkValues) => Promise<BulkOutcome>;
  dialog?: undefined;
}

/** An action with its own dialog in place of the question (a preview to confirm) that runs it. */
export interface BulkDialogAction extends BulkActionBase {
  dialog: ComponentType<BulkDialogProps>;
}

export type BulkAction = BulkQuestionAction | BulkDialogAction;

/** What an action's own dialog is given: the rows, their names, and where to hand its outcome. */
export interface BulkDialogProps {
  ids: string[];
  names: ReadonlyMap<string, string>;
  onClose: () => void;
  onDone: (outcome: BulkOutcome) => void;
}

/** Row selection on a list: a checkbox per row naming it, select all on the page, the actions. */
export interface ListSelection<Row> {
  /** The row's name in its checkbox's label ("Select Asha Verma") and in the outcome's skips. */
  rowLabel: (row: Row) => string;
  /** Only the actions the role may take; with none the list has no selection at all. */
  actions: readonly BulkAction[];
}
