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
} from './menu-items';
import { ADMIN_MENU, MENU_WITH_GROUPS, MONEY_MENU } from './menu-fixtures';
import { can, type Role } from '@registrar/contract/permissions';

describe('menu model', () => {
  it('lists the spec sidebar items on the spec paths, with correct English labels', () => {
    expect(MENU_ITEMS.map((e) => [e.listName, isGroup(e) ? null : linkTo(e)])).toEqual(ADMIN_MENU);
    for (const entry of MENU_ITEMS) {
      expect(entry.shortName.length).toBeGreaterThan(0);
      expect(entry.shortName.length).toBeLessThanOrEqual(8); // fits under the icon in the 80 px sidebar
    }
  });

  it('holds every money screen under one Money group, each under its own label', () => {
    const money = MENU_ITEMS.find((e) => e.key === 'money');
    if (!money || !isGroup(money)) throw new Error('money is a group');
    expect(money.children.map((c) => [c.listName, linkTo(c)])).toEqual(MONEY_MENU);
    expect(groupsOpenFor(MENU_ITEMS, '/cash-book')).toEqual(['money']);
    expect(groupsOpenFor(MENU_ITEMS, '/courses')).toEqual([]);
    const topLevel = MENU_ITEMS.filter((e) => !isGroup(e)).map((e) => e.key);
    for (const [, path] of MONEY_MENU) expect(topLevel).not.toContain(path.slice(1));
  });

  it('opens the group whose child is the current page, and only that group', () => {
    expect(groupsOpenFor(MENU_WITH_GROUPS, '/student-inquires')).toEqual(['admissions']);
    expect(groupsOpenFor(MENU_WITH_GROUPS, '/student-enrollments/42')).toEqual(['admissions']);
    expect(groupsOpenFor(MENU_WITH_GROUPS, '/terms-condition')).toEqual(['content']);
    expect(groupsOpenFor(MENU_WITH_GROUPS, '/dashboard')).toEqual([]);
    expect(groupsOpenFor(MENU_WITH_GROUPS, '/courses')).toEqual([]);
  });

  it('never gives a group a path: a parent cannot lead to a dead page such as /demo', () => {
    const all = [...MENU_ITEMS, ...MENU_WITH_GROUPS];
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
    expect(activeLink(MENU_WITH_GROUPS, '/student-inquires')?.listName).toBe('Student Inquiries');
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
    expect(keysFor('accountant')).toEqual(['dashboard', 'courses', 'student-enrollments', 'money']);
    const accountantMoney = menuFor(MENU_ITEMS, (p) => can('accountant', p)).find(isGroup);
    expect(accountantMoney?.children.map((c) => c.key)).toEqual([
      'payments',
      'collections',
      'cash-book',
      'online-payments',
      'payments-in',
      'gst',
    ]);
    expect(keysFor('viewer')).toEqual(['dashboard', 'courses', 'student-enrollments', 'student-inquires']);
    expect(keysFor('viewer')).not.toContain('staff');
  });
});
