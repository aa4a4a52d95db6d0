/**
 * The follow-up part of an inquiry's page: its owner, the next follow-up, call and WhatsApp
 * buttons (each then opens "Log call" prefilled, to confirm what happened), and the contact log.
 * The screen that shows it passes what the signed-in staff member may do.
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { needsNextFollowUp, whatsAppLink, whatsAppMessage } from '@registrar/contract/follow-ups';
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_OUTCOME_LABELS,
  type ContactChannel,
} from '@registrar/contract/inquiry-contact';
import type { InquiryDetail } from '@registrar/contract/inquiry-admin';
import { formatDateTime } from '../../shared/lib/format-date';
import { useGetFollowUpsQuery, useSetInquiryFollowUpMutation } from './api/follow-ups-api';
import { ContactDialog } from './contact-dialog';
import { fromLocalInput, toLocalInput } from './when';

export interface FollowUpPanelProps {
  inquiry: InquiryDetail;
  /** May log contacts and set the next follow-up. */
  canFollowUp: boolean;
  /** May give the inquiry to anyone (admins). */
  canAssign: boolean;
  /** May see phone numbers (the call and WhatsApp buttons need them). */
  canContact: boolean;
  selfId: string | undefined;
}

function OwnerField({ inquiry, canAssign, canFollowUp, selfId }: Omit<FollowUpPanelProps, 'canContact'>) {
  const { data } = useGetFollowUpsQuery(undefined, { skip: !canAssign });
  const [setFollowUp, { isLoading }] = useSetInquiryFollowUpMutation();
  const change = (ownerId: string | null) =>
    void setFollowUp({ id: inquiry._id, change: { ownerId } })
      .unwrap()
      .catch(() => undefined);
  if (canAssign && data)
    return (
      <TextField
        select
        size="small"
        label="Owner"
        value={inquiry.owner?._id ?? ''}
        disabled={isLoading}
        onChange={(event) => change(event.target.value || null)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">Nobody</MenuItem>
        {data.owners.map((o) => (
          <MenuItem key={o._id} value={o._id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography>
        <strong>Owner:</strong> {inquiry.owner?.name ?? 'Nobody'}
      </Typography>
      {canFollowUp && !inquiry.owner && selfId && (
        <Button size="small" variant="outlined" loading={isLoading} onClick={() => change(selfId)}>
          Take it
        </Button>
      )}
    </Stack>
  );
}

function NextFollowUp({ inquiry, canFollowUp }: { inquiry: InquiryDetail; canFollowUp: boolean }) {
  const [value, setValue] = useState(inquiry.nextFollowUpAt ? toLocalInput(new Date(inquiry.nextFollowUpAt)) : '');
  const [error, setError] = useState<string | null>(null);
  const [setFollowUp, { isLoading }] = useSetInquiryFollowUpMutation();
  const open = needsNextFollowUp(inquiry.status);
  if (!canFollowUp || !open)
    return (
      <Typography>
        <strong>Next follow-up:</strong>{' '}
        {inquiry.nextFollowUpAt ? formatDateTime(inquiry.nextFollowUpAt) : open ? 'None set' : 'None needed'}
      </Typography>
    );
  const save = async () => {
    const at = fromLocalInput(value);
    try {
      await setFollowUp({ id: inquiry._id, change: { nextFollowUpAt: at ?? null } }).unwrap();
      setError(null);
    } catch (err) {
      setError((err as { message?: string }).message ?? 'Not saved');
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="datetime-local"
        label="Next follow-up"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button variant="outlined" onClick={() => void save()} loading={isLoading}>
        Save date
      </Button>
    </Stack>
  );
}

export function FollowUpPanel({ inquiry, canFollowUp, canAssign, canContact, selfId }: FollowUpPanelProps) {
  const [dialog, setDialog] = useState<{ key: number; open: boolean; channel?: ContactChannel }>({
    key: 0,
    open: false,
  });
  const logId = useId();
  const openDialog = (channel?: ContactChannel) => setDialog((d) => ({ key: d.key + 1, open: true, channel }));
  const course = inquiry.areaOfInterest[0] ?? 'our courses';
  const phone = canContact ? inquiry.phoneNumber : '';

  return (
    <Stack spacing={2}>
      <OwnerField inquiry={inquiry} canAssign={canAssign} canFollowUp={canFollowUp} selfId={selfId} />
      <NextFollowUp key={inquiry.nextFollowUpAt ?? 'none'} inquiry={inquiry} canFollowUp={canFollowUp} />
      {canFollowUp && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {phone && (
            <Button
              variant="outlined"
              startIcon={<PhoneOutlined />}
              href={`tel:${phone}`}
              onClick={() => openDialog('call')}
            >
              Call
            </Button>
          )}
          {phone && (
            <Button
              variant="outlined"
              startIcon={<WhatsApp />}
              href={whatsAppLink(phone, whatsAppMessage(inquiry.name, course))}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => openDialog('whatsapp')}
            >
              WhatsApp
            </Button>
          )}
          <Button variant="contained" startIcon={<AddCommentOutlined />} onClick={() => openDialog()}>
            Log call
          </Button>
        </Stack>
      )}
      <Box component="section" aria-labelledby={logId}>
        <Typography id={logId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Contact log
        </Typography>
        {inquiry.contacts.length === 0 ? (
          <Typography color="text.secondary">Nobody has contacted them yet.</Typography>
        ) : (
          <Box component="ol" aria-label="Contacts, newest first" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {inquiry.contacts.map((c) => (
              <Box component="li" key={c._id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {CONTACT_CHANNEL_LABELS[c.channel]} · {CONTACT_OUTCOME_LABELS[c.outcome]}
                </Typography>
                {c.note && <Typography sx={{ overflowWrap: 'anywhere' }}>{c.note}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {c.by?.name ?? 'Someone'}, {formatDateTime(c.at)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <ContactDialog
        key={dialog.key}
        open={dialog.open}
        inquiry={inquiry}
        channel={dialog.channel}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Stack>
  );
}
