/**
 * Row selection for the shared list, declared once (`selection={{ rowLabel, actions }}`): a
 * checkbox column whose boxes name their row, "select all on this page", a bar with the count and
 * the actions, the question with the count before an action runs, and its outcome (done, and each
 * skipped row with why). The selection is the page in view: a new page, search or filter clears it,
 * so an action never reaches rows the user cannot see.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../confirm-dialog';
import type {
  BulkAction,
  BulkDialogProps,
  BulkOutcome,
  BulkQuestionAction,
  BulkValues,
  ListSelection,
  ResourceColumn,
} from './list-types';

export const SELECT_FIELD = '__select';

/** DataGrid moves between cells on Space; in a checkbox Space must tick it. */
const keepSpace = (event: React.KeyboardEvent) => {
  if (event.key === ' ') event.stopPropagation();
};

export interface RowSelection<Row> {
  selected: ReadonlyMap<string, Row>;
  toggle: (row: Row) => void;
  setAll: (checked: boolean) => void;
  clear: () => void;
  allOnPage: boolean;
  someOnPage: boolean;
}

/** The rows ticked on this page; `resetKey` (the page, search and filters) clears them when it changes. */
export function useRowSelection<Row extends { _id: string }>(
  rows: readonly Row[] | undefined,
  resetKey: string,
): RowSelection<Row> {
  const [state, setState] = useState<{ key: string; selected: Map<string, Row> }>({
    key: resetKey,
    selected: new Map(),
  });
  const selected = state.key === resetKey ? state.selected : new Map<string, Row>();
  const update = (next: Map<string, Row>) => setState({ key: resetKey, selected: next });
  const page = rows ?? [];
  const ticked = page.filter((r) => selected.has(r._id)).length;
  return {
    selected,
    toggle: (row) => {
      const next = new Map(selected);
      if (next.has(row._id)) next.delete(row._id);
      else next.set(row._id, row);
      update(next);
    },
    setAll: (checked) => update(checked ? new Map(page.map((r) => [r._id, r])) : new Map()),
    clear: () => update(new Map()),
    allOnPage: page.length > 0 && ticked === page.length,
    someOnPage: ticked > 0 && ticked < page.length,
  };
}

/**
 * The selection reaches the checkboxes through context: the grid keeps its cells between renders,
 * and a context change still reaches them.
 */
const SelectionContext = createContext<RowSelection<{ _id: string }> | null>(null);
export const SelectionProvider = SelectionContext.Provider;

