/**
 * The admin shell.
 *
 * - Vertical layout: a sidebar (260 px, or 80 px in mini mode, expanding to 260 px on hover or
 *   keyboard focus) and a toolbar; horizontal layout: one top bar holding the menu.
 * - Below 991.98 px the menu is a drawer over the content, opened by the toolbar's menu button.
 * - The toolbar (65 px) and footer (50 px) can sit above (full width) or below (beside the
 *   sidebar), or be hidden; the sidebar's height follows from them.
 * - Colours come from the theme settings; every choice is saved with the profile (theme-sync).
 * - One `<main id="main-content">` holds the screen; 'Skip to content' jumps to it.
 */
import { useEffect, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigation } from 'react-router';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import TuneIcon from '@mui/icons-material/Tune';
import {
  FOOTER_OFFSET_PX,
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_MINI_WIDTH_PX,
  SIDEBAR_WIDTH_PX,
  TOOLBAR_OFFSET_PX,
} from '@registrar/contract/constants';
import type { ThemeSettings } from '@registrar/contract/theme-settings';
import { FullScreenLoader } from '../../shared/ui/full-screen-loader';
import { ChunkErrorBoundary } from '../../shared/ui/lazy-screen';
import { useLogout } from '../../shared/session/use-logout';
import { selectSession, type SessionState } from '../../shared/session/session-slice';
import { adminMuiTheme } from './theme/mui-theme';
import { ThemeCustomizer } from './theme/theme-customizer';
import {
  SIDEBAR_IMAGES,
  barPalette,
  barVariables,
  layoutPalette,
  transparentSidebarPalette,
} from './theme/theme-palettes';
import { selectThemeSettings } from './theme/theme-slice';
import { ThemeSyncProvider, useThemeControls } from './theme/theme-sync';
import { HorizontalMenu } from './horizontal-menu';
import { MENU_ITEMS, activeLink, menuFor } from './menu-items';
import { usePermissions } from '../../shared/session/permissions';
import { ProfileMenu } from './profile-menu';
import { ShellScreenError } from './shell-screen-error';
import { SidebarMenu } from './sidebar-menu';
import './shell.css';
import './shell-menus.css';
import './theme/theme-customizer.css';

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** A screen that arrives within this time shows no loading indicator at all (no flash). */
const LOADER_DELAY_MS = 250;

export interface ShellGeometry {
  showSidebar: boolean;
  toolbarShown: boolean;
  footerShown: boolean;
  /** The toolbar spans the full width (and the sidebar starts under it). */
  toolbarAbove: boolean;
  footerAbove: boolean;
  sidebarWidth: number;
  variables: Record<string, string>;
}

/** Where each part of the shell sits, from the settings and the screen size (sidebar, toolbar and footer offsets). */
export function shellGeometry(settings: ThemeSettings, isMobile: boolean): ShellGeometry {
  const vertical = settings.layout === 'vertical';
  const showSidebar = vertical && !isMobile;
  // The horizontal top bar holds the menu, and on phones the toolbar holds the menu button.
  const toolbarShown = !showSidebar || settings.toolbarDisplayValue === 'show';
  const footerShown = settings.footerDisplayValue === 'show';
  const sidebarWidth = showSidebar
    ? settings.sidebarMiniValue === 'on'
      ? SIDEBAR_MINI_WIDTH_PX
      : SIDEBAR_WIDTH_PX
    : 0;
  const toolbarAbove = !showSidebar || settings.toolbarAlignValue === 'above';
  const footerAbove = !showSidebar || settings.footerAlignValue === 'above';
  // On phones the footer scrolls with the page instead of taking 50 px of a small screen.
  const footerFixed = footerShown && !isMobile;
  const px = (n: number) => `${n}px`;
  return {
    showSidebar,
    toolbarShown,
    footerShown,
    toolbarAbove,
    footerAbove,
    sidebarWidth,
    variables: {
      '--shell-sidebar-w': px(sidebarWidth),
      '--shell-sidebar-full-w': px(SIDEBAR_WIDTH_PX),
      '--shell-toolbar-h': px(TOOLBAR_OFFSET_PX),
      '--shell-footer-h': px(FOOTER_OFFSET_PX),
      '--shell-sidebar-top': px(toolbarShown && toolbarAbove ? TOOLBAR_OFFSET_PX : 0),
      '--shell-sidebar-bottom': px(footerFixed && footerAbove ? FOOTER_OFFSET_PX : 0),
      '--shell-toolbar-left': px(toolbarAbove ? 0 : sidebarWidth),
      '--shell-footer-left': px(footerAbove ? 0 : sidebarWidth),
      '--shell-content-top': px(toolbarShown ? TOOLBAR_OFFSET_PX : 0),
      '--shell-content-bottom': px(footerFixed ? FOOTER_OFFSET_PX : 0),
    },
  };
}

