/** Types of buildWebApp.mjs (plain JavaScript, so that npm start loads it without tsx). */
export function buildWebApp(root: string, outDir?: string): Promise<void>;
