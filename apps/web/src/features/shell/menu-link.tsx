/**
 * One link of the menu, in the sidebar, the drawer and the top bar alike: a real link (Tab, Enter,
 * middle-click), aria-current="page" on the current page's. The sidebar adds the short name it
 * shows when mini.
 */
import { Link } from 'react-router';
import { isLinkActive, linkTo, type MenuLink } from './menu-items';
import { MenuEntryIcon } from './menu-icons';

export function MenuLinkItem({
  link,
  pathname,
  onNavigate,
  withShortName = false,
}: {
  link: MenuLink;
  pathname: string;
  onNavigate?: (() => void) | undefined;
  withShortName?: boolean;
}) {
  const active = isLinkActive(link, pathname);
  return (
    <Link
      to={linkTo(link)}
      className="menu-link"
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      onClick={onNavigate}
    >
      <MenuEntryIcon icon={link.icon} />
      {withShortName && (
        <span className="menu-short" aria-hidden="true">
          {link.shortName}
        </span>
      )}
      <span className="menu-label">{link.listName}</span>
    </Link>
  );
}
