/**
 * The admin menu as data: each entry has a route path, a list name (the label), a short
 * name (shown under the icon in the mini sidebar) and an icon. An entry with children is a group:
 * it opens or closes, and opens by itself when the current path is one of its children's. A group
 * has no path of its own, so it can never lead to a dead page (the old menu's placeholder 'demo').
 *
 * Paths keep the spelling staff already bookmark (`student-inquires`); labels are correct English.
 */

import type { Permission } from '@registrar/contract/permissions';

export type MenuIcon =
  | 'dashboard'
  | 'courses'
  | 'enrollments'
  | 'inquiries'
  | 'followUps'
  | 'terms'
  | 'audit'
  | 'staff'
  | 'folder'
  | 'requests'
  | 'payments'
  | 'import'
  | 'online'
  | 'paymentsIn'
  | 'gst';

interface MenuEntryBase {
  /** Stable id: React key, DOM ids, the open-group state. */
  key: string;
  listName: string;
  shortName: string;
  icon: MenuIcon;
  /** Shown only to roles holding it (the same permission guards the screen and its API). */
  permission?: Permission;
}

export interface MenuLink extends MenuEntryBase {
  /** Route path below the shell, without the leading slash. */
  path: string;
  /** Other paths that show the same screen (the shell's index '/' is the dashboard). */
  alsoActiveOn?: readonly string[];
  children?: undefined;
}

export interface MenuGroup extends MenuEntryBase {
  path?: undefined;
  children: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const MENU_ITEMS: readonly MenuEntry[] = [
  {
    key: 'dashboard',
    path: 'dashboard',
    alsoActiveOn: [''],
    listName: 'Dashboard',
    shortName: 'Home',
    icon: 'dashboard',
    permission: 'dashboard.read',
  },
  {
    key: 'courses',
    path: 'courses',
    listName: 'Courses',
    shortName: 'Courses',
    icon: 'courses',
    permission: 'courses.read',
  },
  {
    key: 'student-enrollments',
    path: 'student-enrollments',
    listName: 'Student Enrollments',
    shortName: 'Enrol',
    icon: 'enrollments',
    permission: 'enrollments.read',
  },
  {
    key: 'student-inquires',
    path: 'student-inquires',
    listName: 'Student Inquiries',
    shortName: 'Inquiry',
    icon: 'inquiries',
    permission: 'inquiries.read',
  },
  {
    key: 'follow-ups',
    path: 'follow-ups',
    listName: 'My follow-ups',
    shortName: 'Follow',
    icon: 'followUps',
    permission: 'inquiries.followups',
  },
  {
    key: 'terms-condition',
    path: 'terms-condition',
    listName: 'Terms & Condition',
    shortName: 'Terms',
    icon: 'terms',
    permission: 'terms.edit',
  },
  {
    key: 'student-requests',
    path: 'student-requests',
    listName: 'Data Requests',
    shortName: 'Requests',
    icon: 'requests',
    permission: 'privacy.export',
  },
  { key: 'audit', path: 'audit', listName: 'Audit', shortName: 'Audit', icon: 'audit', permission: 'audit.read' },
  { key: 'staff', path: 'staff', listName: 'Staff', shortName: 'Staff', icon: 'staff', permission: 'staff.manage' },
  // Every screen about money under one heading; each keeps its own label.
  {
    key: 'money',
    listName: 'Money',
    shortName: 'Money',
    icon: 'payments',
    children: [
      {
        key: 'payments',
        path: 'payments',
        listName: 'Payments',
        shortName: 'Payments',
        icon: 'payments',
        permission: 'payments.register',
      },
      {
        key: 'collections',
        path: 'collections',
        listName: 'Collections',
        shortName: 'Dues',
        icon: 'payments',
        permission: 'payments.register',
      },
      {
        key: 'cash-book',
        path: 'cash-book',
        listName: 'Cash book',
        shortName: 'Cash',
        icon: 'payments',
        permission: 'payments.register',
      },
      {
        key: 'online-payments',
        path: 'online-payments',
        listName: 'Online payments',
        shortName: 'Online',
        icon: 'online',
        permission: 'fees.online',
      },
      {
        key: 'payments-in',
        path: 'payments-in',
        listName: 'Payments In',
        shortName: 'Pay in',
        icon: 'paymentsIn',
        permission: 'fees.record',
      },
      { key: 'gst', path: 'gst', listName: 'GST', shortName: 'GST', icon: 'gst', permission: 'gst.returns' },
    ],
  },
  { key: 'import', path: 'import', listName: 'Import', shortName: 'Import', icon: 'import', permission: 'data.import' },
];

/** The menu a role may use: entries (and group children) it has no permission for are left out. */
export function menuFor(entries: readonly MenuEntry[], allowed: (permission: Permission) => boolean): MenuEntry[] {
  const visible = (entry: MenuEntry) => !entry.permission || allowed(entry.permission);
  return entries.filter(visible).flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return [entry];
    const children = entry.children.filter(visible);
    return children.length ? [{ ...entry, children }] : [];
  });
}

export const isGroup = (entry: MenuEntry): entry is MenuGroup => Array.isArray(entry.children);

export const linkTo = (link: MenuLink) => `/${link.path}`;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** Whether `pathname` shows this link's screen (its own path or a page below it). */
export function isLinkActive(link: MenuLink, pathname: string): boolean {
  const current = trimSlashes(pathname);
  return [link.path, ...(link.alsoActiveOn ?? [])].some((path) =>
    path === '' ? current === '' : current === path || current.startsWith(`${path}/`),
  );
}

export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return isGroup(entry) ? entry.children.some((child) => isLinkActive(child, pathname)) : isLinkActive(entry, pathname);
}

/** The keys of the groups that contain the current page: these open by themselves. */
export function groupsOpenFor(entries: readonly MenuEntry[], pathname: string): string[] {
  return entries.filter((entry) => isGroup(entry) && isEntryActive(entry, pathname)).map((entry) => entry.key);
}

/** The link of the current page, for the window title. */
export function activeLink(entries: readonly MenuEntry[], pathname: string): MenuLink | undefined {
  for (const entry of entries) {
    if (isGroup(entry)) {
      const child = entry.children.find((c) => isLinkActive(c, pathname));
      if (child) return child;
    } else if (isLinkActive(entry, pathname)) return entry;
  }
  return undefined;
}
