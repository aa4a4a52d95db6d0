/**
 * The public sign-in routes of spec §2 (issue 3 fills them in). Each screen is lazy so the
 * public forms never load them.
 */
import { Navigate, type RouteObject } from 'react-router';

const placeholder = (title: string) => async () => {
  const { PlaceholderScreen } = await import('../../shared/ui/placeholder-screen');
  return { Component: () => <PlaceholderScreen title={title} /> };
};

export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: placeholder('Sign in') },
  { path: '/forgotPassword', lazy: placeholder('Forgot password') },
  { path: '/forgot-password', element: <Navigate to="/forgotPassword" replace /> },
  { path: '/reset-password/:id', lazy: placeholder('Reset password') },
  { path: '/lockscreen', lazy: placeholder('Locked') },
];
