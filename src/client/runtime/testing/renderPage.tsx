import { StyleProvider } from '@ant-design/cssinjs';
import { act, render, waitFor } from '@testing-library/react';
import { prettyDOM } from '@testing-library/dom';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SchemaPage } from '../SchemaPage.js';
import type { FormMode } from '../model/formSchema.js';
import type { RuntimeUser } from '../model/ruleContext.js';
import type { DataProvider } from '../data/dataProvider.js';
import type { SiteSettings } from '../RuntimeContext.js';
import { normaliseHtml } from './setupDom.js';
import { retainedStyleCache } from '../retainedStyleCache.js';

/** One style cache for the file's renders, as the app keeps one (shell/App.tsx). */
const STYLE_CACHE = retainedStyleCache();

export const FIXED_NOW = Date.parse('2024-03-01T09:30:00Z');
export const ADMIN: RuntimeUser = { userId: 'admin', username: 'admin', roleCode: '2', areaCode: '1101', roles: ['2'] };

let lastLocation = '';
function LocationProbe() {
  const loc = useLocation();
  lastLocation = loc.pathname + loc.search;
  return null;
}
export function currentLocation(): string {
  return lastLocation;
}

/** Renders a page as the shell would, with a fixture provider, and waits until it has settled. */
export async function renderPage(opts: {
  pageId: string;
  mode?: FormMode;
  query?: Record<string, string>;
  dataProvider: DataProvider;
  user?: RuntimeUser | null;
  flags?: { isTopicAppraisal?: number };
  siteSettings?: SiteSettings;
  settle?: boolean;
}) {
  const utils = render(
    <StyleProvider cache={STYLE_CACHE}>
      <MemoryRouter initialEntries={['/page']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <LocationProbe />
                <SchemaPage
                  pageId={opts.pageId}
                  mode={opts.mode}
                  query={opts.query ?? {}}
                  runtime={{
                    dataProvider: opts.dataProvider,
                    user: opts.user === undefined ? ADMIN : opts.user,
                    now: () => FIXED_NOW,
                    dictionaryFlags: opts.flags,
                    siteSettings: opts.siteSettings,
                  }}
                />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </StyleProvider>,
  );
  if (opts.settle !== false) await settle(utils.container);
  return utils;
}

export async function settle(container: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      if (container.querySelector('.ant-spin-spinning, .ant-spin-nested-loading .ant-spin'))
        throw new Error('still loading');
      // Lazily loaded widgets (the rich-text editor, the uploader) must have arrived, so snapshots
      // and behaviour tests see the real widget, never its placeholder.
      if (container.querySelector('.runtime-lazy-loading')) throw new Error('widget still loading');
      if (!container.querySelector('.runtime-page, .runtime-list, .ant-result')) throw new Error('no page yet');
    },
    { timeout: 20_000 },
  );
  // Dictionary answers and Formily reactions land in later ticks; parts drawn after the first
  // paint (useFirstPaintDone: a frame, then a task) after a frame: wait for two, so a snapshot
  // never depends on how fast the machine was.
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  for (let i = 0; i < 2; i++)
    await act(async () => {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    });
}

export function snapshotHtml(container: HTMLElement): string {
  return `${normaliseHtml(prettyDOM(container, Number.POSITIVE_INFINITY, { highlight: false }) as string)}\n`;
}
