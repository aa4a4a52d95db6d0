import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptPrerenderedPage } from './app/prerendered';
import './shared/styles/tokens.css';
import './shared/styles/base.css';

const container = document.getElementById('root')!;
const prerendered = adoptPrerenderedPage(container);

createRoot(container).render(
  <StrictMode>
    <App prerendered={prerendered} />
  </StrictMode>,
);
