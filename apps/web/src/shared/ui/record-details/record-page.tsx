/**
 * The frame of one record's page: a button back to its list (with the search and filters the
 * list had, passed in the location's state), then the record; while it loads, a skeleton; when it
 * cannot be shown, why: gone (404, or 400 for an id that cannot be one) with a link back, or any
 * other failure with Retry.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ApiQueryError } from '../../api/base-api';

export interface RecordPageProps<Row extends { _id: string }> {
  id: string;
  listPath: string;
  /** The list's title, on the button back to it. */
  listTitle: string;
  /** The record in a sentence, lower case: "Enrolment not found", "Loading the enrolment". */
  noun: string;
  /** What the record's RTK Query hook returns. */
  query: { data?: Row | undefined; error?: unknown; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** The record, once it is the one the address names; `backTo` is the list as it was left. */
  children: (record: Row, backTo: string) => ReactNode;
}

export function RecordPage<Row extends { _id: string }>({
  id,
  listPath,
  listTitle,
  noun,
  query,
  children,
}: RecordPageProps<Row>) {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const backTo = `${listPath}${listSearch}`;
  const { data, error, isError, isFetching, refetch } = query;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  let body: ReactNode;
  if (data && data._id === id) body = children(data, backTo);
  else if (isError) {
    const failure = error as Partial<ApiQueryError>;
    body =
      failure.status === 404 || failure.status === 400 ? (
        <Alert severity="warning">
          <AlertTitle component="h1">{Noun} not found</AlertTitle>
          It may have been deleted.{' '}
          <Link component={RouterLink} to={backTo}>
            Back to the list
          </Link>
        </Alert>
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          }
        >
          <AlertTitle component="h1">The {noun} could not be loaded</AlertTitle>
          {failure.message || 'Something went wrong'}
        </Alert>
      );
  } else
    body = (
      <Box role="status" aria-label={`Loading the ${noun}`}>
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        {listTitle}
      </Button>
      {body}
    </Box>
  );
}
