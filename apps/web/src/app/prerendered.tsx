/**
 * A public form's page arrives with its top already rendered in the HTML (apps/web/build/route-pages.ts):
 * the brand bar, the heading and the lead paragraph, painted before any script has arrived. Until
 * the screen itself renders that same markup, React shows the prerendered markup wherever it would
 * show the full-screen loader, so the page never blinks to a spinner and back, and nothing moves.
 */
import { createContext, useContext } from 'react';
import { FullScreenLoader } from '../shared/ui/full-screen-loader';

/** Set by the build on a root whose content came prerendered. */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set by the build on the entry stylesheet it loads without blocking the first paint. */
const DEFERRED_STYLE_SELECTOR = 'link[data-deferred-style]';

/**
 * Takes over a prerendered page before React replaces the root's content: returns that content
 * (undefined on any other page) and switches on the entry stylesheet, which the page loaded as
 * `media="print"` so that it did not hold back the first paint.
 */
export function adoptPrerenderedPage(container: HTMLElement): string | undefined {
  for (const link of document.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLE_SELECTOR)) link.media = 'all';
  return container.hasAttribute(PRERENDERED_ATTRIBUTE) ? container.innerHTML : undefined;
}

const PrerenderedContext = createContext<string | undefined>(undefined);
export const PrerenderedProvider = PrerenderedContext.Provider;

/** The full-screen loader or, on a prerendered page, the page's own prerendered markup. */
export function BootFallback({ label }: { label?: string }) {
  const html = useContext(PrerenderedContext);
  if (html === undefined) return <FullScreenLoader label={label} />;
  // The page's own markup as the server sent it (built from our components, no user input).
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
