import { describe, expect, it } from 'vitest';
import {
  MENU_ITEMS,
  activeLink,
  groupsOpenFor,
  isEntryActive,
  isGroup,
  isLinkActive,
  linkTo,
  menuFor,
  type MenuEntry,
} from './menu-items';
import { can, type Role } from '@registrar/contract/permissions';

const withGroup: MenuEntry[] = [
  {
    key: 'dashboard',
    path: 'dashboard',
    alsoActiveOn: [''],
    listName: 'Dashboard',
    shortName: 'Home',
    icon: 'dashboard',
  },
  {
    key: 'admissions',
    listName: 'Admissions',
    shortName: 'Admit',
    icon: 'folder',
    children: [
      {
        key: 'enrol',
        path: 'student-enrollments',
        listName: 'Student Enrollments',
        shortName: 'Enrol',
        icon: 'enrollments',
      },
      {
        key: 'inquiry',
        path: 'student-inquires',
        listName: 'Student Inquiries',
        shortName: 'Inquiry',
        icon: 'inquiries',
      },
    ],
  },
  {
    key: 'content',
    listName: 'Content',
    shortName: 'Content',
    icon: 'folder',
    children: [
      { key: 'terms', path: 'terms-condition', listName: 'Terms & Condition', shortName: 'Terms', icon: 'terms' },
    ],
  },
];

describe('menu model', () => {
  it('lists the spec sidebar items on the spec paths, with correct English labels', () => {
    expect(MENU_ITEMS.map((e) => [e.listName, isGroup(e) ? null : linkTo(e)])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Courses', '/courses'],
      ['Student Enrollments', '/student-enrollments'],
      ['Student Inquiries', '/student-inquires'],
      // Not in the spec's menu: each counsellor's (and admin's) calls to make.
      ['My follow-ups', '/follow-ups'],
      ['Terms & Condition', '/terms-condition'],
      // Not in the spec's menu: students' data requests from their own page.
      ['Data Requests', '/student-requests'],
      ['Audit', '/audit'],
      // Added to the original menu: staff management, shown to admins only.
      ['Staff', '/staff'],
    ]);
    for (const entry of MENU_ITEMS) {
      expect(entry.shortName.length).toBeGreaterThan(0);
      expect(entry.shortName.length).toBeLessThanOrEqual(8); // fits under the icon in the 80 px sidebar
    }
  });

  it('opens the group whose child is the current page, and only that group', () => {
    expect(groupsOpenFor(withGroup, '/student-inquires')).toEqual(['admissions']);
    expect(groupsOpenFor(withGroup, '/student-enrollments/42')).toEqual(['admissions']);
    expect(groupsOpenFor(withGroup, '/terms-condition')).toEqual(['content']);
    expect(groupsOpenFor(withGroup, '/dashboard')).toEqual([]);
    expect(groupsOpenFor(withGroup, '/courses')).toEqual([]);
  });

  it('never gives a group a path: a parent cannot lead to a dead page such as /demo', () => {
    const all = [...MENU_ITEMS, ...withGroup];
    for (const entry of all) {
      if (isGroup(entry)) expect(entry.path).toBeUndefined();
      else expect(entry.path).not.toMatch(/demo/);
    }
  });

  it('matches a link on its path, pages below it and its aliases, not on look-alike prefixes', () => {
    const dashboard = MENU_ITEMS[0]!;
    expect(isEntryActive(dashboard, '/')).toBe(true);
    expect(isEntryActive(dashboard, '/dashboard')).toBe(true);
    expect(isEntryActive(dashboard, '/courses')).toBe(false);
    const courses = MENU_ITEMS[1]!;
    if (isGroup(courses)) throw new Error('courses is a link');
    expect(isLinkActive(courses, '/courses/')).toBe(true);
    expect(isLinkActive(courses, '/courses/abc')).toBe(true);
    expect(isLinkActive(courses, '/courses-archive')).toBe(false);
  });

  it('finds the current link for the window title', () => {
    expect(activeLink(withGroup, '/student-inquires')?.listName).toBe('Student Inquiries');
    expect(activeLink(MENU_ITEMS, '/')?.listName).toBe('Dashboard');
    expect(activeLink(MENU_ITEMS, '/nowhere')).toBeUndefined();
  });
});

describe('the menu by role', () => {
  const keysFor = (role: Role) => menuFor(MENU_ITEMS, (p) => can(role, p)).map((e) => e.key);

  it('shows each role only what it may use', () => {
    expect(keysFor('admin')).toEqual(MENU_ITEMS.map((e) => e.key));
    expect(keysFor('counsellor')).toEqual([
      'dashboard',
      'courses',
      'student-enrollments',
      'student-inquires',
      'follow-ups',
    ]);
    expect(keysFor('accountant')).toEqual(['dashboard', 'courses', 'student-enrollments']);
    expect(keysFor('viewer')).toEqual(['dashboard', 'courses', 'student-enrollments', 'student-inquires']);
    expect(keysFor('viewer')).not.toContain('staff');
  });
});
