/**
 * One record's own history, for its detail page:
 *
 *   <RecordHistory entityId={enrollment._id} />
 *
 * The latest entries of `GET /api/audit?entityId=…` (who did what, when, to which fields), and a
 * link to the Audit screen narrowed to this record for the rest.
 */
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetAuditQuery } from './api/audit-api';
import { actorLabel, entityLabel, fieldsLabel, formatWhen, outcomeLabel } from './labels';
import { RetryAlert } from '../../shared/ui/retry-alert';

export const HISTORY_LIMIT = 10;

export interface RecordHistoryProps {
  entityId: string;
  title?: string;
  /** The heading level that fits the page (h2 by default). */
  headingLevel?: 'h2' | 'h3';
}

export function RecordHistory({ entityId, title = 'Audit trail', headingLevel = 'h2' }: RecordHistoryProps) {
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const { data, isError, isFetching, refetch } = useGetAuditQuery(
    { page: 1, limit: HISTORY_LIMIT, entityId },
    { refetchOnMountOrArgChange: true, skip: !open },
  );

  let body;
  if (isError) {
    body = (
      // Not an alert: the history is secondary, the page's own messages come first.
      <RetryAlert onRetry={refetch} role="status">
        The history could not be loaded.
      </RetryAlert>
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading the history">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} variant="text" height={32} />
        ))}
      </div>
    );
  } else if (data.items.length === 0) {
    body = <Typography color="text.secondary">Nothing recorded for this record yet.</Typography>;
  } else {
    body = (
      <>
        <ol className="record-history" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-busy={isFetching}>
          {data.items.map((entry) => (
            <li key={entry._id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(127,127,127,0.25)' }}>
              <Typography component="p" variant="body2">
                <strong>{outcomeLabel(entry)}</strong>
                {entry.entity !== 'enrollment' && entry.entity !== 'inquiry'
                  ? ` (${entityLabel(entry.entity)})`
                  : ''}{' '}
                by {actorLabel(entry)}
              </Typography>
              <Typography component="p" variant="body2" color="text.secondary">
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                {entry.ip ? ` · ${entry.ip}` : ''}
                {entry.fields.length ? ` · ${fieldsLabel(entry.fields)}` : ''}
              </Typography>
            </li>
          ))}
        </ol>
        {data.total > data.items.length && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Link component={RouterLink} to={`/audit?${new URLSearchParams({ entityId }).toString()}`}>
              See all {data.total} entries in the audit trail
            </Link>
          </Typography>
        )}
      </>
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 8 }}>
        <Typography id={titleId} component={headingLevel} variant="h6">
          {title}
        </Typography>
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-describedby={titleId}>
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      {open && body}
    </Paper>
  );
}
