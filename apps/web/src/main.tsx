import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptPrerenderedPage } from './app/prerendered';
import { isPublicPath } from './app/public-routes';
// Toasts' code loads lazily (app/app.tsx) but their stylesheet stays here, before base.css, whose
// palette overrides of its colours (WCAG AA contrast) must come after it.
import 'react-toastify/dist/ReactToastify.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';

const container = document.getElementById('root')!;
const prerendered = adoptPrerenderedPage(container);

/** Lets the browser run what is waiting (input, paint) before the next stretch of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve));

// A phone's main thread is held in short stretches, not one long one: React is evaluated with this
// module; the app's code (its chunks come preloaded with the page, build/route-pages.ts) in a task
// of its own; the router, which matches the URL and starts the screen's load, in another; and the
// first render, once the session is restored, runs as a transition, in slices.
// A public page starts its own small app: no store to restore, no console shell.
void (async () => {
  await yieldToBrowser();
  let App;
  if (isPublicPath(window.location.pathname)) {
    const { createPublicApp } = await import('./app/public-app');
    await yieldToBrowser();
    App = createPublicApp();
  } else {
    const { appReady, createApp } = await import('./app/app');
    await appReady;
    await yieldToBrowser();
    App = createApp();
  }
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App prerendered={prerendered} />
      </StrictMode>,
    );
  });
})();
