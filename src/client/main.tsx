import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.js';
import { requestBoot } from './shell/bootData.js';

/** Longest wait for the route tree and site settings before the shell shows its spinner instead. */
const BOOT_WAIT_MS = 500;

// Nothing but a spinner can be drawn before the route tree and site settings are in, and drawing
// that spinner first costs a render, a paint and a second render: wait briefly for them instead.
await Promise.race([requestBoot(), new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
