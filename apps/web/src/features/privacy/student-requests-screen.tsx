/**
 * Data requests (route '/student-requests'): what students asked for from their own page — a copy
 * of their data or its erasure — with the state of each. Staff act on the enrolment (export or
 * erase there) and mark the request handled here; an erasure marks its request handled itself.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  STUDENT_REQUEST_STATE_LABELS,
  type StudentRequest,
  type StudentRequestKind,
} from '@registrar/contract/student-page';
import { formatDateTime } from '../../shared/lib/format-date';
import { useGetStudentRequestsQuery, useMarkStudentRequestDoneMutation } from './api/privacy-api';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { listRowSx } from '../../shared/ui/list-row';

const KIND_LABELS: Record<StudentRequestKind, string> = {
  export: 'Copy of their data',
  erasure: 'Erasure of their data',
};

function RequestRow({ request }: { request: StudentRequest }) {
  const [markDone, { isLoading }] = useMarkStudentRequestDoneMutation();
  return (
    <Box component="li" sx={listRowSx}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{KIND_LABELS[request.kind]}</Typography>
        <Typography variant="body2" color="text.secondary">
          {request.enrollmentId ? (
            <Link component={RouterLink} to={`/student-enrollments/${request.enrollmentId}`}>
              {request.enrollmentNumber}
            </Link>
          ) : (
            request.enrollmentNumber
          )}{' '}
          · asked <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          {request.handledAt && ` · handled ${formatDateTime(request.handledAt)}`}
          {request.handledBy && ` by ${request.handledBy.name}`}
        </Typography>
      </Box>
      <Chip
        size="small"
        label={STUDENT_REQUEST_STATE_LABELS[request.state]}
        color={request.state === 'done' ? 'success' : 'default'}
        variant="outlined"
      />
      {request.state === 'open' && (
        <Button
          size="small"
          loading={isLoading}
          onClick={() => void markDone(request._id)}
          aria-label={`Mark the request of ${request.enrollmentNumber} handled`}
        >
          Mark handled
        </Button>
      )}
    </Box>
  );
}

export function StudentRequestsScreen() {
  const { data, isLoading, isError, refetch } = useGetStudentRequestsQuery();
  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Data requests
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Students ask from their own page for a copy of their data or for its erasure. Export or erase on the enrolment,
        then mark the request handled.
      </Typography>
      <Paper sx={{ p: 2 }}>
        {isLoading ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden="true" /> Loading requests…
          </Box>
        ) : isError ? (
          <RetryAlert onRetry={refetch}>The requests could not be loaded.</RetryAlert>
        ) : !data?.length ? (
          <Typography color="text.secondary">No requests yet.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.map((r) => (
              <RequestRow key={r._id} request={r} />
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
