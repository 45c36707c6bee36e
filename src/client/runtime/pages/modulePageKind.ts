import type { ComponentType } from 'react';
import { registerPageChunk } from './pageChunks.js';
import { registerLazyPageKind } from './registry.js';
import type { PageKindProps } from './types.js';

/**
 * A page kind a client module brings (src/client/modules/<m>/index.ts), in a chunk of its own: the
 * shell starts that chunk as a route of the kind opens, as it does for the runtime's own kinds.
 */
export function registerModulePageKind<M>(
  kind: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<PageKindProps>,
): void {
  registerPageChunk(kind, load);
  registerLazyPageKind(kind, () => load().then(pick));
}
