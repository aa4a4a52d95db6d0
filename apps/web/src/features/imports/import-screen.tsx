/**
 * Import (route '/import', admins): move an institute's existing students, their past payments
 * and old inquiries in from a spreadsheet. The file is always checked first (nothing written);
 * the file's own columns are mapped (proposed, or kept from last time); a check with rows in error
 * offers to import the good rows now and gives the bad ones back in their own file; the import
 * asks before writing and shows how far it has got. Below the form, the log of every check and import.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportColumns, ImportMapping } from '@registrar/contract/import-mapping';
import { IMPORT_DATE_FORMATS, type ImportKind, type ImportResult } from '@registrar/contract/imports';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import {
  errorsHref,
  templateHref,
  useGetImportProgressQuery,
  useReadImportColumnsMutation,
  useSendImportMutation,
} from './api/imports-api';
import { ColumnMapping, FIELD_LABELS } from './column-mapping';
import { ImportLog } from './import-log';

export const KIND_LABELS: Record<ImportKind, string> = {
  enrollments: 'Students and their enrolments',
  payments: 'Past payments',
  inquiries: 'Inquiries',
};

const KIND_HELP: Record<ImportKind, string> = {
  enrollments:
    'One row per enrolment. A row whose id (externalId), or email and course, is already here is skipped, so the same file can be run again.',
  payments:
    'Import the enrolments first. Each payment keeps your receipt number; Registrar’s own receipt numbers carry on from where they are.',
  inquiries: 'Courses of interest separated by “;”. A row with the same email and day as one already here is skipped.',
};

const FIRST_ERRORS = 20;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The result of a check or an import; rows in error in red, with their own file to fix and import. */
function Report({ result, onImportGood }: { result: ImportResult; onImportGood?: (() => void) | undefined }) {
  const errors = result.errors;
  const badRows = new Set(errors.map((e) => e.row)).size;
  const counts = `${plural(result.rows, 'row', 'rows')}: ${result.created} to create, ${result.skipped} already here`;
  if (!errors.length)
    return (
      <Alert severity={result.dryRun ? 'info' : 'success'}>
        {result.dryRun
          ? `Checked, nothing written. ${counts}.`
          : `Imported: ${result.created} created, ${result.skipped} already here and skipped.`}
      </Alert>
    );
  return (
    <Alert severity="error">
      <Typography sx={{ fontWeight: 600 }}>
        {result.dryRun
          ? `${plural(badRows, 'row is', 'rows are')} in error (${plural(errors.length, 'problem', 'problems')}); ${plural(result.created, 'good row', 'good rows')} can be imported now. Nothing was written.`
          : result.created + result.skipped > 0
            ? `Imported ${plural(result.created, 'good row', 'good rows')} (${result.skipped} already here). ${plural(badRows, 'row', 'rows')} in error ${badRows === 1 ? 'was' : 'were'} not imported.`
            : `${plural(badRows, 'row', 'rows')} in error: nothing was imported.`}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {errors.slice(0, FIRST_ERRORS).map((e) => (
          <li key={`${e.row}-${e.field}`}>
            Row {e.row}, {FIELD_LABELS[e.field] ?? e.field}: {e.message}
          </li>
        ))}
      </Box>
      {errors.length > FIRST_ERRORS && <Typography>…and {errors.length - FIRST_ERRORS} more.</Typography>}
      {result.dryRun && result.created > 0 && onImportGood && (
        <Button variant="contained" color="primary" sx={{ my: 1 }} onClick={onImportGood}>
          Import the {plural(result.created, 'good row', 'good rows')} now
        </Button>
      )}
      <Typography>
        <Link href={errorsHref(result._id)} download>
          Download the {plural(badRows, 'row', 'rows')} in error
        </Link>{' '}
        (only those rows, with an “error” column): fix them there and import that file; it adds only them.
      </Typography>
    </Alert>
  );
}

function Progress({ running }: { running: boolean }) {
  const { data } = useGetImportProgressQuery(undefined, { pollingInterval: running ? 1000 : 0, skip: !running });
  if (!running) return null;
  const value = data && data.total > 0 ? (100 * data.done) / data.total : undefined;
  return (
    <Box>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value ?? 0}
        aria-label="Import progress"
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {data && data.total > 0 ? `${data.done} of ${data.total} rows written…` : 'Checking every row…'}
      </Typography>
    </Box>
  );
}

