/**
 * The signed-in staff member's calls for today: how many are overdue and due, and the first few
 * with phone and last note, each a call away; the Follow-ups screen has the rest.
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { Link as RouterLink } from 'react-router';
import type { Dashboard } from '@registrar/contract/dashboard';
import { formatDateTime } from '../../shared/lib/format-date';
import { formatCount } from '../../shared/lib/format-number';
import { FigureCard, FigureGrid } from './figure-card';
import { inquiryPage } from './links';

const FOLLOW_UPS_PATH = '/follow-ups';

export function MyFollowUps({ mine }: { mine: Dashboard['myFollowUps'] }) {
  return (
    <Stack spacing={2}>
      <FigureGrid label="Your follow-ups">
        <FigureCard
          label="Overdue calls (today)"
          value={formatCount(mine.overdue)}
          to={FOLLOW_UPS_PATH}
          tone={mine.overdue ? 'error' : 'default'}
        />
        <FigureCard label="Calls due today" value={formatCount(mine.today)} to={FOLLOW_UPS_PATH} tone="warning" />
      </FigureGrid>
      {mine.first.length > 0 ? (
        <Paper variant="outlined">
          <List aria-label="Your next calls" disablePadding>
            {mine.first.map((call) => (
              <ListItem key={call.inquiryId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Stack sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Link component={RouterLink} to={inquiryPage(call.inquiryId)} sx={{ fontWeight: 600 }}>
                    {call.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    Due {formatDateTime(call.dueAt)}
                    {call.lastNote ? ` · Last note: ${call.lastNote}` : ''}
                  </Typography>
                </Stack>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<PhoneOutlined />}
                  href={`tel:+91${call.phoneNumber}`}
                  aria-label={`Call ${call.name}, ${call.phoneNumber}`}
                >
                  {call.phoneNumber}
                </Button>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : (
        <Typography color="text.secondary">No calls due today.</Typography>
      )}
      <div>
        <Button component={RouterLink} to={FOLLOW_UPS_PATH}>
          Open all follow-ups
        </Button>
      </div>
    </Stack>
  );
}
