/** Whether a path (without its query) is the API's, answered with its JSON envelope, rather than a page's. */
export function isApiPath(path: string): boolean {
  return /^\/(api|sso|fileserver)(\/|$)/.test(path);
}
