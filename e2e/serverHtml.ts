import { expect } from 'vitest';
import { baseURL } from './harness.js';

/** The page's HTML as the server sends it: no script run. */
export const serverHtml = async (address: string): Promise<string> => (await fetch(`${baseURL()}${address}`)).text();

/** The first address on a server-drawn list page that leads to one of its records. */
export async function firstRecord(list: string, detail: string): Promise<string> {
  const html = await serverHtml(list);
  const href = new RegExp(`href="(${detail.replace(/[?]/g, '\\?')}\\?id=\\d+)"`).exec(html)?.[1];
  expect(href, `a record of ${list}`).toBeTruthy();
  return href!;
}
