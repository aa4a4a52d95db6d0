/**
 * The public sign-in routes. Each screen is its own lazy chunk (plain CSS, no MUI), so
 * the public forms never load them and /login stays inside its bundle budget (bench/README.md).
 */
import { Navigate, type RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./login-screen')).LoginScreen }) },
  {
    path: '/forgotPassword',
    lazy: async () => ({ Component: (await import('./forgot-password-screen')).ForgotPasswordScreen }),
  },
  { path: '/forgot-password', element: <Navigate to="/forgotPassword" replace /> },
  {
    path: '/reset-password/:id',
    lazy: async () => ({ Component: (await import('./reset-password-screen')).ResetPasswordScreen }),
  },
  {
    path: '/set-up-account/:id',
    lazy: async () => ({ Component: (await import('./set-up-account-screen')).SetUpAccountScreen }),
  },
  { path: '/lockscreen', lazy: async () => ({ Component: (await import('./lock-screen')).LockScreen }) },
];
