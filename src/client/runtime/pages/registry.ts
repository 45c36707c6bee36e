/** Page kinds by `kind` (list, form, detail, ...): one component each, registered in ./index.ts. */
import type { ComponentType } from 'react';
import type { PageBundle } from '../../../shared/schema/types.js';
import type { RuntimeEnv } from '../RuntimeContext.js';
import type { PageKindProps } from './types.js';

/** Work a kind starts as soon as a page's schema is in, before the page renders (loading its code, its data). */
export type PagePrepare = (bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>) => void;

const kinds = new Map<string, { component: ComponentType<PageKindProps>; prepare?: PagePrepare }>();

export function registerPageKind(kind: string, component: ComponentType<PageKindProps>, prepare?: PagePrepare): void {
  kinds.set(kind, { component, prepare });
}

export function getPageKind(kind: string): ComponentType<PageKindProps> | undefined {
  return kinds.get(kind)?.component;
}

/** Runs the kind's preparation of a page about to render, if it has one. */
export function preparePage(bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>): void {
  kinds.get(bundle.page.kind)?.prepare?.(bundle, env);
}

export function pageKinds(): string[] {
  return [...kinds.keys()].sort();
}
