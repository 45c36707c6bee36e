/** Page kinds by `kind` (list, form, detail, ...): one component each, registered in ./index.ts. */
import type { ComponentType } from 'react';
import type { PageBundle } from '../../../shared/schema/types.js';
import type { RuntimeEnv } from '../RuntimeContext.js';
import type { PageKindProps } from './types.js';

/**
 * Work a kind starts as soon as a page's schema is in, before the page renders (loading its code,
 * its data). What it returns settles when the page's code is in: the page is rendered then.
 */
export type PagePrepare = (bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>) => void | Promise<unknown>;

const kinds = new Map<string, { component: ComponentType<PageKindProps>; prepare?: PagePrepare }>();

export function registerPageKind(kind: string, component: ComponentType<PageKindProps>, prepare?: PagePrepare): void {
  kinds.set(kind, { component, prepare });
}

export function getPageKind(kind: string): ComponentType<PageKindProps> | undefined {
  return kinds.get(kind)?.component;
}

/**
 * Runs the kind's preparation of a page about to render, if it has one. Settles (never rejects) when
 * the page's code is in; a failed load is left to the page's own render to report.
 */
export function preparePage(bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>): Promise<void> {
  return Promise.resolve(kinds.get(bundle.page.kind)?.prepare?.(bundle, env)).then(() => undefined, () => undefined);
}

export function pageKinds(): string[] {
  return [...kinds.keys()].sort();
}
