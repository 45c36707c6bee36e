import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './shell/App.js';
import { requestBoot } from './shell/bootData.js';
import { carryTyped, hydratable } from './shell/hydration.js';
import { rememberServed, takeOverContainer } from './shell/serverPage.js';
import { LazyNotFoundPage } from './shell/lazyParts.js';
import { preloadRuntime } from './shell/SchemaPageHost.js';
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

/**
 * A visitor's public page the server drew with the app's tree: its page is prepared from the
 * answers written into it (no request leaves), then the markup is hydrated in place.
 */
async function hydrate(served: NonNullable<ReturnType<typeof hydratable>>): Promise<void> {
  // The code its first render draws is loaded first too: a part that suspended while hydrating would
  // be drawn afresh by any update that reached it before its code (React's error 421).
  const [boot, prepared] = await Promise.all([
    requestBoot(),
    served.page
      ? import('./runtime/pages/prepareServed.js').then((m) => m.prepareServed(served.page!))
      : LazyNotFoundPage.load().then(() => null),
    served.page ? preloadRuntime() : null,
  ]);
  rememberServed(document);
  hydrateRoot(
    served.frame,
    <StrictMode>
      <App hydrating={{ boot, prepared, narrow: served.narrow }} />
    </StrictMode>,
    {
      // React drew a part afresh where its markup differed from the server's: said for the
      // journeys (e2e/appArrival.ts fails on it) and the console.
      onRecoverableError: (error) => {
        document.documentElement.setAttribute('data-hydration-error', String((error as Error)?.message ?? error));
        console.error('hydration', error);
      },
    },
  );
  carryTyped(served.frame);
}

const served = hydratable();
if (served) void hydrate(served);
// Nothing but a spinner can be drawn before the route tree and site settings are in, and drawing
// that spinner first costs a render, a paint and a second render: wait briefly for them instead.
// (Not a top-level await: with one in the entry the build split the first load into twice the files.)
else void Promise.race([requestBoot(), new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]).then(render);