function useDelayed(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [flag, delayMs]);
  return flag && shown;
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="shell-brand" data-compact={compact || undefined}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#6200ea" />
        <path d="M9 24V8h8a5 5 0 0 1 1 9.9L23 24h-4l-4.5-6H13v6zm4-9h4a2 2 0 0 0 0-4h-4z" fill="#fff" />
      </svg>
      <span className="shell-brand-name">Registrar</span>
    </span>
  );
}

/** Focus the content without a '#main-content' in the address (which the router would see). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}

const PAGE_TITLES: Record<string, string> = { profile: 'My Profile' };

function useWindowTitle(pathname: string) {
  useEffect(() => {
    const link = activeLink(MENU_ITEMS, pathname);
    const first = pathname.split('/').filter(Boolean)[0] ?? '';
    // Paths of no menu entry and no known page are the not-found page ('*').
    document.title = `${link?.listName ?? PAGE_TITLES[first] ?? 'Page not found'} · Registrar`;
  }, [pathname]);
}

function Shell({ notifications }: AdminLayoutProps) {
  const settings = useSelector(selectThemeSettings);
  const user = useSelector((state: { session: SessionState }) => selectSession(state).user);
  const allowed = usePermissions();
  const menu = menuFor(MENU_ITEMS, allowed);
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { change, flush } = useThemeControls();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const loading = useDelayed(navigation.state === 'loading', LOADER_DELAY_MS);
  useWindowTitle(pathname);

  // A drawer left open on a phone must not reappear when the window grows and shrinks again.
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    if (!isMobile) setDrawerOpen(false);
  }

  const geometry = shellGeometry(settings, isMobile);
  const mini = settings.sidebarMiniValue === 'on';
  const transparent = settings.sidebarTransParentValue === 'on';
  const page = layoutPalette(settings.layoutTheme);
  const image =
    settings.sidebarBackgroundImage === 'none' ? undefined : SIDEBAR_IMAGES[settings.sidebarBackgroundImage];
  const sidebarColours = barVariables(
    transparent ? transparentSidebarPalette(settings.layoutTheme) : barPalette('sidebar', settings.sidebarTheme),
    'to bottom',
    image,
  );
  const topbarColours = barVariables(barPalette('topbar', settings.topbarTheme), 'to right');
  const footerColours = barVariables(barPalette('footer', settings.footerTheme), 'to right');
  const vertical = settings.layout === 'vertical';

  const openSettings = () => setCustomizerOpen(true);
  const signOut = async () => {
    await flush();
    await logout();
  };
  const profileMenu = (
    <ProfileMenu layout={settings.layout} user={user} onOpenSettings={openSettings} onLogout={() => void signOut()} />
  );
  const customizeButton = (
    <IconButton className="bar-button" aria-label="Theme settings" onClick={openSettings}>
      <TuneIcon />
    </IconButton>
  );

  const menuButton = isMobile ? (
    <IconButton
      className="bar-button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      onClick={() => setDrawerOpen(true)}
    >
      <MenuIcon />
    </IconButton>
  ) : vertical ? (
    <IconButton
      className="bar-button"
      aria-label="Mini sidebar"
      aria-pressed={mini}
      onClick={() => change({ sidebarMiniValue: mini ? 'off' : 'on' })}
    >
      {mini ? <MenuIcon /> : <MenuOpenIcon />}
    </IconButton>
  ) : null;

  return (
    <div
      className="shell"
      data-layout={settings.layout}
      data-mobile={isMobile || undefined}
      data-mini={geometry.showSidebar && mini ? 'on' : undefined}
      data-toolbar={geometry.toolbarShown ? (geometry.toolbarAbove ? 'above' : 'below') : 'hidden'}
      data-footer={geometry.footerShown ? (geometry.footerAbove ? 'above' : 'below') : 'hidden'}
      data-link-style={settings.activeLinkStyle}
      data-layout-theme={settings.layoutTheme}
      style={
        {
          ...geometry.variables,
          '--page-bg': page.background,
          '--page-fg': page.text,
          '--page-muted': page.muted,
          '--page-link': page.link,
        } as CSSProperties
      }
    >
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        Skip to content
      </a>

      {geometry.toolbarShown && (
        <header
          className="shell-topbar bar"
          data-theme={settings.topbarTheme}
          style={topbarColours as CSSProperties}
          aria-label="Toolbar"
        >
          {menuButton}
          {(!geometry.showSidebar || geometry.toolbarAbove) && <Brand />}
          {!vertical && !isMobile && (
            <nav className="shell-topnav" aria-label="Main menu">
              <HorizontalMenu items={menu} />
            </nav>
          )}
          <span className="shell-topbar-spacer" />
          {notifications}
          {customizeButton}
          {profileMenu}
        </header>
      )}

      {geometry.showSidebar && (
        <div
          className="shell-sidebar bar"
          data-theme={transparent ? 'transparent' : settings.sidebarTheme}
          data-image={image ? settings.sidebarBackgroundImage : undefined}
          style={sidebarColours as CSSProperties}
        >
          {!geometry.toolbarAbove || !geometry.toolbarShown ? (
            <div className="shell-sidebar-head">
              <Brand compact={mini} />
            </div>
          ) : null}
          <nav className="shell-sidenav" aria-label="Main menu">
            <SidebarMenu idPrefix="sidebar" items={menu} />
          </nav>
          {!geometry.toolbarShown && (
            <div className="shell-sidebar-actions">
              {menuButton}
              {customizeButton}
              {profileMenu}
            </div>
          )}
        </div>
      )}

      {isMobile && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{
            paper: {
              className: 'shell-drawer bar',
              style: sidebarColours as CSSProperties,
              role: 'dialog',
              'aria-modal': true,
              'aria-label': 'Menu',
            },
          }}
        >
          <div className="shell-drawer-body" data-link-style={settings.activeLinkStyle}>
            <div className="shell-sidebar-head">
              <Brand />
            </div>
            <nav className="shell-sidenav" aria-label="Main menu">
              <SidebarMenu idPrefix="drawer" items={menu} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </div>
        </Drawer>
      )}

      <main id="main-content" className="shell-main" tabIndex={-1} aria-busy={loading || undefined}>
        {loading && (
          <div className="shell-loading">
            <FullScreenLoader label="Loading the screen…" />
          </div>
        )}
        <Outlet />
      </main>

      {geometry.footerShown && (
        <footer className="shell-footer bar" data-theme={settings.footerTheme} style={footerColours as CSSProperties}>
          <span>© {new Date().getFullYear()} Registrar</span>
          <span className="shell-footer-note">Admissions and fees</span>
        </footer>
      )}

      <ThemeCustomizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
    </div>
  );
}

export interface AdminLayoutProps {
  /** The top bar's notifications control, handed in by the route that holds the shell (app/router.tsx). */
  notifications?: ReactNode;
}

export function AdminLayout({ notifications }: AdminLayoutProps) {
  return (
    <ThemeProvider theme={adminMuiTheme}>
      <ThemeSyncProvider>
        <Shell notifications={notifications} />
      </ThemeSyncProvider>
    </ThemeProvider>
  );
}

/**
 * The error boundary of the screens inside the shell (a pathless route around them): the sidebar
 * stays, and the screen area shows 'Loading chunk failed' with Reload, or the error.
 */
export function ShellErrorBoundary() {
  return <ChunkErrorBoundary fallback={<ShellScreenError />} />;
}
