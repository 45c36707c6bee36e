import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPageDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { appLogin } from '../../platform/testing/ssoTestHelpers.js';

/** Every demo account; multi in both of its roles. */
const ACCOUNTS: [string, string?][] = [
  ['admin'],
  ['province'],
  ['city1123'],
  ['city1101'],
  ['leader1'],
  ['leader2'],
  ['expert1'],
  ['expert2'],
  ['analyst1'],
  ['multi', 'ZJ'],
];

interface Node {
  name: string;
  path?: string;
  numLabel?: string;
  num?: number;
  children?: Node[];
}
interface Route {
  path: string;
  page?: string;
  children?: Route[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function pageOf(routes: Route[], path: string): string | undefined {
  for (const r of routes) {
    if (r.path === path && r.page) return r.page;
    const inner = r.children ? pageOf(r.children, path) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('menu badges agree with the lists they lead to', () => {
  it('for every demo account, a badge without a label of its own equals the total its list shows with no filter set', async () => {
    const routes = t.ctx.schemas.routes as unknown as Route[];
    const mismatches: string[] = [];
    let compared = 0;
    for (const [account, engName] of ACCOUNTS) {
      const a = await appLogin(t, account, engName);
      const menu = (await t.post('/api/home/queryMenuList', {}, a.headers)).body.data as Node[];
      for (const node of flat(menu)) {
        if (!node.path || typeof node.num !== 'number') continue;
        // A badge with a label of its own (待办) says what it counts rather than the list's total.
        if (node.numLabel) continue;
        const pageId = pageOf(routes, node.path);
        const page = pageId ? (t.ctx.schemas.pages.get(pageId) as ListPageDef | undefined) : undefined;
        if (!page || page.kind !== 'list') continue;
        const filters = Object.entries(page.where ?? {}).map(([field, value]) => ({
          field,
          op: Array.isArray(value) ? 'in' : 'eq',
          value,
        }));
        const r = await t.post(
          `/api/resource/${page.entity}/list`,
          { pageId: page.id, page: 1, pageSize: 1, filters },
          a.headers,
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        compared++;
        if (r.body.data.total !== node.num)
          mismatches.push(
            `${account}${engName ? `/${engName}` : ''} ${node.name}: 徽标${node.num}，列表共${r.body.data.total}条`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(5);
  });
});

describe("an expert's 评审列表 badge", () => {
  it('counts the tasks left to score and says so (待评分), not every task of the list', async () => {
    for (const account of ['expert1', 'expert2']) {
      const a = await appLogin(t, account);
      const menu = (await t.post('/api/home/queryMenuList', {}, a.headers)).body.data as Node[];
      const entry = flat(menu).find((n) => n.path === '/reviewManagement/list')!;
      expect(entry.numLabel).toBe('待评分');
      const open = await t.post(
        '/api/resource/review/list',
        {
          pageId: 'review/review.list',
          page: 1,
          pageSize: 1,
          filters: [
            { field: 'targetEntity', op: 'eq', value: 'topic' },
            { field: 'status', op: 'in', value: ['0', '1'] },
          ],
        },
        a.headers,
      );
      expect(entry.num).toBe(open.body.data.total);
    }
  });
});
