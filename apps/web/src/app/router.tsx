/**
 * The route table of spec §2. Paths keep the spec's spelling (/student-inquires, /forgotPassword);
 * correctly spelled aliases redirect. Every screen is lazy so a public form never loads the admin.
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';

const placeholder = (title: string, description?: string) => async () => {
  const { PlaceholderScreen } = await import('../shared/ui/placeholder-screen');
  return { Component: () => <PlaceholderScreen title={title} description={description} /> };
};

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: '/login', lazy: placeholder('Sign in', 'Staff sign-in is coming soon.') },
      { path: '/forgotPassword', lazy: placeholder('Forgot password') },
      { path: '/forgot-password', element: <Navigate to="/forgotPassword" replace /> },
      { path: '/reset-password/:id', lazy: placeholder('Reset password') },
      { path: '/lockscreen', lazy: placeholder('Locked') },
      { path: '/student-enrollment', lazy: placeholder('Student enrolment', 'The enrolment form is coming soon.') },
      { path: '/student-inquiry', lazy: placeholder('Student inquiry', 'The inquiry form is coming soon.') },
      {
        path: '/',
        children: [
          { index: true, lazy: placeholder('Dashboard') },
          { path: 'dashboard', lazy: placeholder('Dashboard') },
          { path: 'profile', lazy: placeholder('User Profile') },
          { path: 'courses', lazy: placeholder('Courses') },
          { path: 'student-enrollments', lazy: placeholder('Student Enrollments') },
          { path: 'student-inquires', lazy: placeholder('Student Inquiries') },
          { path: 'student-inquiries', element: <Navigate to="/student-inquires" replace /> },
          { path: 'terms-condition', lazy: placeholder('Terms & Condition') },
          { path: '*', lazy: placeholder('Page not found', 'There is no page at this address.') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
