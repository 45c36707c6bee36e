/** Page kinds by `kind` (list, form, detail, ...): one component each, registered in ./index.ts. */
import type { ComponentType } from 'react';
import type { PageKindProps } from './types.js';

const kinds = new Map<string, ComponentType<PageKindProps>>();

export function registerPageKind(kind: string, component: ComponentType<PageKindProps>): void {
  kinds.set(kind, component);
}

export function getPageKind(kind: string): ComponentType<PageKindProps> | undefined {
  return kinds.get(kind);
}

export function pageKinds(): string[] {
  return [...kinds.keys()].sort();
}
