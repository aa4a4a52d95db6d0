/**
 * The route table of spec §2. Paths keep the spec's spelling (/student-inquires, /forgotPassword);
 * correctly spelled aliases redirect. Every screen is lazy so a public form never loads the admin.
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';
import { authRoutes } from '../features/auth/auth-routes';
import { RequireSession } from '../features/auth/require-session';

const placeholder = (title: string, description?: string) => async () => {
  const { PlaceholderScreen } = await import('../shared/ui/placeholder-screen');
  return { Component: () => <PlaceholderScreen title={title} description={description} /> };
};

/** The admin shell's own code is a lazy chunk too: the public forms never download it. */
const adminLayout = async () => {
  const { AdminLayout } = await import('../features/shell/admin-layout');
  return {
    Component: () => (
      <RequireSession>
        <AdminLayout />
      </RequireSession>
    ),
  };
};

export const adminScreens: RouteObject[] = [
  { index: true, lazy: placeholder('Dashboard') },
  { path: 'dashboard', lazy: placeholder('Dashboard') },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('../features/profile/profile-screen')).ProfileScreen }),
  },
  { path: 'courses', lazy: placeholder('Courses') },
  { path: 'student-enrollments', lazy: placeholder('Student Enrollments') },
  { path: 'student-inquires', lazy: placeholder('Student Inquiries') },
  { path: 'student-inquiries', element: <Navigate to="/student-inquires" replace /> },
  { path: 'terms-condition', lazy: placeholder('Terms & Condition') },
  { path: '*', lazy: placeholder('Page not found', 'There is no page at this address.') },
];

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      ...authRoutes,
      { path: '/student-enrollment', lazy: placeholder('Student enrolment', 'The enrolment form is coming soon.') },
      {
        path: '/student-inquiry',
        lazy: async () => ({
          Component: (await import('../features/inquiry-form/inquiry-form-screen')).InquiryFormScreen,
        }),
      },
      { path: '/', lazy: adminLayout, children: adminScreens },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