export function ImportScreen() {
  const ids = useId();
  const [kind, setKind] = useState<ImportKind>('enrollments');
  const [dateFormat, setDateFormat] = useState<string>(IMPORT_DATE_FORMATS[0]);
  const [sendLinks, setSendLinks] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<ImportColumns | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [outcome, setOutcome] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [send, { isLoading }] = useSendImportMutation();
  const [readColumns, { isLoading: reading }] = useReadImportColumnsMutation();

  // Any change of what would be imported needs a new check.
  useEffect(() => {
    setChecked(null);
    setOutcome(null);
    setFailure(null);
  }, [kind, dateFormat, file, mapping]);

  // A new file (or kind) is read for its header: the kept mapping, or a proposal.
  useEffect(() => {
    setColumns(null);
    setMapping({});
    if (!file) return;
    let current = true;
    readColumns({ kind, file })
      .unwrap()
      .then((answer) => {
        if (!current) return;
        setColumns(answer);
        setMapping(answer.mapping);
      })
      .catch((err: unknown) => {
        if (current) setFailure((err as { message?: string }).message ?? 'The file could not be read.');
      });
    return () => {
      current = false;
    };
  }, [kind, file, readColumns]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    // Each check replaces the last result on screen.
    setOutcome(null);
    if (dryRun) setChecked(null);
    try {
      const answer = await send({
        kind,
        dryRun,
        dateFormat,
        sendLinks: kind === 'enrollments' && sendLinks,
        file,
        mapping: columns ? mapping : undefined,
        goodRowsOnly: !dryRun,
      }).unwrap();
      if (dryRun) setChecked(answer.data);
      else {
        setOutcome(answer.data);
        setChecked(null);
      }
    } catch (err) {
      setFailure((err as { message?: string }).message ?? 'The file could not be imported.');
    }
  };

  const good = checked?.created ?? 0;
  const ready = checked !== null && good > 0;
  const bad = new Set(checked?.errors.map((e) => e.row) ?? []).size;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Import
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Bring in the students, past payments and inquiries you already have, from a CSV or Excel (.xlsx) file with your
        own columns. Every row is checked before anything is written, and nobody is emailed unless you ask.
      </Typography>
      <Paper sx={{ p: 2, mb: 3 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              label="The file holds"
              value={kind}
              onChange={(e) => setKind(e.target.value as ImportKind)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText={KIND_HELP[kind]}
              sx={{ flex: 2 }}
            >
              {(Object.keys(KIND_LABELS) as ImportKind[]).map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label="Dates are written"
              value={dateFormat}
              onChange={(e) => setDateFormat(e.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText="As in the file: 07/12/2026 is 7 December with dd/mm/yyyy."
              sx={{ flex: 1 }}
            >
              {IMPORT_DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </TextField>
          </Stack>
          <Typography variant="body2">
            <Link href={templateHref(kind)} download>
              Download the template for {KIND_LABELS[kind].toLowerCase()}
            </Link>
          </Typography>
          <Box>
            <Button variant="outlined" component="label" htmlFor={`${ids}-file`}>
              Choose a file
            </Button>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
            />
            <Typography component="span" sx={{ ml: 1.5 }} aria-live="polite">
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Box>
          {reading && <LinearProgress aria-label="Reading the file’s columns" />}
          {columns && (
            <ColumnMapping key={columns.header.join('|')} columns={columns} mapping={mapping} onChange={setMapping} />
          )}
          {kind === 'enrollments' && (
            <FormControlLabel
              control={<Checkbox checked={sendLinks} onChange={(e) => setSendLinks(e.target.checked)} />}
              label="Send each student their page link (an email to every new enrolment)"
            />
          )}
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={!file || isLoading || reading} onClick={() => void run(true)}>
              Check the file
            </Button>
            {ready && bad === 0 && (
              <Button variant="contained" color="success" disabled={isLoading} onClick={() => setConfirming(true)}>
                Import
              </Button>
            )}
          </Stack>
          <Progress running={isLoading} />
          {failure && <Alert severity="error">{failure}</Alert>}
          {checked && <Report result={checked} onImportGood={() => setConfirming(true)} />}
          {outcome && <Report result={outcome} />}
        </Stack>
      </Paper>
      <ImportLog />
      <ConfirmDialog
        open={confirming}
        title={
          bad ? `Import the ${plural(good, 'good row', 'good rows')} now?` : `Import ${plural(good, 'row', 'rows')}?`
        }
        description={[
          bad
            ? `The ${plural(bad, 'row', 'rows')} in error will not be imported; fix them in their file and import it later.`
            : '',
          kind === 'enrollments' && sendLinks
            ? `Each of the ${good} new students will be emailed the link to their page.`
            : 'Nobody will be emailed. Rows already here are skipped.',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel="Import"
        onConfirm={() => {
          setConfirming(false);
          void run(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
