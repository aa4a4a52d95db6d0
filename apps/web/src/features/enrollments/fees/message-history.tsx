/**
 * What the student was told of their money, newest first: one line per event (a payment, a failed
 * online payment, a claim decided, a refund) with where its delivery stands.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGE_CHANNEL_LABELS } from '@registrar/contract/message-channels';
import {
  STUDENT_MESSAGE_KIND_LABELS,
  STUDENT_MESSAGE_STATE_LABELS,
  type StudentMessage,
} from '@registrar/contract/student-messages';
import { formatDateTime } from '../../../shared/lib/format-date';
import { useGetEnrollmentMessagesQuery } from './api/fees-api';

// The filled info chip's white text is below the contrast minimum; a message on its way reads as default.
const CHIP_COLOURS: Record<StudentMessage['state'], 'default' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'default',
  sent: 'success',
  failed: 'error',
  delivered: 'success',
  read: 'success',
};

export function MessageHistory({ enrollmentId }: { enrollmentId: string }) {
  const { data, isError, refetch } = useGetEnrollmentMessagesQuery(enrollmentId);
  if (isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        The messages could not be loaded.
      </Alert>
    );
  if (!data) return <Typography color="text.secondary">Loading messages…</Typography>;
  if (!data.length)
    return <Typography color="text.secondary">The student has not been told of any payment yet.</Typography>;
  return (
    <Box component="ul" aria-label="Messages to the student, newest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((m) => (
        <Box component="li" key={m._id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip label={STUDENT_MESSAGE_STATE_LABELS[m.state]} size="small" color={CHIP_COLOURS[m.state]} />
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {STUDENT_MESSAGE_KIND_LABELS[m.kind]}
            </Typography>
            <Typography component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {m.summary}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            By {MESSAGE_CHANNEL_LABELS[m.channel].replace('Mail', 'mail')} · written{' '}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            {m.sentAt && (
              <>
                {' '}
                · sent <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
              </>
            )}
          </Typography>
          {m.deliveries.length > 1 && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Tried:{' '}
              {m.deliveries
                .map(
                  (d) =>
                    `${MESSAGE_CHANNEL_LABELS[d.channel]} ${STUDENT_MESSAGE_STATE_LABELS[d.state].toLowerCase()}` +
                    (d.state === 'failed' && d.error ? ` (${d.error})` : ''),
                )
                .join(' → ')}
            </Typography>
          )}
          {m.state === 'failed' && m.lastError && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              Not delivered after {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}: {m.lastError}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
