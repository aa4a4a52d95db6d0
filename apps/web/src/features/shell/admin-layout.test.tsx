import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_THEME } from '@registrar/contract/theme-settings';
import { shellGeometry } from './admin-layout';
import { ADMIN_MENU, MONEY_MENU } from './menu-fixtures';
import { emulatePhone } from '../../shared/test/emulate-phone';
import { STAFF, createShellStore, mockProfileApi, renderShell } from './shell-test-harness';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  mockProfileApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens the account menu: the menu, and its items' names in order. */
async function openAccountMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Account menu for Asha Verma' }));
  const menu = await screen.findByRole('menu');
  return {
    menu,
    items: within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  };
}

describe('shell geometry', () => {
  const at = (settings: Partial<typeof DEFAULT_THEME>, mobile = false) =>
    shellGeometry({ ...DEFAULT_THEME, ...settings }, mobile);

  it('defaults: 260 px sidebar, toolbar and footer beside it, 65/50 px content offsets', () => {
    const g = at({});
    expect(g.showSidebar).toBe(true);
    expect(g.variables).toMatchObject({
      '--shell-sidebar-w': '260px',
      '--shell-sidebar-top': '0px',
      '--shell-sidebar-bottom': '0px',
      '--shell-toolbar-left': '260px',
      '--shell-footer-left': '260px',
      '--shell-content-top': '65px',
      '--shell-content-bottom': '50px',
    });
  });

  it('mini mode: 80 px', () => {
    expect(at({ sidebarMiniValue: 'on' }).variables['--shell-sidebar-w']).toBe('80px');
  });

  it('toolbar and footer above: full width, and the sidebar runs between them', () => {
    expect(at({ toolbarAlignValue: 'above', footerAlignValue: 'above' }).variables).toMatchObject({
      '--shell-sidebar-top': '65px',
      '--shell-sidebar-bottom': '50px',
      '--shell-toolbar-left': '0px',
      '--shell-footer-left': '0px',
    });
  });

  it('hidden toolbar and footer take no room', () => {
    const g = at({ toolbarDisplayValue: 'hide', footerDisplayValue: 'hide', toolbarAlignValue: 'above' });
    expect(g.toolbarShown).toBe(false);
    expect(g.variables).toMatchObject({
      '--shell-content-top': '0px',
      '--shell-content-bottom': '0px',
      '--shell-sidebar-top': '0px',
    });
  });

  it('horizontal layout and phones have no sidebar, and always a top bar (it holds the menu)', () => {
    for (const g of [
      at({ layout: 'horizontal', toolbarDisplayValue: 'hide' }),
      at({ toolbarDisplayValue: 'hide' }, true),
    ]) {
      expect(g.showSidebar).toBe(false);
      expect(g.toolbarShown).toBe(true);
      expect(g.variables['--shell-sidebar-w']).toBe('0px');
    }
    // On a phone the footer scrolls with the page instead of covering 50 px of it.
    expect(at({}, true).variables['--shell-content-bottom']).toBe('0px');
  });
});

describe('admin shell', () => {
  it('vertical layout: a sidebar with the spec menu, a skip link to the main content', async () => {
    renderShell({ url: '/courses' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const shown = () =>
      within(nav)
        .getAllByRole('link')
        .map((a) => [
          a.textContent?.replace(
            /^(Home|Courses|Enrol|Inquiry|Follow|Terms|Requests|Audit|Staff(?=Staff)|Payments(?=Payments)|Dues|Cash|Import(?=Import)|Online(?=Online)|Pay in|GST(?=GST))/,
            '',
          ),
          a.getAttribute('href'),
        ]);
    expect(shown()).toEqual(ADMIN_MENU.filter(([, path]) => path));
    // The money screens wait in their group until it is opened.
    const money = within(nav).getByRole('button', { name: /Money$/ });
    expect(money.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(money);
    expect(money.getAttribute('aria-expanded')).toBe('true');
    const staffAt = ADMIN_MENU.findIndex(([name]) => name === 'Staff');
    expect(shown().slice(staffAt + 1, staffAt + 1 + MONEY_MENU.length)).toEqual(MONEY_MENU);
    expect(within(nav).getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(within(main).getByRole('heading', { name: 'Screen courses' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Courses · Registrar'));
  });

  it('vertical profile menu: My Profile and Logout', async () => {
    renderShell();
    const { menu, items } = await openAccountMenu();
    expect(items).toEqual(['My Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('horizontal layout: the menu in the top bar, and Settings opens the theme customizer', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Theme settings' }));
    const customizer = await screen.findByRole('dialog', { name: 'Theme settings' });
    fireEvent.click(within(customizer).getByRole('radio', { name: 'Horizontal (top bar)' }));
    fireEvent.click(within(customizer).getByRole('button', { name: 'Close theme settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Theme settings' })).toBeNull());
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Student Inquiries' })).toBeTruthy();
    const { menu, items } = await openAccountMenu();
    expect(items).toEqual(['My Profile', 'Settings', 'Logout']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Theme settings' })).toBeTruthy();
  });

  it('Logout signs out and goes to /login', async () => {
    const fetchMock = mockProfileApi();
    const { store, router } = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Asha Verma' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.accessToken).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/logout') && init?.method === 'POST'),
    ).toBe(true);
  });

  it('the toolbar button switches mini mode on and off', () => {
    const { store } = renderShell();
    const toggle = screen.getByRole('button', { name: 'Mini sidebar' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(store.getState().themeSetting.sidebarMiniValue).toBe('on');
    expect(document.querySelector('.shell')?.getAttribute('data-mini')).toBe('on');
    expect(screen.getByRole('button', { name: 'Mini sidebar' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('on a phone the menu is a drawer opened by the menu button, closed by choosing a page', async () => {
    emulatePhone();
    const { router } = renderShell();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'Terms & Condition' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-condition'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('a hidden toolbar moves the profile menu and theme settings into the sidebar', async () => {
    const user = { ...STAFF, themeSettings: { ...DEFAULT_THEME, toolbarDisplayValue: 'hide' as const } };
    mockProfileApi(user);
    const store = createShellStore(user);
    renderShell({ store });
    await waitFor(() => expect(store.getState().api.queries['getUserProfile(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu for Asha Verma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Theme settings' })).toBeTruthy();
  });
});
