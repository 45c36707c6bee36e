/** Hand-written screens a route's `component` may name (everything else is a schema page). */
export const SHELL_COMPONENTS = ['403', '500', 'notFound'] as const;
export type ShellComponentName = (typeof SHELL_COMPONENTS)[number];
