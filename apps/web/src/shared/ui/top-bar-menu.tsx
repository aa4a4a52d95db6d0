/** A menu dropped from a top-bar button, its right edge under the button's so it stays on screen. */
import type { ReactNode } from 'react';
import Menu from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';

export function TopBarMenu({
  id,
  anchor,
  onClose,
  labelledBy,
  dense,
  paperSx,
  children,
}: {
  id: string;
  /** The button it opened from; null while closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The id of the button that names the menu. */
  labelledBy: string;
  dense: boolean;
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': labelledBy, dense }, ...(paperSx ? { paper: { sx: paperSx } } : {}) }}
    >
      {children}
    </Menu>
  );
}
