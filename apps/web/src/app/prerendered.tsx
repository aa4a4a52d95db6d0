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
/** Set by the build on each language's copy of that content; `<html lang>` says which one shows. */
const LANGUAGE_COPY_SELECTOR = ':scope > [data-prerendered-language]';
/** Set by the build on the entry stylesheet it loads without blocking the first paint. */
const DEFERRED_STYLE_SELECTOR = 'link[data-deferred-style]';

/**
 * Takes over a prerendered page before React replaces the root's content: returns that content
 * (undefined on any other page) and switches on the entry stylesheet, which the page loaded as
 * `media="print"` so that it did not hold back the first paint. A page prerendered in several
 * languages keeps only the copy on screen, the one `<html lang>` names (set before the first paint).
 */
export function adoptPrerenderedPage(container: HTMLElement): string | undefined {
  for (const link of document.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLE_SELECTOR)) link.media = 'all';
  if (!container.hasAttribute(PRERENDERED_ATTRIBUTE)) return undefined;
  const copies = [...container.querySelectorAll<HTMLElement>(LANGUAGE_COPY_SELECTOR)];
  if (copies.length === 0) return container.innerHTML;
  const lang = document.documentElement.lang;
  const shown = copies.find((copy) => copy.dataset.prerenderedLanguage === lang) ?? copies[0]!;
  for (const copy of copies) if (copy !== shown) copy.remove(); // its ids and headings leave with it
  return shown.innerHTML;
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
