/**
 * What happened to a record, newest first, as a list with a dot per event and a line between
 * them. Each event says when, and who: a staff member, or the public form for a record that
 * arrived without one.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format-date';

/** An event of a record's own history as the API sends it (inquiries and enrolments alike). */
export interface RecordEvent {
  _id: string;
  kind: string;
  note: string | null;
  by: { name: string } | null;
  at: string;
}

export interface RecordTimelineProps<Event extends RecordEvent> {
  events: readonly Event[];
  /** The list's accessible name, e.g. "History, newest first". */
  label: string;
  /** The event's title in words, and the note to show under it (null for none). */
  describe: (event: Event) => { title: string; note: string | null };
}

export function RecordTimeline<Event extends RecordEvent>({ events, label, describe }: RecordTimelineProps<Event>) {
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  if (newestFirst.length === 0) return <Typography color="text.secondary">Nothing has happened yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={label}>
      {newestFirst.map((event) => {
        const { title, note } = describe(event);
        return (
          <Box
            component="li"
            key={event._id}
            sx={{
              position: 'relative',
              pl: 3,
              pb: 2,
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 5,
                top: 8,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: 'primary.main',
              },
              '&:not(:last-of-type)::after': {
                content: '""',
                position: 'absolute',
                left: 9,
                top: 22,
                bottom: 0,
                width: 2,
                bgcolor: 'divider',
              },
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            {note && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>{note}</Typography>}
            <Typography variant="body2" color="text.secondary">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.by ? ` · ${event.by.name}` : event.kind === 'created' ? ' · from the public form' : ''}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
