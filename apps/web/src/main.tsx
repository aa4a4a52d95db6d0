import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptPrerenderedPage } from './app/prerendered';
// Toasts' code loads lazily (app/app.tsx) but their stylesheet stays here, before base.css, whose
// palette overrides of its colours (WCAG AA contrast) must come after it.
import 'react-toastify/dist/ReactToastify.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';

const container = document.getElementById('root')!;
const prerendered = adoptPrerenderedPage(container);

// A phone's main thread is held in short stretches, not one long one: React is evaluated with this
// module, the app (router, store, its code) in a task of its own after it — its chunks come
// preloaded with the page (build/route-pages.ts) — and the first render runs as a transition, in
// slices, letting the browser in between.
setTimeout(() => {
  void import('./app/app').then(({ App }) => {
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App prerendered={prerendered} />
        </StrictMode>,
      );
    });
  });
});
