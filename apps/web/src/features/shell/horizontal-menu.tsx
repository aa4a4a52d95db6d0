/**
 * The menu of the horizontal layout, in the top bar. A group is a disclosure button whose list
 * drops down; Escape or leaving it closes the list, and focus returns to the button.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MENU_ITEMS, isEntryActive, isGroup, type MenuEntry, type MenuGroup } from './menu-items';
import { MenuEntryIcon } from './menu-icons';
import { MenuLinkItem } from './menu-link';

function TopGroup({ group, pathname }: { group: MenuGroup; pathname: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = `topbar-group-${group.key}`;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <li className="menu-group" data-open={open || undefined} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="menu-link"
        aria-expanded={open}
        aria-controls={listId}
        data-child-active={isEntryActive(group, pathname) || undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <MenuEntryIcon icon={group.icon} />
        <span className="menu-label">{group.listName}</span>
        <ExpandMore className="menu-caret" aria-hidden="true" focusable="false" />
      </button>
      <ul id={listId} className="menu-dropdown" hidden={!open}>
        {group.children.map((child) => (
          <li key={child.key}>
            <MenuLinkItem link={child} pathname={pathname} onNavigate={() => close(false)} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function HorizontalMenu({ items = MENU_ITEMS }: { items?: readonly MenuEntry[] }) {
  const { pathname } = useLocation();
  return (
    <ul className="menu menu-horizontal">
      {items.map((entry) =>
        isGroup(entry) ? (
          <TopGroup key={entry.key} group={entry} pathname={pathname} />
        ) : (
          <li key={entry.key}>
            <MenuLinkItem link={entry} pathname={pathname} />
          </li>
        ),
      )}
    </ul>
  );
}
