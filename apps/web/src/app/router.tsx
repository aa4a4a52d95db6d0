/**
 * The route table. Paths keep the spelling staff already bookmark (/student-inquires, /forgotPassword);
 * correctly spelled aliases redirect. Every screen is lazy so a public form never loads the admin.
 */
import type { ComponentType } from 'react';
import type { Middleware } from '@reduxjs/toolkit';
import type { Permission } from '@registrar/contract/permissions';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { BootFallback } from './prerendered';
import { ChunkErrorBoundary, lazyRoute, lazyScreen, loadChunk } from '../shared/ui/lazy-screen';
import { authRoutes } from '../features/auth/auth-routes';
import { publicRoutes } from './public-routes';
import { injectIntoStore } from '../shared/state/store-injection';

/**
 * The admin shell's own code is a lazy chunk too: the public forms never download it. Its loads
 * give up after 120000 ms and fail as 'Loading chunk failed' / 'Loading CSS chunk failed'.
 */
const loadShell = () => loadChunk(() => import('../features/shell/admin-layout'));
/** The theme customizer's state joins the store with the shell (see app/store.ts). */
const passThrough: Middleware = () => (next) => (action) => next(action);
const loadThemeSlice = () =>
  loadChunk(() => import('../features/shell/theme/theme-slice')).then(({ themeSettingSlice }) =>
    injectIntoStore({
      reducerPath: themeSettingSlice.reducerPath,
      reducer: themeSettingSlice.reducer,
      middleware: passThrough,
    }),
  );
const adminLayout = lazyRoute(async () => {
  // The guard is loaded with the shell: it brings server state (RTK Query) the public forms never need.
  const [{ AdminLayout }, { RequireSession }, { NotificationBell }] = await Promise.all([
    loadShell(),
    loadChunk(() => import('../features/auth/require-session')),
    loadChunk(() => import('../features/notifications/notification-bell')),
    loadThemeSlice(),
  ]);
  return {
    Component: () => (
      <RequireSession>
        <AdminLayout notifications={<NotificationBell />} />
      </RequireSession>
    ),
  };
});

/** Screens fail inside the shell: the sidebar stays, the screen area says what went wrong. */
const adminScreenBoundary = lazyRoute(async () => ({ ErrorBoundary: (await loadShell()).ShellErrorBoundary }));

/**
 * A screen only a role holding `permission` may use; others get the 'no permission' page, never a
 * screen whose requests would all be refused. The guard loads with the screen, not with the forms.
 */
function guarded(permission: Permission, load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const [Screen, { RequirePermission }] = await Promise.all([load(), import('../shared/session/permissions')]);
    return {
      Component: () => (
        <RequirePermission permission={permission}>
          <Screen />
        </RequirePermission>
      ),
    };
  };
}

export const adminScreens: RouteObject[] = [
  {
    index: true,
    lazy: guarded(
      'dashboard.read',
      async () => (await import('../features/dashboard/dashboard-screen')).DashboardScreen,
    ),
  },
  {
    path: 'dashboard',
    lazy: guarded(
      'dashboard.read',
      async () => (await import('../features/dashboard/dashboard-screen')).DashboardScreen,
    ),
  },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('../features/profile/profile-screen')).ProfileScreen }),
  },
  {
    path: 'courses',
    lazy: guarded('courses.read', async () => (await import('../features/courses/courses-screen')).CoursesScreen),
  },
  {
    path: 'student-enrollments',
    lazy: guarded('enrollments.read', async () => (await import('./routes/enrollments')).EnrollmentsRoute),
  },
  {
    path: 'student-enrollments/:id',
    lazy: guarded('enrollments.read', async () => (await import('./routes/enrollment-detail')).EnrollmentDetailRoute),
  },
  {
    path: 'student-inquires',
    lazy: guarded(
      'inquiries.read',
      async () => (await import('../features/inquiries/inquiries-screen')).InquiriesScreen,
    ),
  },
  {
    path: 'student-inquires/:id',
    lazy: guarded('inquiries.read', async () => (await import('./routes/inquiry-detail')).InquiryDetailRoute),
  },
  {
    path: 'follow-ups',
    lazy: guarded('inquiries.followups', async () => {
      const [{ FollowUpsScreen }, { usePermissions }] = await Promise.all([
        import('../features/follow-ups/follow-ups-screen'),
        import('../shared/session/permissions'),
      ]);
      return function FollowUpsForSession() {
        return <FollowUpsScreen canAssign={usePermissions()('inquiries.assign')} />;
      };
    }),
  },
  { path: 'student-inquiries', element: <Navigate to="/student-inquires" replace /> },
  {
    path: 'student-enrollments/new',
    lazy: guarded('enrollments.create', async () => (await import('./routes/new-enrollment')).NewEnrollmentRoute),
  },
  {
    path: 'student-enrollments/queue',
    lazy: guarded(
      'enrollments.status',
      async () => (await import('../features/enrollments/pending-queue-screen')).PendingQueueScreen,
    ),
  },
  {
    path: 'terms-condition',
    lazy: guarded('terms.edit', async () => (await import('../features/terms/terms-screen')).TermsScreen),
  },
  {
    path: 'staff',
    lazy: guarded('staff.manage', async () => (await import('../features/staff/staff-screen')).StaffScreen),
  },
  {
    path: 'student-requests',
    lazy: guarded(
      'privacy.export',
      async () => (await import('../features/privacy/student-requests-screen')).StudentRequestsScreen,
    ),
  },
  {
    path: 'payments-in',
    lazy: guarded(
      'fees.record',
      async () => (await import('../features/payments-in/payments-in-screen')).PaymentsInScreen,
    ),
  },
  {
    path: 'audit',
    lazy: guarded('audit.read', async () => (await import('../features/audit/audit-screen')).AuditScreen),
  },
  {
    path: 'payments',
    lazy: guarded(
      'payments.register',
      async () => (await import('../features/payments/payments-register-screen')).PaymentsRegisterScreen,
    ),
  },
  {
    path: 'collections',
    lazy: guarded(
      'payments.register',
      async () => (await import('../features/payments/collections-screen')).CollectionsScreen,
    ),
  },
  {
    path: 'cash-book',
    lazy: guarded(
      'payments.register',
      async () => (await import('../features/payments/cash-book-screen')).CashBookScreen,
    ),
  },
  {
    path: 'import',
    lazy: guarded('data.import', async () => (await import('../features/imports/import-screen')).ImportScreen),
  },
  {
    path: 'online-payments',
    lazy: guarded(
      'fees.online',
      async () => (await import('../features/online-payments/online-payments-screen')).OnlinePaymentsScreen,
    ),
  },
  {
    path: 'gst',
    lazy: guarded('gst.returns', async () => (await import('../features/gst/gst-settings-screen')).GstSettingsScreen),
  },
  {
    path: '*',
    lazy: lazyScreen(
      () => import('../features/shell/not-found-screen'),
      (m) => m.NotFoundScreen,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      ...authRoutes,
      ...publicRoutes,
      {
        path: '/',
        lazy: adminLayout,
        errorElement: <ChunkErrorBoundary as="main" fallback={<ErrorPage />} />,
        children: [{ lazy: adminScreenBoundary, children: adminScreens }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
