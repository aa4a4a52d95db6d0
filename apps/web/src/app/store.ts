/**
 * The Redux store: session, services and theme slices, persisted under key 'root' with a 5000 ms
 * time-out. RTK Query joins lazily (shared/state/store-injection.ts) when a screen that
 * needs server state loads, so the public forms never download it. Server state and transient
 * request state are never persisted.
 */
import { combineSlices, configureStore, createDynamicMiddleware, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@registrar/contract/constants';
import { configureApiFetch } from '../shared/api/api-fetch';
import { servicesSlice } from '../shared/state/services-slice';
import { setStoreInjector } from '../shared/state/store-injection';
import { sessionSlice, signedOut } from '../shared/session/session-slice';

/** RTK Query's reducer path (shared/api/base-api.ts), injected later. */
const API_REDUCER_PATH = 'api';

// The theme customizer's slice joins with the admin shell (app/router.tsx): it brings the contract's
// zod schemas, which a public form's first render does not need.
const rootReducer = combineSlices(sessionSlice, servicesSlice).withLazyLoadedSlices<Record<string, unknown>>();

export const persistConfig = {
  key: PERSIST_KEY,
  storage,
  timeout: PERSIST_TIMEOUT_MS,
  // These slice names are never restored (theme choices live with the profile); server state and
  // request flags are never worth restoring either.
  blacklist: ['scrumboard', 'themeSetting', 'LanguageSwitcher', 'themeChanger', 'services', API_REDUCER_PATH],
};

export function createStore() {
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer as Reducer),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        dynamicMiddleware.middleware,
      ),
  });
  setStoreInjector(({ reducerPath, reducer, middleware }) => {
    rootReducer.inject({ reducerPath, reducer });
    dynamicMiddleware.addMiddleware(middleware);
    store.dispatch({ type: `${reducerPath}/injected` }); // let the new slice build its state now
  });
  configureApiFetch({
    getToken: () => store.getState().session.accessToken,
    onUnauthorized: () => {
      store.dispatch(signedOut());
      // Leaving for /login reloads the page, which drops any cached server state with it.
      if (window.location.pathname !== '/login') window.location.assign('/login');
    },
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
