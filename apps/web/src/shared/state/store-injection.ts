/**
 * Server-state code (RTK Query) is loaded only by the screens that use it, so the public forms
 * never download it. When `shared/api/base-api.ts` is first imported it registers itself here,
 * and the app's store (which sets the injector at start) adds its reducer and middleware.
 */
import type { Middleware, Reducer } from '@reduxjs/toolkit';

export interface LazyStoreModule {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

type Injector = (module: LazyStoreModule) => void;

let injector: Injector | undefined;
const waiting: LazyStoreModule[] = [];

/** Called once by the app when the store exists; modules loaded earlier are injected now. */
export function setStoreInjector(next: Injector): void {
  injector = next;
  waiting.splice(0).forEach(next);
}

export function injectIntoStore(module: LazyStoreModule): void {
  if (injector) injector(module);
  else waiting.push(module);
}
