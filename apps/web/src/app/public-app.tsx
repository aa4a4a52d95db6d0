/**
 * The public pages' app: their routes alone, without the console's store, session or shell, so a
 * visitor's phone fetches only what the form or the student's page uses. Toasts load after the
 * first render, as in the console.
 */
import { Suspense, lazy } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { Notify } from '../shared/ui/notify';
import { NotifyProvider } from '../shared/ui/notify';
import { ErrorPage } from './error-page';
import { BootFallback, PrerenderedProvider } from './prerendered';
import { publicRoutes } from './public-routes';

const ToastShelf = lazy(() => import('../shared/ui/toast-shelf').then((m) => ({ default: m.ToastShelf })));
const notify: Notify = (message, type) =>
  void import('../shared/ui/toast-shelf').then((m) => m.showToast(message, type));

export function createPublicApp() {
  const router = createBrowserRouter([
    { errorElement: <ErrorPage />, hydrateFallbackElement: <BootFallback />, children: publicRoutes },
  ]);
  return function PublicApp({ prerendered }: { prerendered?: string | undefined }) {
    return (
      <NotifyProvider value={notify}>
        <PrerenderedProvider value={prerendered}>
          <RouterProvider router={router} />
        </PrerenderedProvider>
        <Suspense fallback={null}>
          <ToastShelf />
        </Suspense>
      </NotifyProvider>
    );
  };
}
