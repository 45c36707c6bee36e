import { createContext, useContext } from 'react';
import type { PageBundle, ResourceRecord } from '../../shared/schema/types.js';

/** The page being rendered: widgets such as StatusTag read its workflow from here. */
export interface PageEnv {
  bundle: PageBundle;
  record?: ResourceRecord | null;
  query: Record<string, string | undefined>;
}

export const PageContext = createContext<PageEnv | null>(null);

export function usePageEnv(): PageEnv | null {
  return useContext(PageContext);
}
