/** The import log: every check and import, who ran it, which file (and its SHA-256), what came of it. */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ImportLogEntry } from '@registrar/contract/imports';
import { formatDateTime } from '../../shared/lib/format-date';
import { errorsHref, useGetImportLogQuery } from './api/imports-api';
import { RetryAlert } from '../../shared/ui/retry-alert';

const KIND_NAMES = { enrollments: 'enrolments', payments: 'payments', inquiries: 'inquiries' } as const;

function LogLine({ entry }: { entry: ImportLogEntry }) {
  const wrote = entry.created + entry.skipped > 0;
  const what = entry.dryRun ? 'Checked' : entry.errorCount && !wrote ? 'Refused' : 'Imported';
  const problems = entry.errorCount
    ? `, ${entry.errorCount} ${entry.errorCount === 1 ? 'problem' : 'problems'} in rows left out`
    : '';
  const counts = `${entry.rows} rows: ${entry.created} ${entry.dryRun ? 'to create' : 'created'}, ${entry.skipped} already here${problems}`;
  return (
    <Box component="li" sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {what} {KIND_NAMES[entry.kind]} · {entry.fileName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.by ? ` by ${entry.by.name}` : ''} · {counts} ·{' '}
        <span title={`SHA-256 ${entry.sha256}`}>SHA-256 {entry.sha256.slice(0, 12)}…</span>
        {entry.errorCount > 0 && (
          <>
            {' · '}
            <Link href={errorsHref(entry._id)} download>
              rows in error
            </Link>
          </>
        )}
      </Typography>
    </Box>
  );
}

export function ImportLog() {
  const { data, isLoading, isError, refetch } = useGetImportLogQuery();
  return (
    <section aria-labelledby="import-log-heading">
      <Typography id="import-log-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Import log
      </Typography>
      <Paper sx={{ p: 2 }}>
        {isLoading ? (
          <CircularProgress size={24} aria-label="Loading the import log" />
        ) : isError ? (
          <RetryAlert onRetry={refetch}>The import log could not be loaded.</RetryAlert>
        ) : !data?.length ? (
          <Typography color="text.secondary">No file has been checked or imported yet.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.map((entry) => (
              <LogLine key={entry._id} entry={entry} />
            ))}
          </Box>
        )}
      </Paper>
    </section>
  );
}
