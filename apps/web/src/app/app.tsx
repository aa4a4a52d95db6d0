import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { createRouter } from './router';
import { createStore } from './store';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';
import { Toasts } from '../shared/ui/toasts';

const { store, persistor } = createStore();
const router = createRouter();

export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={<FullScreenLoader label="Restoring your session…" />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
      <Toasts />
    </Provider>
  );
}
