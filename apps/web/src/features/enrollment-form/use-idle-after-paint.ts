/**
 * True once the page has settled after the first paint and the browser then has an idle moment:
 * `settleMs` after mount, then requestIdleCallback (at the latest after `timeoutMs`); where there is
 * no requestIdleCallback (Safari), as soon as the page has settled. The form's lower parts load then
 * as well as on the first scroll, tap or key: a visitor who only waits, or a screen reader that never
 * scrolls, still gets the whole form. Waiting for the page to settle keeps that code out of the
 * start-up the form's JS and Lighthouse budgets measure (bench/README.md).
 */
import { useEffect, useState } from 'react';

/** How long the page's own start-up (the form, its courses and site facts) is given first. */
export const IDLE_SETTLE_MS = 2000;
/** The longest an idle load then waits on a page that stays busy. */
export const IDLE_TIMEOUT_MS = 3000;

export function useIdleAfterPaint(settleMs = IDLE_SETTLE_MS, timeoutMs = IDLE_TIMEOUT_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    // Effects run after the browser paints, so the wait starts after the first paint.
    const done = () => setIdle(true);
    let handle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        handle = window.requestIdleCallback(done, { timeout: timeoutMs });
      else done();
    }, settleMs);
    return () => {
      window.clearTimeout(timer);
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, [idle, settleMs, timeoutMs]);
  return idle;
}
