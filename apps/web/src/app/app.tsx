import { Suspense, lazy } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { requestFailed, requestSucceeded } from '../shared/state/services-slice';
import { NotifyProvider, type Notify } from '../shared/ui/notify';
import { PrerenderedProvider } from './prerendered';
import { createRouter } from './router';
import { createStore } from './store';

// Toasts only ever follow something the visitor did; react-toastify loads after the first render
// instead of with the entry (its stylesheet stays in main.tsx). Messages sent before then wait in
// the store.
const Toasts = lazy(() => import('../shared/ui/toasts').then((m) => ({ default: m.Toasts })));

const { store, persistor } = createStore();

/** Public screens' toasts, collected by the store with the console's own. */
const notify: Notify = (message, type) =>
  store.dispatch(type === 'error' ? requestFailed(message) : requestSucceeded(message));

/** Resolves once redux-persist has restored the stored state (or given up after its time-out). */
function restored(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const done = () => persistor.getState().bootstrapped;
    const unsubscribe = persistor.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
    if (done()) {
      unsubscribe();
      resolve();
    }
  });
}

/**
 * The app renders once the session is restored, instead of under redux-persist's
 * PersistGate: the gate renders its loader first and then, from its mount, the whole app again
 * as one synchronous render, which held a phone's main thread for the form's full first render.
 * Until then the page shows what its HTML painted (the boot shell, or a public form's top).
 */
export const appReady = restored(persistor);

/**
 * The app, with its router. Creating the router matches the URL and starts loading the route's
 * screen; main.tsx calls this in a task of its own, after the app's code has been evaluated.
 */
export function createApp() {
  const router = createRouter();
  /** `prerendered`: the markup a public form's page came with (see ./prerendered.tsx). */
  return function App({ prerendered }: { prerendered?: string | undefined }) {
    return (
      <Provider store={store}>
        <NotifyProvider value={notify}>
          <PrerenderedProvider value={prerendered}>
            <RouterProvider router={router} />
          </PrerenderedProvider>
        </NotifyProvider>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </Provider>
    );
  };
}
