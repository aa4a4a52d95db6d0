/**
 * A collections row's two ways to reach the student now: WhatsApp, opened on the reminder already
 * written (wa.me), and a call (tel:). No number: nothing to offer.
 */
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CallOutlinedIcon from '@mui/icons-material/CallOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { internationalPhone, reminderMessage, type OverdueLine } from '@registrar/contract/collections';

export function ContactActions({ line, instituteName }: { line: OverdueLine; instituteName: string }) {
  const phone = internationalPhone(line.phoneNumber);
  if (!phone) return <>—</>;
  const text = encodeURIComponent(reminderMessage(line, instituteName));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: 'center' }}>
      <IconButton
        component="a"
        href={`https://wa.me/${phone}?text=${text}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`WhatsApp ${line.name} the reminder`}
        title={`WhatsApp ${line.phoneNumber}`}
        size="small"
      >
        <WhatsAppIcon fontSize="small" />
      </IconButton>
      <IconButton
        component="a"
        href={`tel:+${phone}`}
        aria-label={`Call ${line.name}`}
        title={`Call ${line.phoneNumber}`}
        size="small"
      >
        <CallOutlinedIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
