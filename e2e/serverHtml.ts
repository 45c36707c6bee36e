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

/**
 * The public pages the server draws, one of each kind: home, a list searched by its address, a
 * list, a notice, a 立项名单 entry, the FAQ and an answer, a record that is not there and an
 * address no route declares (404s, drawn as the app draws them).
 */
export async function publicAddresses(): Promise<string[]> {
  return [
    '/homePage',
    `/noticeAnnouncement?title=${encodeURIComponent('申报')}`,
    await firstRecord('/noticeAnnouncement', '/noticeAnnouncement/lookAnnouncement'),
    '/approvedTopics',
    await firstRecord('/approvedTopics', '/approvedTopics/look'),
    '/expertFaq',
    await firstRecord('/expertFaq', '/expertFaq/lookFaq'),
    '/noticeAnnouncement/lookAnnouncement?id=99999',
    '/no/such/page',
  ];
}
