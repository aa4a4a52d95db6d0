import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptPrerenderedPage } from './app/prerendered';
// Toasts' code loads lazily (app/app.tsx) but their stylesheet stays here, before base.css, whose
// palette overrides of its colours (WCAG AA contrast) must come after it.
import 'react-toastify/dist/ReactToastify.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';

const container = document.getElementById('root')!;
const prerendered = adoptPrerenderedPage(container);

// The first render as a transition: React works in short slices and lets the browser in between,
// instead of holding the main thread for the whole tree (a phone stays responsive while it boots).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App prerendered={prerendered} />
    </StrictMode>,
  );
});
