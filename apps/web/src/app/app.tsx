import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { BootFallback, PrerenderedProvider } from './prerendered';
import { createRouter } from './router';
import { createStore } from './store';
import { Toasts } from '../shared/ui/toasts';

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
      <Toasts />
    </Provider>
  );
}
