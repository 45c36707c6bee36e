import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.js';
import { requestBoot } from './shell/bootData.js';
import { takeOverContainer } from './shell/serverPage.js';
import './modules/index.js';

/** Longest wait for the route tree and site settings before the shell shows its spinner instead. */
const BOOT_WAIT_MS = 500;

function render(): void {
  createRoot(takeOverContainer()).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Nothing but a spinner can be drawn before the route tree and site settings are in, and drawing
// that spinner first costs a render, a paint and a second render: wait briefly for them instead.
// (Not a top-level await: with one in the entry the build split the first load into twice the files.)
void Promise.race([requestBoot(), new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]).then(render);
