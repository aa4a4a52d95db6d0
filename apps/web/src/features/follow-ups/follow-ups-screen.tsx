/**
 * My follow-ups (`/follow-ups`): the signed-in counsellor's overdue, today's and upcoming calls,
 * each opening its inquiry or logging a contact on the spot. Admins choose whose list they see.
 */
import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { whatsAppLink, whatsAppMessage, type FollowUpItem } from '@registrar/contract/follow-ups';
import type { ContactChannel } from '@registrar/contract/inquiry-contact';
import { INQUIRY_STATUS_LABELS } from '@registrar/contract/inquiry-admin';
import { formatDateTime } from '../../shared/lib/format-date';
import { INQUIRIES_PATH } from '../../shared/lib/paths';
import { useGetFollowUpsQuery } from './api/follow-ups-api';
import { ContactDialog, type ContactTarget } from './contact-dialog';

const inquiryPath = (id: string) => `${INQUIRIES_PATH}/${encodeURIComponent(id)}`;

function FollowUpList({
  title,
  items,
  empty,
  tone,
  onContact,
}: {
  title: string;
  items: FollowUpItem[];
  empty: string;
  tone?: 'error';
  onContact: (target: ContactTarget, channel?: ContactChannel) => void;
}) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" color={tone === 'error' && items.length ? 'error' : undefined}>
        {title} ({items.length})
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item._id}
              sx={{
                py: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                display: 'flex',
                gap: 1,
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={inquiryPath(item._id)}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {item.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  Due {formatDateTime(item.nextFollowUpAt)} · {INQUIRY_STATUS_LABELS[item.status]}
                  {item.areaOfInterest.length ? ` · ${item.areaOfInterest.join(', ')}` : ''}
                </Typography>
                {item.phoneNumber && (
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {item.phoneNumber}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {item.lastContactAt ? `Last contact ${formatDateTime(item.lastContactAt)}` : 'Not contacted yet'}
                  {item.lastNote ? `: “${item.lastNote}”` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {item.phoneNumber && (
                  <Button
                    size="small"
                    variant="outlined"
                    href={`tel:${item.phoneNumber}`}
                    // The phone app takes the call; the dialog asks what came of it, so no call goes unlogged.
                    onClick={() => onContact({ _id: item._id, name: item.name, status: item.status }, 'call')}
                    aria-label={`Call ${item.name}`}
                  >
                    Call
                  </Button>
                )}
                {item.phoneNumber && (
                  <Button
                    size="small"
                    variant="outlined"
                    href={whatsAppLink(
                      item.phoneNumber,
                      whatsAppMessage(item.name, item.areaOfInterest[0] ?? 'our courses'),
                    )}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => onContact({ _id: item._id, name: item.name, status: item.status }, 'whatsapp')}
                    aria-label={`WhatsApp ${item.name}`}
                  >
                    WhatsApp
                  </Button>
                )}
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => onContact({ _id: item._id, name: item.name, status: item.status })}
                  aria-label={`Log call with ${item.name}`}
                >
                  Log call
                </Button>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function FollowUpsScreen({ canAssign }: { canAssign: boolean }) {
  const [params, setParams] = useSearchParams();
  const ownerId = (canAssign && params.get('owner')) || undefined;
  const { data, isLoading, isError, refetch, isFetching } = useGetFollowUpsQuery(ownerId);
  const [contact, setContact] = useState<{
    key: number;
    target: ContactTarget | null;
    channel?: ContactChannel | undefined;
  }>({
    key: 0,
    target: null,
  });
  const openContact = (target: ContactTarget, channel?: ContactChannel) =>
    setContact((c) => ({ key: c.key + 1, target, channel }));

  return (
    <Box className="shell-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
          {data && ownerId ? `Follow-ups of ${data.owner.name}` : 'My follow-ups'}
        </Typography>
        {canAssign && data && (
          <TextField
            select
            size="small"
            label="Whose follow-ups"
            value={ownerId ?? ''}
            onChange={(event) => setParams(event.target.value ? { owner: event.target.value } : {})}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Mine</MenuItem>
            {data.owners.map((o) => (
              <MenuItem key={o._id} value={o._id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {isLoading && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>Loading follow-ups…</Typography>
        </Stack>
      )}
      {isError && !data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()} loading={isFetching}>
              Try again
            </Button>
          }
        >
          The follow-ups could not be loaded.
        </Alert>
      )}
      {data && (
        <Stack spacing={3}>
          <FollowUpList
            title="Overdue"
            items={data.overdue}
            empty="Nothing overdue."
            tone="error"
            onContact={openContact}
          />
          <FollowUpList title="Today" items={data.today} empty="Nothing due today." onContact={openContact} />
          <FollowUpList
            title="Upcoming"
            items={data.upcoming}
            empty="Nothing planned yet: set a next follow-up when you log a contact."
            onContact={openContact}
          />
        </Stack>
      )}
      {contact.target && (
        <ContactDialog
          key={contact.key}
          open
          inquiry={contact.target}
          channel={contact.channel}
          onClose={() => setContact((c) => ({ ...c, target: null }))}
        />
      )}
    </Box>
  );
}
