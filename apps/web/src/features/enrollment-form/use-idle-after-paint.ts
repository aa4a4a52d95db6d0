/**
 * True once the browser has had an idle moment after the first paint (requestIdleCallback, at the
 * latest after `timeoutMs`), or after `fallbackMs` where there is no requestIdleCallback (Safari).
 * The form's lower parts load then as well as on the first scroll, tap or key: a visitor who only
 * waits, or a screen reader that never scrolls, still gets the whole form.
 */
import { useEffect, useState } from 'react';

/** The longest an idle load may wait on a page that stays busy. */
export const IDLE_TIMEOUT_MS = 3000;
/** Where requestIdleCallback is missing: long enough for the first paint and the page's own work. */
export const IDLE_FALLBACK_MS = 1500;

export function useIdleAfterPaint(timeoutMs = IDLE_TIMEOUT_MS, fallbackMs = IDLE_FALLBACK_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    // Effects run after the browser paints, so this waits for an idle moment after the first paint.
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(done, fallbackMs);
    return () => window.clearTimeout(timer);
  }, [idle, timeoutMs, fallbackMs]);
  return idle;
}
