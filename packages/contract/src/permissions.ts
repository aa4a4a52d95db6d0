/**
 * Roles and what each may do: the one table both the server (route access) and the browser
 * (menus, buttons, screens) read. `docs/permissions.md` is generated from it
 * (`npm run docs:permissions`); a test fails when the two differ.
 */

export const ROLES = ['admin', 'counsellor', 'accountant', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  counsellor: 'Counsellor',
  accountant: 'Accountant',
  viewer: 'Viewer',
};

/** Every named permission, with the sentence the generated documentation shows for it. */
export const PERMISSION_DESCRIPTIONS = {
  'dashboard.read': 'See the dashboard and notifications',
  'courses.read': 'List courses',
  'courses.edit': 'Create, edit and delete courses',
  'terms.read': 'Read the terms versions',
  'terms.edit': 'Edit the terms and conditions',
  'inquiries.read': 'List and open inquiries',
  'inquiries.edit': 'Edit inquiries, change their status, delete them',
  'inquiries.export': 'Export inquiries as CSV',
  'inquiries.followups': 'Log contacts with students, set next follow-ups, see their own follow-ups',
  'inquiries.assign': 'Give inquiries to any counsellor and see anyone’s follow-ups',
  'enrollments.read': 'List and open enrolments',
  'enrollments.edit':
    'Edit enrolments (personal details, documents, signature); a new course, payment method or joining date also needs fees.record',
  'enrollments.status': 'Change the status of an enrolment',
  'enrollments.delete': 'Delete an enrolment',
  'enrollments.export': 'Export enrolments as CSV',
  'people.contact': 'See personal details beyond name and enrolment number (email, phone, addresses, work)',
  'documents.view': 'Open identity documents and see them in an enrolment',
  'announcements.send': 'Send, resend and delete announcements',
  'fees.read': 'See fee schedules and payments',
  'fees.statement': 'Download a student’s fee statement (it carries their contact details)',
  'fees.record':
    'Record payments, edit unpaid installments, and change an enrolment’s course, payment method or joining date (each re-plans what the student owes)',
  'fees.collect':
    'Record a payment in any mode and print or share its receipt (not refunds, voids, concessions or re-plans)',
  'fees.void': 'Void payments',
  'fees.refund': 'Refund payments',
  'fees.concession': 'Grant fee concessions',
  'fees.remind': 'Send payment reminders',
  'fees.export': 'Export payments as CSV',
  'audit.read': 'Read the audit trail',
  'staff.manage': 'Invite staff, change their role, disable and enable accounts',
  'privacy.erase': 'Erase a person’s personal data',
  'privacy.export': 'Export a person’s records and documents (their right of access)',
  'payments.register':
    'Search the payments register across students, see collections (dues by age and course) and the daily cash book',
  'cash-book.record': 'Enter the opening cash balance, record bank deposits and handovers, and close the day',
  'cash-book.back-date': 'Add a cash entry to a day already closed, with a reason',
  'enrollments.create': 'Enrol a student from the console (a walk-in or an inquiry)',
  'data.import': 'Import students, enrolments, past payments and inquiries from a spreadsheet',
  'fees.online': 'See online payments: gateway orders, the events received, unmatched payments',
  'gst.settings': 'Switch GST on or off and set the institute’s GSTIN, legal name and address',
  'gst.returns': 'Download GSTR-1 for a month and mark a month filed',
} as const;

export type Permission = keyof typeof PERMISSION_DESCRIPTIONS;
export const PERMISSIONS = Object.keys(PERMISSION_DESCRIPTIONS) as Permission[];

const READ_LISTS: Permission[] = [
  'dashboard.read',
  'courses.read',
  'terms.read',
  'inquiries.read',
  'enrollments.read',
  'fees.read',
];

/** Role → permissions. Admin holds every permission. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  counsellor: [
    ...READ_LISTS,
    'inquiries.edit',
    'inquiries.followups',
    'enrollments.edit',
    'enrollments.status',
    'people.contact',
    'fees.statement',
    'documents.view',
    'announcements.send',
    'enrollments.create',
    'fees.collect',
  ],
  accountant: [
    'dashboard.read',
    'courses.read',
    'terms.read',
    'enrollments.read',
    'fees.read',
    'people.contact',
    'fees.statement',
    'fees.record',
    'fees.collect',
    'fees.void',
    'fees.refund',
    'fees.concession',
    'fees.remind',
    'fees.export',
    'payments.register',
    'cash-book.record',
    'fees.online',
    'gst.returns',
  ],
  viewer: READ_LISTS,
};

/** A route open to anyone, or to any signed-in staff member whatever their role. */
export type RouteAccess = 'public' | 'signedIn' | Permission;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The roles holding `permission`, as a sentence names them ("Admin or Counsellor"). */
export function rolesThatMay(permission: Permission): string {
  const names = ROLES.filter((role) => can(role, permission)).map((role) => ROLE_LABELS[role]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}` : (names[0] ?? '');
}

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const ACCESS_MESSAGES = {
  forbidden: 'You do not have permission to do this',
  documentsHidden: 'Documents are hidden for your role',
  forbiddenPage: 'You do not have permission to see this page',
} as const;
