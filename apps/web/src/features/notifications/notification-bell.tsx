/**
 * The bell in the shell's top bar: how many enrolments, inquiries and failed
 * mails are new since the staff member last looked (the server sends only those); a menu lists
 * them, each opening its record, and "Mark all as seen" empties it. The signed-in counsellor's
 * follow-ups due today count on the badge too, with a line leading to My follow-ups. Polls every 60 s while the tab is visible, and once
 * more when the tab comes back.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Link } from 'react-router';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { Notifications } from '@registrar/contract/dashboard';
import { formatDateTime } from '../../shared/lib/format-date';
import { TopBarMenu } from '../../shared/ui/top-bar-menu';
import { useGetNotificationsQuery, useMarkNotificationsSeenMutation } from './api/notifications-api';

export const NOTIFICATIONS_POLL_MS = 60_000;

const KIND_ICON = {
  enrollment: HowToRegOutlined,
  inquiry: QuestionAnswerOutlined,
  mail_failed: MailOutlined,
} as const;
const KIND_LABEL = { enrollment: 'Enrolment', inquiry: 'Inquiry', mail_failed: 'Mail not delivered' } as const;

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const isVisible = () => document.visibilityState !== 'hidden';

/** Whether the tab is visible now (polling pauses while it is hidden). */
export function useTabVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

export const unreadLabel = (unread: number, followUpsDue = 0) =>
  (unread === 0 ? 'Notifications, nothing new' : `Notifications, ${unread} new`) +
  (followUpsDue ? `, ${followUpsDue} ${followUpsDue === 1 ? 'follow-up' : 'follow-ups'} due today` : '');

/** Where the bell's follow-ups line leads (the route the app gives My follow-ups). */
export const FOLLOW_UPS_LINK = '/follow-ups';

export function NotificationBell() {
  const visible = useTabVisible();
  const { data, refetch } = useGetNotificationsQuery(undefined, {
    pollingInterval: visible ? NOTIFICATIONS_POLL_MS : 0,
  });
  const [markSeen, { isLoading: marking }] = useMarkNotificationsSeenMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  // A failed poll keeps what was shown before.
  const [shown, setShown] = useState<Notifications | null>(null);
  if (data && !data.failed && data !== shown) setShown(data);

  // Back to the tab after a while: look again at once rather than at the next tick.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch]);

  const unread = shown?.unread ?? 0;
  // Follow-ups due today (overdue ones included) count on the badge until they are done.
  const followUpsDue = shown?.followUpsDue ?? 0;
  const items = shown?.items ?? [];
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        id={buttonId}
        className="bar-button"
        aria-label={unreadLabel(unread, followUpsDue)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          void refetch();
        }}
      >
        <Badge
          badgeContent={unread + followUpsDue}
          max={99}
          color="error"
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <TopBarMenu
        id={menuId}
        anchor={anchor}
        onClose={close}
        labelledBy={buttonId}
        dense
        paperSx={{ width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(480px, 80vh)' }}
      >
        {followUpsDue > 0 && (
          <MenuItem component={Link} to={FOLLOW_UPS_LINK} onClick={close} sx={{ whiteSpace: 'normal' }}>
            <ListItemIcon>
              <EventAvailableOutlined fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText
              primary={`${followUpsDue} ${followUpsDue === 1 ? 'follow-up' : 'follow-ups'} due today`}
              secondary="Open My follow-ups"
            />
          </MenuItem>
        )}
        {items.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary="Nothing new since you last looked" />
          </MenuItem>
        )}
        {items.map((item) => {
          const Icon = KIND_ICON[item.kind];
          return (
            <MenuItem
              key={`${item.kind}:${item.id}`}
              component={Link}
              to={item.link}
              onClick={close}
              sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
            >
              <ListItemIcon sx={{ mt: 0.5 }}>
                <Icon fontSize="small" color={item.kind === 'mail_failed' ? 'error' : 'action'} />
              </ListItemIcon>
              <ListItemText primary={item.title} secondary={`${KIND_LABEL[item.kind]} · ${formatDateTime(item.at)}`} />
            </MenuItem>
          );
        })}
        {(unread > 0 || items.length > 0) && <Divider component="li" aria-hidden="true" />}
        {(unread > 0 || items.length > 0) && (
          <MenuItem
            disabled={marking || unread === 0}
            onClick={() => {
              close();
              void markSeen()
                .unwrap()
                .catch(() => undefined);
            }}
          >
            <ListItemIcon>
              <DoneAllIcon fontSize="small" />
            </ListItemIcon>
            Mark all as seen
          </MenuItem>
        )}
      </TopBarMenu>
    </>
  );
}
