import { Suspense, lazy } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { BootFallback, PrerenderedProvider } from './prerendered';
import { createRouter } from './router';
import { createStore } from './store';

// Toasts only ever follow something the visitor did; react-toastify loads after the first render
// instead of with the entry (its stylesheet stays in main.tsx). Messages sent before then wait in
// the store.
const Toasts = lazy(() => import('../shared/ui/toasts').then((m) => ({ default: m.Toasts })));

const { store, persistor } = createStore();
const router = createRouter();

/** `prerendered`: the markup a public form's page came with (see ./prerendered.tsx). */
export function App({ prerendered }: { prerendered?: string | undefined }) {
  return (
    <Provider store={store}>
      <PrerenderedProvider value={prerendered}>
        <PersistGate loading={<BootFallback label="Restoring your session…" />} persistor={persistor}>
          <RouterProvider router={router} />
        </PersistGate>
      </PrerenderedProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </Provider>
  );
}
