/**
 * The announcements of one enrolment, for its detail page: each with its
 * delivery state (queued, sending, sent, failed), attempts and the last error, "Resend" and
 * "Delete" (after confirmation), and "Announce" to write a new one. While a mail is still on its
 * way the enrolment is read again every few seconds, so the state moves on by itself.
 *
 *   <AnnouncementsPanel enrollment={detail} />
 */
import { useEffect, useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import type { Announcement } from '@registrar/contract/announcement';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { baseApi, type ApiQueryError } from '../../shared/api/base-api';
import { formatDateTime } from '../../shared/lib/format-date';
import { ConfirmDeleteDialog, useRowConfirm } from '../../shared/ui/resource-list/row-actions';
import { toneText } from '../../shared/ui/tones';
import { useDeleteAnnouncementMutation, useResendAnnouncementMutation } from './api/announcements-api';
import { AnnounceDialog } from './announce-dialog';
import { DeliveryChip } from './delivery-chip';

/** How often the enrolment is read again while a mail is queued or being sent. */
export const DELIVERY_POLL_MS = 3000;

const attemptsText = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

function AnnouncementItem({
  announcement: a,
  busy,
  onResend,
  onDelete,
}: {
  announcement: Announcement;
  busy: boolean;
  onResend: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const pending = a.delivery === 'queued' || a.delivery === 'sending';
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {a.title}
          </Typography>
          <DeliveryChip state={a.delivery} />
        </Stack>
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            my: 0.5,
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {a.message}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {a.bulk ? 'Bulk announcement' : 'To this student'} · written{' '}
          <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
          {a.createdBy ? ` by ${a.createdBy.name}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {a.delivery === 'sent' && a.sentAt ? (
            <>
              Delivered <time dateTime={a.sentAt}>{formatDateTime(a.sentAt)}</time> · {attemptsText(a.attempts)}
            </>
          ) : (
            attemptsText(a.attempts)
          )}
        </Typography>
        {a.lastError && (
          <Typography variant="body2" sx={{ color: toneText.error, overflowWrap: 'anywhere' }}>
            Last error: {a.lastError}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Button size="small" onClick={onResend} disabled={busy || pending} aria-label={`Resend “${a.title}”`}>
          Resend
        </Button>
        <Button size="small" color="error" onClick={onDelete} disabled={busy} aria-label={`Delete “${a.title}”`}>
          Delete
        </Button>
      </Stack>
    </Box>
  );
}

export function AnnouncementsPanel({ enrollment }: { enrollment: EnrollmentDetail }) {
  const titleId = useId();
  const announcements = [...enrollment.announcements].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const pending = announcements.some((a) => a.delivery === 'queued' || a.delivery === 'sending');
  // While something is on its way, the page holding this panel refetches the enrolment (and with it
  // the delivery states) every DELIVERY_POLL_MS; the panel knows only the cache tag, not that screen.
  const dispatch = useDispatch();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () => dispatch(baseApi.util.invalidateTags([{ type: 'Enrollment', id: enrollment._id }])),
      DELIVERY_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [dispatch, pending, enrollment._id]);

  const [writing, setWriting] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [resendFailure, setResendFailure] = useState<string | null>(null);
  const [resend, { isLoading: resending, originalArgs: resendArgs }] = useResendAnnouncementMutation();
  const [remove, { isLoading: removing }] = useDeleteAnnouncementMutation();

  const doResend = async (a: Announcement) => {
    setResendFailure(null);
    try {
      await resend({ enrollmentId: enrollment._id, announcementId: a._id }).unwrap();
    } catch (err) {
      setResendFailure((err as Partial<ApiQueryError>).message || 'The announcement could not be sent again.');
    }
  };

  const deleting = useRowConfirm(
    (a: Announcement) => remove({ enrollmentId: enrollment._id, announcementId: a._id }).unwrap(),
    'The announcement could not be deleted.',
  );

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          Announcements
        </Typography>
        <Button
          variant="outlined"
          startIcon={<CampaignOutlinedIcon />}
          onClick={() => setWriting((s) => ({ key: s.key + 1, open: true }))}
        >
          Announce
        </Button>
      </Stack>
      {resendFailure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setResendFailure(null)}>
          {resendFailure}
        </Alert>
      )}
      {announcements.length === 0 ? (
        <Typography color="text.secondary">
          No announcements yet. Announce batch timings, holidays or exam dates to this student by email.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Announcements, newest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {announcements.map((a) => (
            <AnnouncementItem
              key={a._id}
              announcement={a}
              busy={resending && resendArgs?.announcementId === a._id}
              onResend={() => void doResend(a)}
              onDelete={() => deleting.ask(a)}
            />
          ))}
        </Box>
      )}

      <AnnounceDialog
        key={writing.key}
        open={writing.open}
        enrollment={enrollment}
        onClose={() => setWriting((s) => ({ ...s, open: false }))}
      />
      <ConfirmDeleteDialog
        {...deleting.dialog}
        title={`Delete the announcement “${deleting.target?.title ?? ''}”?`}
        description={
          deleting.target?.delivery === 'sent'
            ? 'It was already emailed; deleting removes it from this list only.'
            : 'Its email will not be sent. This cannot be undone.'
        }
        busy={removing}
      />
    </Paper>
  );
}
