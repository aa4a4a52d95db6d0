/**
 * The admin shell in a real browser: layouts, mini sidebar, phone drawer, the theme
 * customizer and its persistence, keyboard use, not-found and chunk failures, and axe in every
 * top bar / sidebar theme.
 *
 * Sign-ins are throttled per IP (30 in 15 minutes, shared with the other spec files), so this
 * file signs in through the form once and reuses that browser storage; only the journeys that
 * need a fresh sign-in (another browser, logout) sign in again.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { BAR_THEMES, SIDEBAR_MINI_WIDTH_PX, SIDEBAR_WIDTH_PX } from '@registrar/contract/constants';
import { MESSAGES } from '@registrar/contract/messages';
import { DEFAULT_THEME, type ThemeSettings } from '@registrar/contract/theme-settings';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/staff';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

let storage: StorageState;
let token: string;
let profile: { name: string; phone: string | null };

const MENU = [
  ['Dashboard', '/dashboard'],
  ['Courses', '/courses'],
  ['Student Enrollments', '/student-enrollments'],
  ['Student Inquiries', '/student-inquires'],
  // Not in the spec's menu: the calls a counsellor or admin has to make.
  ['My follow-ups', '/follow-ups'],
  ['Terms & Condition', '/terms-condition'],
  // Not in the spec's menu: students' data requests from their own page.
  ['Data Requests', '/student-requests'],
  ['Audit', '/audit'],
  // Not in the spec's menu: staff management, for admins (this journey signs in as one).
  ['Staff', '/staff'],
  // Not in the spec's menu: the money screens, under one Money heading, and imports.
  ['Payments', '/payments', 'Money'],
  ['Collections', '/collections', 'Money'],
  ['Cash book', '/cash-book', 'Money'],
  ['Online payments', '/online-payments', 'Money'],
  ['Payments In', '/payments-in', 'Money'],
  ['GST', '/gst', 'Money'],
  ['Import', '/import'],
] as const;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  // redux-persist writes the session to localStorage shortly after sign-in.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('persist:root') ?? ''))
    .toMatch(/accessToken\\":\\"[\w-]+\.[\w-]+\.[\w-]+/);
  const session = await page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root')!) as { session: string };
    return JSON.parse(root.session) as { accessToken: string; user: { name: string; phone: string | null } };
  });
  token = session.accessToken;
  profile = { name: session.user.name, phone: session.user.phone };
  storage = await context.storageState();
  await context.close();
});

/** Stores settings with the profile directly, so each journey starts from a known theme. */
async function storeTheme(page: Page, settings: ThemeSettings = DEFAULT_THEME) {
  const response = await page.request.put('/api/user-profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...profile, themeSettings: settings },
  });
  expect(response.ok()).toBe(true);
}

async function openShell(browser: Browser, path = '/dashboard', viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ storageState: storage, viewport });
  const page = await context.newPage();
  await storeTheme(page);
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  return page;
}

const sidebar = (page: Page) => page.locator('.shell-sidebar');
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Theme settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Close theme settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Theme settings' })).toBeHidden();
}

/** Picks a radio in the customizer and waits until the choice is stored with the profile. */
async function choose(page: Page, group: string, option: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-profile') && r.request().method() === 'PUT');
  await page.getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true }).check();
  expect((await saved).ok()).toBe(true);
}

