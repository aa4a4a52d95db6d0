/**
 * The Redux store: session, services and RTK Query, persisted under key 'root' with a 5000 ms
 * time-out (spec §4). Server state (RTK Query) and transient request state are never persisted.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS } from '@registrar/contract/constants';
import { baseApi } from '../shared/api/base-api';
import { configureApiFetch } from '../shared/api/api-fetch';
import { servicesSlice } from '../shared/state/services-slice';
import { sessionSlice, signedOut } from '../features/session/session-slice';
import { themeSettingSlice } from '../features/theme/theme-slice';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  services: servicesSlice.reducer,
  themeSetting: themeSettingSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export const persistConfig = {
  key: PERSIST_KEY,
  storage,
  timeout: PERSIST_TIMEOUT_MS,
  // spec §4 excludes scrumboard, themeSetting, LanguageSwitcher, themeChanger; server state and
  // request flags are never worth restoring either.
  blacklist: ['scrumboard', 'themeSetting', 'LanguageSwitcher', 'themeChanger', 'services', baseApi.reducerPath],
};

export function createStore() {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        baseApi.middleware,
      ),
  });
  configureApiFetch({
    getToken: () => store.getState().session.accessToken,
    onUnauthorized: () => {
      store.dispatch(signedOut());
      store.dispatch(baseApi.util.resetApiState());
      if (window.location.pathname !== '/login') window.location.assign('/login');
    },
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
