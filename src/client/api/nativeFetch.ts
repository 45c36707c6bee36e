/**
 * Stands in for `isomorphic-fetch` in the browser build (vite.config.ts): umi-request imports it
 * for its side effect, the whatwg-fetch polyfill, and every browser the portal supports has fetch.
 */
export default globalThis.fetch;