test.describe('admin shell', () => {
  test('navigates by the sidebar, marking the current page', async ({ browser }) => {
    const page = await openShell(browser);
    const links = mainMenu(page).getByRole('link');
    // The money screens stay folded under their heading until it is opened.
    const grouped = MENU.filter((entry) => entry.length === 3);
    await expect(links).toHaveCount(MENU.length - grouped.length);
    const money = mainMenu(page).getByRole('button', { name: 'Money' });
    await expect(money).toHaveAttribute('aria-expanded', 'false');
    await money.click();
    await expect(money).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toHaveCount(MENU.length);
    await expectNoAxeViolations(page);
    for (const [name, path] of MENU) {
      await mainMenu(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(mainMenu(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(`${name} · Registrar`);
    }
  });

  test('switches to the horizontal layout in the customizer, and back from its Settings item', async ({ browser }) => {
    const page = await openShell(browser);
    await expect(sidebar(page)).toBeVisible();
    await openCustomizer(page);
    await choose(page, 'Menu position', 'Horizontal (top bar)');
    await closeCustomizer(page);

    await expect(sidebar(page)).toHaveCount(0);
    const topMenu = page.getByRole('banner').getByRole('navigation', { name: 'Main menu' });
    await topMenu.getByRole('link', { name: 'Student Inquiries' }).click();
    await expect(page).toHaveURL(/\/student-inquires$/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'Settings', 'Logout']);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Theme settings' })).toBeVisible();
    await choose(page, 'Menu position', 'Vertical (sidebar)');
    await closeCustomizer(page);
    await expect(sidebar(page)).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['My Profile', 'Logout']);
    await page.getByRole('menu').getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('mini sidebar: 80 px, 260 px while hovered', async ({ browser }) => {
    const page = await openShell(browser);
    const width = async () => (await sidebar(page).boundingBox())?.width;
    await expect.poll(width).toBe(SIDEBAR_WIDTH_PX);
    await page.getByRole('button', { name: 'Mini sidebar' }).click();
    await page.mouse.move(900, 400);
    await expect.poll(width).toBe(SIDEBAR_MINI_WIDTH_PX);
    // Collapsed, each entry shows its icon and short name; the full name stays its accessible name.
    await expect(mainMenu(page).getByRole('link', { name: 'Student Enrollments' })).toContainText('Enrol');
    await sidebar(page).hover();
    await expect.poll(width).toBe(SIDEBAR_WIDTH_PX);
    await page.mouse.move(900, 400);
    await expect.poll(width).toBe(SIDEBAR_MINI_WIDTH_PX);
    // The content keeps its place: the expanded sidebar floats over it.
    const main = await page.getByRole('main').boundingBox();
    expect(main?.x).toBe(SIDEBAR_MINI_WIDTH_PX);
    // A click leaves focus on the link, yet the sidebar folds when the mouse leaves; keyboard
    // focus inside it keeps it open, so keyboard users see the labels.
    await mainMenu(page).getByRole('link', { name: 'Courses' }).click();
    await page.mouse.move(900, 400);
    await expect.poll(width).toBe(SIDEBAR_MINI_WIDTH_PX);
    await page.keyboard.press('Tab');
    await expect(mainMenu(page).getByRole('link', { name: 'Student Enrollments' })).toBeFocused();
    await expect.poll(width).toBe(SIDEBAR_WIDTH_PX);
    await expectNoAxeViolations(page);
  });

  for (const width of [360, 390]) {
    test(`on a ${width} px phone the menu is a drawer over the content`, async ({ browser }) => {
      test.slow(); // two screens and an axe pass at phone size; a loaded CI machine has taken over 30 s
      const page = await openShell(browser, '/dashboard', { width, height: 780 });
      await expect(sidebar(page)).toHaveCount(0);
      await expect(mainMenu(page)).toHaveCount(0);
      const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(hasHorizontalScroll).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      // It slides in from the left edge, over the content, no wider than the sidebar.
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(SIDEBAR_WIDTH_PX);
      await expectNoAxeViolations(page);
      await drawer.getByRole('link', { name: 'Courses' }).click();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(drawer).toBeHidden();
      // Escape closes it too, and focus returns to the menu button.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  }

  test('a theme choice survives a reload and follows the staff member to another browser', async ({ browser }) => {
    test.slow(); // two sign-ins (a deliberately slow password hash) and a reload on a shared machine
    const page = await openShell(browser);
    await openCustomizer(page);
    await choose(page, 'Sidebar theme', 'Dark');
    await choose(page, 'Active link style', 'Style 3');
    await closeCustomizer(page);
    await expect(sidebar(page)).toHaveAttribute('data-theme', 'dark');

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.shell')).toHaveAttribute('data-link-style', 'style3');
    const dialog = await openCustomizer(page);
    await expect(
      dialog.getByRole('group', { name: 'Sidebar theme' }).getByRole('radio', { name: 'Dark' }),
    ).toBeChecked();

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await signIn(other);
    await expect(sidebar(other)).toHaveAttribute('data-theme', 'dark');
    await expect(other.locator('.shell')).toHaveAttribute('data-link-style', 'style3');
    await elsewhere.close();
  });

  test('keyboard: skip link to the content, then the menu by Tab and Enter with a visible focus', async ({
    browser,
  }) => {
    const page = await openShell(browser);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    const courses = mainMenu(page).getByRole('link', { name: 'Courses' });
    // Back up through the menu (the dashboard behind it has dozens of links and buttons of its own).
    for (let i = 0; i < 30 && !(await courses.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(courses).toBeFocused();
    const outline = await courses.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/courses$/);

    // The profile menu opens from the keyboard and its items are reachable with the arrows.
    const avatar = page.getByRole('button', { name: /Account menu/ });
    await avatar.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(avatar).toBeFocused();
  });

  test('an unknown path inside the shell shows a not-found page with a way back', async ({ browser }) => {
    const page = await openShell(browser, '/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(mainMenu(page)).toBeVisible();
    await expectNoAxeViolations(page);
    // The spec's placeholder parent path is no dead end either.
    await page.goto('/demo');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a loading screen shows the loading indicator', async ({ browser }) => {
    const page = await openShell(browser);
    // Long enough that the indicator stays up across several of expect's polls, however busy the machine.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await mainMenu(page).getByRole('link', { name: 'Courses' }).click();
    await expect(page.locator('.shell-loading [role="status"]')).toContainText('Loading the screen');
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.locator('.shell-loading')).toHaveCount(0);
  });

  test("a screen whose code cannot load says 'Loading chunk failed' and offers Reload", async ({ browser }) => {
    const page = await openShell(browser);
    await page.route('**/assets/not-found-screen-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: MESSAGES.loadingChunkFailed })).toBeVisible();
    await expect(mainMenu(page)).toBeVisible(); // the shell stays usable
    await expectNoAxeViolations(page);
    await page.unroute('**/assets/not-found-screen-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test("the shell's styles failing say 'Loading CSS chunk failed' and offer Reload", async ({ browser }) => {
    const page = await openShell(browser);
    await page.route('**/assets/admin-layout-*.css', (route) => route.abort('internetdisconnected'));
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: MESSAGES.loadingCssChunkFailed })).toBeVisible();
    await page.unroute('**/assets/admin-layout-*.css');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(mainMenu(page)).toBeVisible();
  });

  test('axe: no violations in the default theme, the customizer and the horizontal layout', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await openShell(browser);
    await expectNoAxeViolations(page);
    await openCustomizer(page);
    await expectNoAxeViolations(page);
    await choose(page, 'Menu position', 'Horizontal (top bar)');
    await closeCustomizer(page);
    await expectNoAxeViolations(page);
  });

  test('axe: no violations with every top bar, sidebar and footer theme', async ({ browser }) => {
    test.setTimeout(300_000);
    // The themes colour the shell around any screen: a light screen keeps sixteen reloads quick.
    const page = await openShell(browser, '/courses');
    for (const theme of BAR_THEMES) {
      await storeTheme(page, { ...DEFAULT_THEME, topbarTheme: theme, sidebarTheme: theme, footerTheme: theme });
      await page.reload();
      await expect(sidebar(page)).toHaveAttribute('data-theme', theme);
      await expect(page.locator('.shell-topbar')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);
    }
    // Each style of active link, and a transparent sidebar with an image, on a non-default page.
    for (const activeLinkStyle of ['style2', 'style3', 'style4'] as const) {
      await storeTheme(page, { ...DEFAULT_THEME, sidebarTheme: 'dark', activeLinkStyle, layoutTheme: 'theme3' });
      await page.reload();
      await expect(page.locator('.shell')).toHaveAttribute('data-link-style', activeLinkStyle);
      await expectNoAxeViolations(page);
    }
    await storeTheme(page, {
      ...DEFAULT_THEME,
      sidebarTransParentValue: 'on',
      sidebarBackgroundImage: 'image2',
      layoutTheme: 'theme6',
      toolbarAlignValue: 'above',
      footerAlignValue: 'above',
    });
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-theme', 'transparent');
    await expectNoAxeViolations(page);
  });

  test('Logout from the profile menu ends the session', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
