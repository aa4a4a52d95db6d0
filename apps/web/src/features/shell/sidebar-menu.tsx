/**
 * The vertical menu of the sidebar and of the mobile drawer. Links are real links (Tab, Enter,
 * middle-click all work); a group is a button with aria-expanded that shows or hides its list.
 * The current page's link carries aria-current="page"; its group opens by itself.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MENU_ITEMS, groupsOpenFor, isEntryActive, isGroup, type MenuEntry } from './menu-items';
import { MenuEntryIcon } from './menu-icons';
import { MenuLinkItem } from './menu-link';

export function SidebarMenu({
  items = MENU_ITEMS,
  idPrefix,
  onNavigate,
}: {
  items?: readonly MenuEntry[];
  /** Keeps DOM ids unique when the menu is shown twice (sidebar and drawer). */
  idPrefix: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(groupsOpenFor(items, pathname)));
  // A new page opens its group (the staff member may close it again afterwards).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const toOpen = groupsOpenFor(items, pathname).filter((key) => !open.has(key));
    if (toOpen.length > 0) setOpen(new Set([...open, ...toOpen]));
  }

  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <ul className="menu menu-vertical">
      {items.map((entry) => {
        if (!isGroup(entry))
          return (
            <li key={entry.key}>
              <MenuLinkItem link={entry} pathname={pathname} onNavigate={onNavigate} withShortName />
            </li>
          );
        const isOpen = open.has(entry.key);
        const listId = `${idPrefix}-group-${entry.key}`;
        return (
          <li key={entry.key} className="menu-group" data-open={isOpen || undefined}>
            <button
              type="button"
              className="menu-link"
              aria-expanded={isOpen}
              aria-controls={listId}
              data-child-active={isEntryActive(entry, pathname) || undefined}
              onClick={() => toggle(entry.key)}
            >
              <MenuEntryIcon icon={entry.icon} />
              <span className="menu-short" aria-hidden="true">
                {entry.shortName}
              </span>
              <span className="menu-label">{entry.listName}</span>
              <ExpandMore className="menu-caret" aria-hidden="true" focusable="false" />
            </button>
            <ul id={listId} className="menu-children" hidden={!isOpen}>
              {entry.children.map((child) => (
                <li key={child.key}>
                  <MenuLinkItem link={child} pathname={pathname} onNavigate={onNavigate} withShortName />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
