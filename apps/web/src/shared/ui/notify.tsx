/**
 * How a public screen tells the visitor what happened (a toast), without reaching for the
 * console's store: the console app passes its store's toasts in, a public page a lighter shelf.
 */
import { createContext, useContext } from 'react';
import type { ResType } from '../state/services-slice';

export type Notify = (message: string, type: ResType) => void;

// Nothing to show them on (a screen rendered alone): the screen still says what failed itself.
const NotifyContext = createContext<Notify>(() => undefined);
export const NotifyProvider = NotifyContext.Provider;

export const useNotify = (): Notify => useContext(NotifyContext);
