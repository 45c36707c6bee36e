/** Page kinds by `kind` (list, form, detail, ...): one component each, registered in ./index.ts. */
import { lazy, type ComponentType } from 'react';
import type { PageBundle } from '../../../shared/schema/types.js';
import type { RuntimeEnv } from '../RuntimeContext.js';
import type { PageKindProps, Query } from './types.js';

/**
 * Work a kind starts as soon as a page's schema is in, before the page renders (loading its code,
 * its data). What it returns settles when the page's code is in: the page is rendered then.
 */
export type PagePrepare = (
  bundle: PageBundle,
  env: Pick<RuntimeEnv, 'dataProvider'>,
  query?: Query,
) => void | Promise<unknown>;

interface Kind {
  component: ComponentType<PageKindProps>;
  prepare?: PagePrepare;
  /** A kind in a chunk of its own: loads it (once). */
  load?: () => Promise<ComponentType<PageKindProps>>;
  loaded?: ComponentType<PageKindProps>;
}

const kinds = new Map<string, Kind>();

/** Registers a page kind; returns the call that takes it out again (a test's probe kind leaves no trace). */
export function registerPageKind(
  kind: string,
  component: ComponentType<PageKindProps>,
  prepare?: PagePrepare,
): () => void {
  return put(kind, { component, prepare });
}

function put(kind: string, entry: Kind): () => void {
  kinds.set(kind, entry);
  return () => {
    if (kinds.get(kind) === entry) kinds.delete(kind);
  };
}

/**
 * A kind whose code is a chunk of its own. preparePage loads it, and once it is in the kind is
 * rendered as itself: through lazy() a page's first render would suspend and come back as a retry,
 * which React renders in slices that any update (the page spinner's timer) makes it start over.
 */
export function registerLazyPageKind(kind: string, load: () => Promise<ComponentType<PageKindProps>>): () => void {
  let loading: Promise<ComponentType<PageKindProps>> | undefined;
  const entry: Kind = {
    component: lazy(() => entry.load!().then((c) => ({ default: c }))),
    load: () =>
      (loading ??= load().then(
        (c) => (entry.loaded = c),
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      )),
  };
  return put(kind, entry);
}

export function getPageKind(kind: string): ComponentType<PageKindProps> | undefined {
  const entry = kinds.get(kind);
  return entry?.loaded ?? entry?.component;
}

/**
 * Runs the kind's preparation of a page about to render, if it has one. Settles (never rejects) when
 * the page's code is in; a failed load is left to the page's own render to report.
 */
export function preparePage(bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>, query?: Query): Promise<void> {
  const entry = kinds.get(bundle.page.kind);
  return Promise.all([entry?.load?.(), entry?.prepare?.(bundle, env, query)]).then(
    () => undefined,
    () => undefined,
  );
}

export function pageKinds(): string[] {
  return [...kinds.keys()].sort();
}
