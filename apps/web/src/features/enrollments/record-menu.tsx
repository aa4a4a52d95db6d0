/**
 * The enrolment's rarer and heavier actions (Delete, Export data, Erase personal data) behind one
 * "More actions" button, so the screen opens on the student and the money, not on them.
 */
import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreIcon from '@mui/icons-material/MoreVert';

export interface RecordMenuItem {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick?: () => void;
  /** A download link instead of an action. */
  href?: string;
}

export function RecordMenu({ items }: { items: RecordMenuItem[] }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!items.length) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MoreIcon />}
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        More actions
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.label}
            {...(item.href ? { component: 'a', href: item.href, download: true } : {})}
            onClick={() => {
              setAnchor(null);
              item.onClick?.();
            }}
            sx={item.danger ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={item.danger ? { color: 'error.main' } : undefined}>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
