/** Test-only: a small menu with two groups, and the menu an admin is shown (name, path), in order. */
import type { MenuEntry } from './menu-items';

export const MENU_WITH_GROUPS: MenuEntry[] = [
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

export const ADMIN_MENU: [string, string | null][] = [
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
  // Not in the spec's menu: a group holding every money screen (below).
  ['Money', null],
  // Not in the spec's menu: moving an institute's existing records in, admins only.
  ['Import', '/import'],
];

/** The Money group's links, in order. */
export const MONEY_MENU: [string, string][] = [
  // Every receipt, refund and void across students; what is owed; the day's money by mode.
  ['Payments', '/payments'],
  ['Collections', '/collections'],
  ['Cash book', '/cash-book'],
  // Gateway orders and events, for admins and accountants.
  ['Online payments', '/online-payments'],
  // UPI claims and bank statements, for those who record payments.
  ['Payments In', '/payments-in'],
  // The institute's GST returns (the settings stay with admins).
  ['GST', '/gst'],
];