function SelectAllBox({ label }: { label: string }) {
  const selection = useContext(SelectionContext);
  if (!selection) return null;
  return (
    <Checkbox
      size="small"
      checked={selection.allOnPage}
      indeterminate={selection.someOnPage}
      onChange={(event) => selection.setAll(event.target.checked)}
      onKeyDown={keepSpace}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

function RowBox({ row, label }: { row: { _id: string }; label: string }) {
  const selection = useContext(SelectionContext);
  if (!selection) return null;
  return (
    <Checkbox
      size="small"
      checked={selection.selected.has(row._id)}
      onChange={() => selection.toggle(row)}
      onKeyDown={keepSpace}
      slotProps={{ input: { 'aria-label': `Select ${label}` } }}
      sx={{ ml: -1 }}
    />
  );
}

/** The checkbox column, first in the grid and in each stacked row (inside a `SelectionProvider`). */
export function selectColumn<Row extends { _id: string }>(rowLabel: (row: Row) => string): ResourceColumn<Row> {
  return {
    field: SELECT_FIELD,
    headerName: 'Select',
    width: 56,
    minWidth: 56,
    maxWidth: 56,
    resizable: false,
    renderHeader: () => <SelectAllBox label="Select all on this page" />,
    renderCell: ({ row }) => <RowBox row={row} label={rowLabel(row)} />,
  };
}

function outcomeText(action: BulkAction, outcome: BulkOutcome): string {
  const skipped = outcome.skipped.length;
  return `${outcome.done} ${action.doneLabel}${skipped ? `, ${skipped} skipped` : ''}`;
}

/** What the last action did; the rows it skipped by name, each with why. */
function OutcomeReport({
  action,
  outcome,
  names,
  onClose,
}: {
  action: BulkAction;
  outcome: BulkOutcome;
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  return (
    <Alert severity={outcome.skipped.length ? 'warning' : 'success'} onClose={onClose} sx={{ m: 2, mb: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {action.label}: {outcomeText(action, outcome)}
      </Typography>
      {outcome.skipped.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {outcome.skipped.map((s) => (
            <li key={s.id}>
              <Typography variant="body2" component="span">
                {names.get(s.id) ?? s.id}: {s.reason}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** The action's own dialog, or the question with the count (and its fields); hands the outcome back. */
function BulkDialog({ action, ...props }: BulkDialogProps & { action: BulkAction }) {
  if (action.dialog) return <action.dialog {...props} />;
  return <BulkQuestion action={action} {...props} />;
}

/** Asks with the count (and the action's fields), runs it, hands the outcome back. */
function BulkQuestion({ action, ids, onClose, onDone }: BulkDialogProps & { action: BulkQuestionAction }) {
  const [values, setValues] = useState<BulkValues>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = action.ready?.(values) ?? true;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await action.run(ids, values));
    } catch (err) {
      setError((err as { message?: string } | undefined)?.message || `${action.label} failed.`);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={action.question(ids.length)}
      description={action.fields?.(values, (name, value) => setValues((v) => ({ ...v, [name]: value })))}
      confirmLabel={action.confirmLabel}
      destructive={action.destructive}
      busy={busy}
      error={error}
      confirmDisabled={!ready}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

/**
 * The bar over the rows: on a phone "select all on this page" (the stacked rows have no header),
 * and once rows are ticked their count, the actions and "Clear selection"; the last outcome below.
 */
export function SelectionBar<Row extends { _id: string }>({
  selection,
  config,
  phone,
}: {
  selection: RowSelection<Row>;
  config: ListSelection<Row>;
  phone: boolean;
}) {
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [report, setReport] = useState<{ action: BulkAction; outcome: BulkOutcome; names: Map<string, string> } | null>(
    null,
  );
  const count = selection.selected.size;
  const names = useMemo(
    () => new Map([...selection.selected.values()].map((row) => [row._id, config.rowLabel(row)])),
    [selection.selected, config],
  );
  let bar: ReactNode = null;
  if (phone || count > 0)
    bar = (
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap', bgcolor: count ? 'action.selected' : undefined }}
      >
        {phone && (
          <FormControlLabel
            sx={{ mr: 1 }}
            control={<SelectAllBox label="Select all on this page" />}
            label={<Typography variant="body2">All on this page</Typography>}
          />
        )}
        <Typography variant="body2" role="status" sx={{ fontWeight: 600, mr: 1 }}>
          {count ? `${count} selected` : ''}
        </Typography>
        {count > 0 &&
          config.actions.map((action) => (
            <Button
              key={action.key}
              size="small"
              variant="outlined"
              startIcon={action.icon}
              onClick={() => setAsking(action)}
            >
              {action.label}
            </Button>
          ))}
        {count > 0 && (
          <Button size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        )}
      </Stack>
    );
  return (
    <>
      {report && (
        <OutcomeReport
          action={report.action}
          outcome={report.outcome}
          names={report.names}
          onClose={() => setReport(null)}
        />
      )}
      {bar}
      {asking && (
        <BulkDialog
          key={asking.key}
          action={asking}
          ids={[...selection.selected.keys()]}
          names={names}
          onClose={() => setAsking(null)}
          onDone={(outcome) => {
            setReport({ action: asking, outcome, names });
            setAsking(null);
            selection.clear();
          }}
        />
      )}
    </>
  );
}
