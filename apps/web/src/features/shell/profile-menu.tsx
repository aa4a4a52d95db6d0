/**
 * The profile menu behind the avatar: My Profile; Logout in the vertical layout;
 * Settings in the horizontal one, where it opens the theme customizer instead of doing nothing.
 * The horizontal layout keeps Logout too: staff on a shared front-desk computer must always be
 * able to sign out, whatever layout they chose.
 */
import { useId, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { TopBarMenu } from '../../shared/ui/top-bar-menu';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

export interface ProfileMenuProps {
  layout: 'vertical' | 'horizontal';
  user: { name: string; email: string } | null;
  onOpenSettings: () => void;
  onLogout: () => void;
}

export function ProfileMenu({ layout, user, onOpenSettings, onLogout }: ProfileMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  const name = user?.name ?? 'Staff member';

  return (
    <>
      <IconButton
        id={buttonId}
        className="profile-button"
        aria-label={`Account menu for ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <Avatar className="profile-avatar" alt="" sx={{ width: 36, height: 36, fontSize: 15 }}>
          {initials(user?.name)}
        </Avatar>
      </IconButton>
      <TopBarMenu id={menuId} anchor={anchor} onClose={close} labelledBy={buttonId} dense={false}>
        {user && (
          <li className="profile-menu-who" aria-hidden="true">
            <strong>{user.name}</strong>
            <span>{user.email}</span>
          </li>
        )}
        {user && <Divider component="li" aria-hidden="true" />}
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          My Profile
        </MenuItem>
        {layout === 'horizontal' && (
          <MenuItem
            onClick={() => {
              close();
              onOpenSettings();
            }}
          >
            <ListItemIcon>
              <SettingsOutlined fontSize="small" />
            </ListItemIcon>
            Settings
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </TopBarMenu>
    </>
  );
}
