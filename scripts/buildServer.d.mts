/** Types of buildServer.mjs (plain JavaScript, so that npm start loads it without tsx). */
export const RELEASE_SCRIPTS: string[];
export function buildServer(root: string, out: string): Promise<void>;
