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

export const ADMIN_MENU: [string, string][] = [
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
  // Not in the spec's menu: every receipt, refund and void across students.
  ['Payments', '/payments'],
  ['Collections', '/collections'],
  ['Cash book', '/cash-book'],
  // Not in the spec's menu: moving an institute's existing records in, admins only.
  ['Import', '/import'],
  // Added: gateway orders and events, for admins and accountants.
  ['Online payments', '/online-payments'],
  // Not in the spec's menu: UPI claims and bank statements, for those who record payments.
  ['Payments In', '/payments-in'],
  // Not in the spec's menu: the institute's GST registration and returns, admins only.
  ['GST', '/gst'],
];
